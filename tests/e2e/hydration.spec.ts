/**
 * Hydration asks the API for nothing. The server embeds in every page the answers its render read
 * (the `app-data` block) and the browser hydrates from exactly those: no hydration mismatch (the
 * fixture fails on the warning) and no second fetch (this story).
 *
 * The rule, from the code: a page's own reads start after hydration only when something is
 * missing or stale in the store (src/data/store.ts load, after the IndexedDB copy is looked up), so
 * they cannot be told by their time. Nor can the background work: it starts "when the browser is
 * first idle" or after 2 s at most (src/data/lazy-data.ts whenIdle), which on a busy machine can
 * fall while a hydration, run as a transition, still yields. So the story tells requests by what
 * they ask for: from the page's load until it has settled (hydrated, and the programme kept for
 * use without signal), the only API requests allowed are the few reads that by design follow
 * hydration, and none of them may ask for an answer the page embedded.
 */
import type { Page, Request } from '@playwright/test';
import { API_BASE } from '../../src/common/api/endpoint-refs';
import { expect, openPage, test } from './fixtures';
import { waitForSavedProgramme } from './offline-readiness';

/** The API reads that follow hydration on purpose, none of them a read of the page's render. */
const AFTER_HYDRATION = new Set([
  // The programme kept for use without signal, once the browser is idle (src/pwa/background-work.ts).
  `${API_BASE}/sync/programme`,
  // "A decorrer" / "A seguir" on today's programme, by the device's clock, which the server cannot
  // know (src/agenda/use-now-next.tsx).
  `${API_BASE}/api/sessions`,
  // The clashes between the sessions of the visitor's agenda, which lives on the device only
  // (src/screens/agenda/my-agenda.tsx).
  `${API_BASE}/api/travel_times`,
]);

const PAGES = ['/', '/programacao', '/filme/101', '/filmes', '/noticias', '/agenda', '/pesquisa?q=ada', '/actividade/201'];

/** The API paths whose answers the server embedded in the page. */
async function embeddedReads(page: Page): Promise<string[]> {
  const boot = await page.locator('#app-data').textContent();
  const { snapshot } = JSON.parse(boot ?? '{}') as { snapshot?: Record<string, unknown> };
  return Object.keys(snapshot ?? {}).map((path) => `${API_BASE}${path}`);
}

const requested = (request: Request) => {
  const url = new URL(request.url());
  return `${url.pathname}${url.search}`;
};

test.describe('A page hydrates from the answers embedded in it', () => {
  for (const path of PAGES) {
    test(`${path} makes no API request while hydrating`, async ({ page }) => {
      const apiRequests: Request[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname.startsWith(`${API_BASE}/`)) apiRequests.push(request);
      });
      await openPage(page, path);
      // The programme's sync is the last thing a page starts by itself: a read started by
      // hydration (in its effects, at the latest once IndexedDB has been looked at) is asked before.
      await waitForSavedProgramme(page);
      const embedded = new Set(await embeddedReads(page));
      expect(embedded.size, 'answers embedded in the page').toBeGreaterThan(0);

      const secondFetches = apiRequests.map(requested).filter((read) => embedded.has(read));
      expect(secondFetches, 'answers embedded in the page and fetched again').toEqual([]);
      const duringHydration = apiRequests
        .filter((request) => !AFTER_HYDRATION.has(new URL(request.url()).pathname))
        .map((request) => `${request.method()} ${requested(request)}`);
      expect(duringHydration, 'API requests that are none of the reads meant to follow hydration').toEqual([]);
      // The programme's sync was seen: what the story waited for went through this page's requests.
      expect(apiRequests.map(requested)).toContain(`${API_BASE}/sync/programme`);
    });
  }
});
