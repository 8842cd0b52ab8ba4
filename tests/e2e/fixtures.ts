/**
 * The e2e test fixture: a page that fails its test on any console error, page error, or React
 * hydration warning.
 */
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import { SQLite as Database } from '../../server/db/sqlite-driver';
import { lisbonDateTime } from '../../src/common/time/lisbon-time';

export const test = base.extend<{ consoleProblems: string[] }>({
  consoleProblems: [
    async ({ page }, use) => {
      const problems: string[] = [];
      page.on('console', (message) => {
        const text = message.text();
        // A page that is meant to answer 404 logs its own status; that is not a problem.
        if (text.includes('status of 404') && message.location().url === page.url()) return;
        if (message.type() === 'error' || /hydrat/i.test(text)) problems.push(`${message.type()}: ${text}`);
      });
      page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
      await use(problems);
      expect(problems, 'console errors or hydration warnings').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** What the browser logs for each request it could not make without a connection. */
export const OFFLINE_NOISE = /Failed to load resource: net::ERR_(INTERNET_DISCONNECTED|FAILED)/;

/**
 * Drops from a story's console problems what it expects on purpose: the requests the browser could
 * not make without a connection and, when given, the messages matching `also` (a status the story
 * provokes). Everything else still fails the story.
 */
export function forgiveOfflineNoise(problems: string[], also?: RegExp): void {
  const kept = problems.filter((p) => !OFFLINE_NOISE.test(p) && !also?.test(p));
  problems.splice(0, problems.length, ...kept);
}

/** Opens a page, which must answer 200, and waits until it is hydrated. */
export async function openPage(page: Page, url: string): Promise<void> {
  const response = await page.goto(url);
  expect(response?.status(), url).toBe(200);
  await waitForHydration(page);
}

/** Waits until React has hydrated the server-rendered page and run its first effects. */
export async function waitForHydration(page: Page): Promise<void> {
  // Set by the app once its first commit's effects ran (the scope cookie, listeners): not merely started.
  await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'));
}

/**
 * Resolves once the page has handled every task queued so far, React's renders among them: React
 * schedules a render (a timer's state update, say) as a posted message, and messages are handled in
 * order. With `page.clock` installed, time stands still inside a render, so React does not split it.
 * What a story reads after this is what the page shows after whatever `page.clock` ran.
 */
export async function afterPendingRenders(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve();
        channel.port2.postMessage(undefined);
      }),
  );
}

/** How many newsletter subscriptions the server stored for an email (read from its database). */
export function newsletterRows(email: string): number {
  const db = new Database(process.env.E2E_DATABASE, { readonly: true, fileMustExist: true });
  try {
    return (db.prepare('SELECT COUNT(*) AS n FROM newsletter_subscriptions WHERE email = ?').get(email) as { n: number }).n;
  } finally {
    db.close();
  }
}

/** A film with a session still to come (the edition runs around today), for the ticket form's stories. */
export async function filmWithSessionToCome(request: APIRequestContext): Promise<{ film: string; session: string }> {
  const films = (await (await request.get('/admin/api/movies_from_categ/0/festa')).json()) as { id: string }[];
  const now = lisbonDateTime(new Date());
  for (const film of films) {
    const movie = (await (await request.get(`/admin/api/movie/${film.id}`)).json()) as { sessions: { id: string; starts_at: string }[] };
    const session = movie.sessions.find((s) => s.starts_at > now);
    if (session) return { film: film.id, session: session.id };
  }
  throw new Error('no film with a session still to come');
}

/** What the e2e stories read of the imported edition: its years and numbers follow FESTIVAL_START. */
export interface EditionPrefs {
  year: number;
  editionNumber: number;
  festivalStart: string;
  festivalEnd: string;
  /** The archive's editions (years), newest first. */
  historyEditions: string[];
}

export async function editionPrefs(request: APIRequestContext): Promise<EditionPrefs> {
  return (await (await request.get('/admin/homeprefs')).json()) as EditionPrefs;
}

/** Below 900 px the top menu is behind the header's "Menu" button: opens it there, does nothing on a desktop. */
export async function openTopMenu(page: Page): Promise<void> {
  const button = page.locator('summary.menu-panel__button');
  if (!(await button.isVisible())) return;
  if (!(await page.locator('details.menu-panel').evaluate((panel) => (panel as HTMLDetailsElement).open))) await button.click();
}

/** When the programme was last saved on the device (the Dexie database's `meta` store), read with the plain IndexedDB API. */
function savedProgrammeAt(page: Page): Promise<unknown> {
  return page.evaluate(
    () =>
      new Promise<unknown>((resolve) => {
        const open = indexedDB.open('festa-cinema-italiano');
        // Before the app made its database, asking must not make an empty one in its place.
        open.onupgradeneeded = () => open.transaction?.abort();
        open.onerror = () => resolve(undefined);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('meta')) {
            db.close();
            return resolve(undefined);
          }
          const get = db.transaction('meta').objectStore('meta').get('programmeSyncedAt');
          get.onsuccess = () => resolve((get.result as { value: unknown } | undefined)?.value);
          get.onerror = () => resolve(undefined);
          get.transaction!.oncomplete = () => db.close();
        };
      }),
  );
}

/**
 * Waits until the site works without signal: the service worker controls the page and the
 * programme is saved in IndexedDB (the first visit installs the worker; a reload, or its taking
 * over, puts the page under it).
 */
export async function waitUntilReadyOffline(page: Page): Promise<void> {
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? 'none'), { timeout: 30_000 }).toBe('activated');
  await expect.poll(() => savedProgrammeAt(page), { timeout: 30_000 }).toEqual(expect.any(Number));
}
