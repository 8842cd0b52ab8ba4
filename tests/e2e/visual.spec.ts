/**
 * Visual regression: the home, the programme, a film, a news item, an activity, the press kit, the
 * newsletter form and the personal agenda at 360, 390, 768, 1280 and 1440 px, each compared with
 * its full-page baseline (tests/e2e/__screenshots__/visual.spec.ts/, rewritten by
 * `npm run test:visual:update`) and checked for text over other text or beyond the viewport's
 * width (layout-check.ts). Nothing changes from day to day: the server's festival dates and clock
 * are pinned, and so is the browser's clock; carousels stand still (reduced motion), animations
 * are off, fonts and every image are loaded, and no service worker runs (it adds nothing to a
 * page's look, and its install and programme caching would race with the shot). The viewport is
 * set here, so the stories run in one project (@one-project).
 */
import type { Page } from '@playwright/test';
import { openPage } from './fixtures';
import { describeLayoutProblems, findLayoutProblems } from './layout-check';
import { usePinnedFestival } from './pinned-server';
import { expect, test } from './warm-tab';

/** The pinned festival runs from Thursday 2 April 2026 for nine days. */
const FESTIVAL_START = '2026-04-02';
/** Sunday 5 April, 15:00 in Lisbon (UTC+1): the fourth festival day, for the server and the device. */
const CLOCK = '2026-04-05T15:00';

/** Phones, a tablet upright, a laptop and a desktop; the tablet and phones are touch screens. */
const WIDTHS = [
  { width: 360, height: 780, touch: true },
  { width: 390, height: 844, touch: true },
  { width: 768, height: 1024, touch: true },
  { width: 1280, height: 800, touch: false },
  { width: 1440, height: 900, touch: false },
] as const;

/**
 * Seed sessions (server/content/seed/sessions.json) after the pinned clock: "O Verão de Ada" in
 * Lisbon and "Maré Baixa" in Porto on day 6 (a clash: the journey is longer than the gap), "Os
 * Dias Contados" in Lisbon on day 5.
 */
const AGENDA_PICKS = [
  { film: '101', session: '219' },
  { film: '141', session: '228' },
  { film: '102', session: '204' },
];

async function addToAgenda(page: Page, base: string): Promise<void> {
  for (const pick of AGENDA_PICKS) {
    await openPage(page, `${base}/filme/${pick.film}`);
    const star = page.locator(`.agenda-star[data-session="${pick.session}"]`);
    await star.getByRole('button', { name: 'Adicionar à minha agenda' }).click();
    await expect(star.getByRole('button', { name: 'Remover da minha agenda' })).toBeEnabled();
  }
}

/** The programme marks the sessions running now and next once the sessions index arrives (after the network may seem quiet). */
const nowMarksShown = (page: Page) => expect(page.locator('.now-mark').first()).toBeVisible();

const PAGES: { name: string; path: string; before?: (page: Page, base: string) => Promise<void>; ready?: (page: Page) => Promise<void> }[] =
  [
    { name: 'home', path: '/', ready: nowMarksShown },
    { name: 'programme', path: '/programacao', ready: nowMarksShown },
    { name: 'film', path: '/filme/101' },
    { name: 'news', path: '/noticia/304' },
    { name: 'activity', path: '/actividade/201' },
    { name: 'presskit', path: '/presskit' },
    { name: 'newsletter', path: '/newsletter' },
    { name: 'agenda', path: '/agenda', before: addToAgenda },
  ];

/** The images still showing their placeholder that their observer could see from some scroll position. */
function lazyImagesInReach(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLImageElement>('img[data-src]')]
      .filter((image) => {
        // Image (src/primitives/image.tsx) loads within 1000 px sideways of its root: the paged
        // list that clips it, or the window. Further aside it waits for a swipe: never in a shot.
        const root = image.closest('.paged__viewport')?.getBoundingClientRect() ?? { left: 0, right: window.innerWidth };
        // An image without a box (a page of a list not shown) is never seen either.
        if (image.getClientRects().length === 0) return false;
        const box = image.getBoundingClientRect();
        return box.right > root.left - 1000 && box.left < root.right + 1000;
      })
      .map((image) => image.dataset.src ?? ''),
  );
}

/**
 * Brings the page to rest: the network quiet, fonts loaded, every lazy image within reach asked
 * for (by scrolling the whole page past the observers, again if content arrived meanwhile), then
 * back at the top with every image decoded.
 */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  let waiting: string[] = [];
  for (let pass = 0; pass < 3; pass++) {
    await page.evaluate(async () => {
      const rest = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 20))));
      for (let y = 0; y <= document.documentElement.scrollHeight; y += window.innerHeight / 2) {
        window.scrollTo(0, y);
        await rest();
      }
    });
    await page.waitForLoadState('networkidle');
    waiting = await lazyImagesInReach(page);
    if (waiting.length === 0) break;
  }
  expect(waiting, 'lazy images still waiting after scrolling the whole page').toEqual([]);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForFunction(() => [...document.images].every((image) => image.complete));
  await page.evaluate(() => Promise.all([...document.images].map((image) => image.decode().catch(() => undefined))));
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

// Kept tabs of their own: the page's clock stands at CLOCK in them.
test.use({ reducedMotion: 'reduce', serviceWorkers: 'block', tabGroup: 'visual, clock pinned' });

test.describe('Visual regression @one-project', () => {
  const server = usePinnedFestival(FESTIVAL_START, CLOCK);
  let storageEstimate: { dispose: () => Promise<void> } | undefined;
  test.beforeEach(async ({ page }) => {
    // The press kit says how much the device stores (navigator.storage.estimate): the usage
    // depends on whether the programme's sync has written yet, the quota on the machine's disk.
    // The agenda's notice switch is drawn for a browser not yet asked about notifications: the
    // headless shell answers "denied" to every site, where a visitor's browser would ask.
    storageEstimate = await page.addInitScript(() => {
      const pinned = { usage: 3 * 1024 * 1024, quota: 10 * 1024 ** 3 };
      Object.defineProperty(navigator.storage, 'estimate', { value: () => Promise.resolve(pinned) });
      Object.defineProperty(Notification, 'permission', { get: () => 'default' });
    });
  });
  // The tab is kept for the next story, which adds its own.
  test.afterEach(async () => {
    await storageEstimate?.dispose();
  });

  for (const { width, height, touch } of WIDTHS) {
    test.describe(`${width} px`, () => {
      test.use({ viewport: { width, height }, isMobile: touch, hasTouch: touch });

      for (const { name, path, before, ready } of PAGES) {
        test(`${name} (${path})`, async ({ page }) => {
          await before?.(page, server.url);
          await openPage(page, `${server.url}${path}`);
          await ready?.(page);
          await settle(page);
          const problems = describeLayoutProblems(await findLayoutProblems(page));
          expect.soft(problems, `text overlapping text or leaving the viewport on ${path} at ${width} px`).toEqual([]);
          await expect(page).toHaveScreenshot(`${name}-${width}.png`, {
            fullPage: true,
            animations: 'disabled',
            caret: 'hide',
            // A full-page shot of the home is taken twice (until two agree) and takes seconds on a busy machine.
            timeout: 20_000,
          });
        });
      }
    });
  }
});

test.describe('The layout check @one-project', () => {
  test('names two texts drawn over each other, and a text beyond the right edge', async ({ page }) => {
    await page.setViewportSize({ width: 400, height: 300 });
    await page.setContent(`
      <style>body { margin: 0; font: 20px/1.5 sans-serif } p { margin: 0; position: absolute }</style>
      <p style="left: 10px; top: 10px">Sessão das 21:30</p>
      <p style="left: 40px; top: 18px">Cinema São Jorge</p>
      <p style="left: 10px; top: 100px">Alone and well</p>
      <p style="left: 10px; top: 140px; white-space: nowrap">A very long title that runs out of the window on its right side</p>
      <p style="left: 10px; top: 200px" aria-hidden="true">Hidden slide over the overflow line</p>
      <span class="sr" style="position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0)">Alone and well (sr)</span>
    `);
    const report = await findLayoutProblems(page);
    expect(report.overlaps.map((o) => [o.a.text, o.b.text])).toEqual([['Sessão das 21:30', 'Cinema São Jorge']]);
    expect(report.outside.map((b) => b.text)).toEqual(['A very long title that runs out of the window on its right side']);
    expect(report.scrollWidth).toBeGreaterThan(report.clientWidth);
    const message = describeLayoutProblems(report).join('\n');
    expect(message).toContain('overlap');
    expect(message).toContain('"Sessão das 21:30"');
    expect(message).toContain('"Cinema São Jorge"');
    expect(message).toContain('the page scrolls sideways');
  });

  test('finds nothing on a page whose texts keep apart, wrap, hide for screen readers only, or scroll under a bar kept in view', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 320, height: 400 });
    await page.setContent(`
      <style>body { margin: 8px; font: 32px/1 sans-serif } .sr { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap }</style>
      <h1>A heading long enough to wrap over <a href="#">several lines</a> at this width</h1>
      <p>Another paragraph <span class="sr">read aloud only, and very long, much longer than the window</span></p>
      <div style="overflow-x: auto; white-space: nowrap"><span>A strip that scrolls inside itself, wider than the window</span></div>
      <div style="position: fixed; top: 8px; left: 8px; background: white">Guardar</div>
    `);
    expect(describeLayoutProblems(await findLayoutProblems(page))).toEqual([]);
  });
});
