import { AgendaChangeNotice } from '../agenda/agenda-change-notice';
import { InstallPrompt } from './install-prompt';
import { OfflineBanner } from './offline-banner';
import { OutboxStatus } from './outbox-status';
import { UpdatePrompt } from './update-prompt';

/** The app's own notices: offline, changes to the visitor's agenda, queued posts, a new version, installation. Client-only content. */
export function PwaNotices() {
  return (
    <div className="pwa-notices">
      <OfflineBanner />
      <AgendaChangeNotice />
      <OutboxStatus />
      <UpdatePrompt />
      <InstallPrompt />
    </div>
  );
}
