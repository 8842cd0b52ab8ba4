/**
 * Web Push in the service worker (issue 37): a pushed programme change is shown as a notification
 * in the on-page notice's words, one per session (a later change replaces it); the stored programme
 * takes the change first (src/data/pushed-change.ts), so the agenda and the session's page are
 * right before the network answers; the open pages are told, so they sync the programme at once
 * (which then replaces them with the server's own answers); a tap opens the session's page, from the cache when
 * offline (the navigation handler answers it), or focuses a tab already on it.
 */
import type { WorkerToPage } from '../src/common/pwa/sw-messages';
import type { PushMessage } from '../src/common/push/push-message';
import { festaDb } from '../src/data/db';
import { storePushedChange } from '../src/data/pushed-change';

function messageOf(event: PushEvent): PushMessage | null {
  try {
    const data = event.data?.json() as Partial<PushMessage> | undefined;
    return data && typeof data.title === 'string' && typeof data.body === 'string' && typeof data.url === 'string'
      ? (data as PushMessage)
      : null;
  } catch {
    return null;
  }
}

export async function showPushedChange(worker: ServiceWorkerGlobalScope, event: PushEvent): Promise<void> {
  const message = messageOf(event);
  if (!message) return;
  // The notification is shown even when the stored programme cannot take the change (an older
  // message without the places, a device without IndexedDB): the sync then brings it.
  const db = festaDb();
  if (db && message.was && message.now) await storePushedChange(db, message).catch(() => []);
  await worker.registration.showNotification(message.title, {
    body: message.body,
    tag: message.tag,
    data: { url: message.url },
    icon: '/icons/icon-192.png',
    badge: '/icons/icon-192.png',
    lang: 'pt-PT',
  });
  for (const client of await worker.clients.matchAll({ type: 'window' })) {
    client.postMessage({ type: 'PROGRAMME_PUSHED', sessionId: message.session_id } satisfies WorkerToPage);
  }
}

export async function openPushedChange(worker: ServiceWorkerGlobalScope, event: NotificationEvent): Promise<void> {
  event.notification.close();
  const url = new URL((event.notification.data as { url?: string } | null)?.url ?? '/', worker.location.origin);
  if (url.origin !== worker.location.origin) return;
  const windows = await worker.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => new URL(client.url).pathname === url.pathname);
  if (open) {
    await open.focus();
    return;
  }
  await worker.clients.openWindow(url.href);
}
