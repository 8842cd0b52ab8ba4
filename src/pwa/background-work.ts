/**
 * What the page does in the background once it is running: register the service worker, keep
 * the offline programme fresh, and flush the outbox on load, `online` and `visibilitychange`.
 */
import { festaDb } from '../data/db';
import { syncProgramme } from '../data/programme-sync';
import type { DataStore } from '../data/store';
import { pageOutbox } from '../data/submit';
import { registerServiceWorker } from './register-sw';

export function startBackgroundWork(store: DataStore): void {
  const db = festaDb();
  const flush = () => void pageOutbox()?.flush({ force: true });
  const sync = () => {
    if (db) void syncProgramme(db, store);
  };
  void registerServiceWorker();
  void store.persistAll();
  flush();
  // The programme sync waits for the page to settle: it must not compete with what is on screen.
  // Safari has no requestIdleCallback.
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(sync, { timeout: 3000 });
  else window.setTimeout(sync, 1500);
  window.addEventListener('online', () => {
    flush();
    sync();
  });
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') {
      flush();
      sync();
    }
  });
}
