import { InstallPrompt } from './install-prompt';
import { OfflineBanner } from './offline-banner';
import { OutboxStatus } from './outbox-status';
import { UpdatePrompt } from './update-prompt';

/** The app's own notices: offline, queued posts, a new version, installation. Client-only content. */
export function PwaNotices() {
  return (
    <div className="pwa-notices">
      <OfflineBanner />
      <OutboxStatus />
      <UpdatePrompt />
      <InstallPrompt />
    </div>
  );
}
