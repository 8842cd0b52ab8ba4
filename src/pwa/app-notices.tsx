import { AgendaChangeNotice } from '../agenda/agenda-change-notice';
import { OfflineBanner } from './offline-banner';
import { OutboxStatus } from './outbox-status';
import { UpdatePrompt } from './update-prompt';

/**
 * The app's own notices: offline, changes to the visitor's agenda, queued posts, a new version.
 * Client-only content, loaded after hydration (pwa-notices.tsx): each waits for the browser (the
 * connection) or for the data layer (IndexedDB, the worker), which itself loads once the page is idle.
 */
export default function AppNotices() {
  return (
    <>
      <OfflineBanner />
      <AgendaChangeNotice />
      <OutboxStatus />
      <UpdatePrompt />
    </>
  );
}
