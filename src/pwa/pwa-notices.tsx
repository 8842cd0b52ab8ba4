import { AgendaChangeNotice } from '../agenda/agenda-change-notice';
import { OfflineBanner } from './offline-banner';
import { OutboxStatus } from './outbox-status';
import { UpdatePrompt } from './update-prompt';

/**
 * The app's own notices: offline, changes to the visitor's agenda, queued posts, a new version.
 * Client-only content. The install offer is not among them: it ends the page (layout.tsx).
 */
export function PwaNotices() {
  return (
    <div className="pwa-notices">
      <OfflineBanner />
      <AgendaChangeNotice />
      <OutboxStatus />
      <UpdatePrompt />
    </div>
  );
}
