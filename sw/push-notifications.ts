/**
 * Web Push in the service worker (issue 37): a pushed programme change is shown as a notification
 * in the on-page notice's words, one per session (a later change replaces it); the stored programme
 * takes the change first (src/data/pushed-change.ts), so the agenda and the session's page are
 * right before the network answers; the open pages are told, so they sync the programme at once
 * (which then replaces them with the server's own answers); a tap opens the session's page, from
 * the cache when offline (the navigation handler answers it).
 */
import { apiPath, endpoints } from '../src/common/api/endpoint-refs';
import { SW_CACHES, type WorkerToPage } from '../src/common/pwa/sw-messages';
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

async function forgetPageCopy(worker: ServiceWorkerGlobalScope, url: string): Promise<void> {
  const page = new URL(url, worker.location.origin);
  page.hash = '';
  await (await caches.open(SW_CACHES.pages)).delete(page.href, { ignoreVary: true });
}

export async function showPushedChange(worker: ServiceWorkerGlobalScope, event: PushEvent): Promise<void> {
  const message = messageOf(event);
  if (!message) return;
  // The notification is shown even when the stored programme cannot take the change (an older
  // message without the places, a device without IndexedDB): the sync then brings it.
  const db = festaDb();
  const rewritten = db && message.was && message.now ? await storePushedChange(db, message).catch(() => []) : [];
  // The copy of the session's page kept from an earlier visit shows it as it was: without it, the
  // page opens offline in the app shell, from the answers just rewritten.
  if (rewritten.some((path) => path !== apiPath(endpoints.sessionIndex, {}))) await forgetPageCopy(worker, message.url);
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

/**
 * A tap: the tab already on the session's page comes forward; else a tab of the site this worker
 * controls goes to it (one tab of the festival, not one more per notification); else a new one.
 */
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
  const ours = (await worker.clients.matchAll({ type: 'window' }))[0];
  const moved = ours ? await ours.navigate(url.href) : null;
  if (moved) {
    await moved.focus();
    return;
  }
  await worker.clients.openWindow(url.href);
}
