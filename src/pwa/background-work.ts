/**
 * What the page does in the background once it is running: register the service worker, keep
 * the offline programme fresh (and ask every minute whether it changed), and flush the outbox on load, `online` and `visibilitychange`.
 * Between those, the outbox's own timer sends again what waits (Retry-After, backoff); and while
 * anything waits, Background Sync is asked for, so the worker sends it once no page is open.
 */
import { festaDb } from '../data/db';
import { keepSavedCardImages, stopKeepingCardImages } from '../data/card-images';
import { syncIfChanged, syncProgramme, VERSION_CHECK_MS } from '../data/programme-sync';
import type { DataStore } from '../data/store';
import { pageOutbox, requestBackgroundSync } from '../data/submit';
import { yieldToBrowser } from '../data/yield-to-browser';
import { activateWaitingWorker, registerServiceWorker } from './register-sw';
import type { WorkerToPage } from '../common/pwa/sw-messages';

export function startBackgroundWork(store: DataStore): void {
  const db = festaDb();
  /** Sends what is due; `reconnected`: also what waited only for the connection. */
  const flush = (reconnected = false) => {
    const outbox = pageOutbox();
    if (!outbox) return;
    void outbox
      .flush({ reconnected })
      .then(async () => {
        if ((await outbox.nextAttemptAt()) !== null) await requestBackgroundSync();
      })
      .catch(() => undefined);
  };
  const sync = () => {
    // The pictures follow the programme, after it: a list without signal is readable without them.
    if (db)
      void syncProgramme(db, store)
        .catch(() => null)
        .finally(() => void keepSavedCardImages(db));
  };
  // While the page is in view, a change to the programme reaches it within a minute (the agenda's
  // notice names what moved); a hidden page asks again when it is shown.
  const check = () => {
    if (db && document.visibilityState === 'visible')
      void syncIfChanged(db, store).then((report) => {
        if (report) void keepSavedCardImages(db);
      });
  };
  window.setInterval(check, VERSION_CHECK_MS);
  // Each start-up step in a task of its own, the browser getting a turn between them: one task for
  // them all was a long task (60–90 ms on a slow phone) that delayed a tap just after hydration.
  // A page that loaded has a connection: what waited only for one goes now.
  const steps = [() => void registerServiceWorker(), () => flush(navigator.onLine), () => void store.persistAll(yieldToBrowser)];
  void (async () => {
    for (const step of steps) {
      await yieldToBrowser();
      step();
    }
  })();
  // The programme sync waits for the page to settle: it must not compete with what is on screen.
  // Safari has no requestIdleCallback.
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(sync, { timeout: 3000 });
  else window.setTimeout(sync, 1500);
  // A push told the worker of a change: the programme (and so the agenda's notice) follows now.
  navigator.serviceWorker?.addEventListener('message', (event: MessageEvent<WorkerToPage | undefined>) => {
    if (event.data?.type === 'PROGRAMME_PUSHED') sync();
  });
  window.addEventListener('online', () => {
    flush(true);
    sync();
  });
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') {
      flush();
      sync();
      check();
    }
  });
}

/**
 * "Atualizar": the background requests stop first (the outgoing worker must fall idle before the
 * browser lets the new one take over), then the waiting worker is asked to, and the page reloads.
 */
export function applyUpdate(): Promise<void> {
  stopKeepingCardImages();
  return activateWaitingWorker();
}
