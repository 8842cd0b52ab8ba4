/**
 * What the device keeps for use without signal, as the stories read it: the service worker
 * controlling the page, and the programme the app syncs into IndexedDB once the page is idle.
 */
import { expect, type Page } from '@playwright/test';

/** A value of the Dexie database's `meta` store, read with the plain IndexedDB API. */
export function readMeta(page: Page, key: string): Promise<unknown> {
  return page.evaluate(
    (wanted) =>
      new Promise<unknown>((resolve) => {
        const open = indexedDB.open('festa-cinema-italiano');
        open.onerror = () => resolve(undefined);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('meta')) {
            db.close();
            resolve(undefined);
            return;
          }
          const get = db.transaction('meta').objectStore('meta').get(wanted);
          get.onsuccess = () => {
            db.close();
            resolve((get.result as { value: unknown } | undefined)?.value);
          };
          get.onerror = () => {
            db.close();
            resolve(undefined);
          };
        };
      }),
    key,
  );
}

/** Waits until the programme is stored in IndexedDB. */
export async function waitForSavedProgramme(page: Page): Promise<void> {
  await expect.poll(() => readMeta(page, 'programmeSyncedAt'), { timeout: 30_000 }).toEqual(expect.any(Number));
}

/** Waits until an activated service worker controls the page. */
export async function waitForWorker(page: Page): Promise<void> {
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? 'none'), { timeout: 30_000 }).toBe('activated');
}

/** Waits until the service worker controls the page and the programme is stored in IndexedDB. */
export async function waitUntilReadyOffline(page: Page): Promise<void> {
  await waitForWorker(page);
  await waitForSavedProgramme(page);
}
