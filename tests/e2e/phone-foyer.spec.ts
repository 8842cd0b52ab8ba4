/**
 * A festival-goer with a phone in a cinema foyer: the programme opens on today ("Hoje"), a long
 * day is browsed a screenful at a time by swiping and Back returns to the same page, a talk says
 * when and where it is, a request sent without signal says when it went, the install offer gives
 * way to the page, and what needs the network says so offline. On the phone project only
 * (playwright.config.ts); the @phone-only tags say which stories could run nowhere else.
 */
import type { Page } from '@playwright/test';
import { expect, forgiveOfflineNoise, openPage, test } from './fixtures';
import { usePinnedFestival } from './pinned-server';

/** The pinned festival runs from Thursday 2 April 2026 for nine days. */
const FESTIVAL_START = '2026-04-02';
/** Sunday 5 April, 15:00 in Lisbon (UTC+1): the fourth festival day. */
const DURING = '2026-04-05T15:00';
/** Monday 30 March, three days before it opens. */
const BEFORE = '2026-03-30T10:00';

/** A finger sliding across the screen (Chromium's touch input, as a phone sends it). */
async function swipe(page: Page, x: number, y: number, dx: number): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
  for (let step = 1; step <= 6; step++) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: x + (dx * step) / 6, y }] });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

const dayButtons = (page: Page) => page.locator('.day-strip__day');
const shownEvents = (page: Page) => page.locator('.paged--events .paged__item:not([aria-hidden="true"])');

test.describe('With the clock inside the festival', () => {
  const server = usePinnedFestival(FESTIVAL_START, DURING);

  test('the programme opens on today, marked Hoje, with weekday names, and no day already gone', async ({ page }) => {
    await openPage(page, `${server.url}/programacao`);
    const days = dayButtons(page);
    await expect(days.first()).toHaveAttribute('aria-current', 'date');
    await expect(days.first()).toHaveAccessibleName('Hoje, domingo, 5 de abril');
    await expect(days.first()).toContainText('Hoje');
    await expect(days.nth(1)).toHaveText(/^seg\s*6$/);
    await expect(days).toHaveCount(6);
    await expect(page.locator('.day-strip__month')).toHaveText('ABRIL');
    // A link to a day already gone opens today as well.
    await openPage(page, `${server.url}/programacao?cidade=1&dia=d3`);
    await expect(days.first()).toHaveAttribute('aria-current', 'date');
    await expect(days.first()).toContainText('Hoje');
  });

  test('a day of 20 sessions or more takes at most 4 swipes, and Back returns to the same page @phone-only', async ({ page, request }) => {
    const programme = (await (await request.get(`${server.url}/admin/api/movies_from_festival/1`)).json()) as {
      festivals: Record<string, { title: string }[]>;
    };
    const [key, events] = Object.entries(programme.festivals).sort((a, b) => b[1].length - a[1].length)[0]!;
    expect(events.length).toBeGreaterThanOrEqual(20);

    // From its first page (today the list would open on the sessions running now).
    await openPage(page, `${server.url}/programacao?cidade=1&dia=${key}&pagina=1`);
    // The first paint is laid out for any width; the phone's screenful follows once the page has
    // measured the window (a transition after hydration), so wait for it rather than count at once.
    await expect.poll(() => shownEvents(page).count()).toBeGreaterThanOrEqual(6);
    // A page is a screenful: its rows fit the width, and together the height, of the phone.
    const { innerWidth, innerHeight } = await page.evaluate(() => ({ innerWidth: window.innerWidth, innerHeight: window.innerHeight }));
    const boxes = await shownEvents(page).evaluateAll((items) => items.map((item) => item.getBoundingClientRect().toJSON() as DOMRect));
    for (const box of boxes) {
      expect(box.left).toBeGreaterThanOrEqual(0);
      expect(box.right).toBeLessThanOrEqual(innerWidth);
    }
    expect(boxes.at(-1)!.bottom - boxes[0]!.top).toBeLessThan(innerHeight);

    const seen = new Set(await shownEvents(page).locator('.event-card__title').allTextContents());
    const list = page.locator('.paged--events .paged__viewport');
    const next = page.locator('.paged--events').getByRole('button', { name: 'Seguinte' });
    let swipes = 0;
    // The finger lands on the list, as a visitor's does: scrolled into view first.
    await list.scrollIntoViewIfNeeded();
    while (await next.isVisible()) {
      const box = (await list.boundingBox())!;
      const before = page.url();
      await swipe(page, box.x + box.width * 0.8, box.y + 40, -box.width * 0.6);
      swipes++;
      await expect(page).not.toHaveURL(before);
      await expect(page).toHaveURL(new RegExp(`pagina=${swipes + 1}`));
      for (const title of await shownEvents(page).locator('.event-card__title').allTextContents()) seen.add(title);
      expect(swipes).toBeLessThanOrEqual(4);
    }
    expect(swipes).toBeGreaterThan(0);
    expect(seen.size).toBe(new Set(events.map((e) => e.title)).size);
    await expect(page.locator('.paged__count')).toHaveText(`Página ${swipes + 1} de ${swipes + 1}`);

    // A swipe the other way goes back a page; the arrows page too.
    const box = (await list.boundingBox())!;
    await swipe(page, box.x + box.width * 0.2, box.y + 40, box.width * 0.6);
    await expect(page).toHaveURL(new RegExp(`pagina=${swipes}(&|$)`));
    await page.locator('.paged--events').getByRole('button', { name: 'Seguinte' }).click();
    await expect(page).toHaveURL(new RegExp(`pagina=${swipes + 1}(&|$)`));

    const lastPage = await shownEvents(page).locator('.event-card__title').allTextContents();
    const pageUrl = page.url();
    await shownEvents(page).first().locator('.event-card__title').click();
    await expect(page).toHaveURL(/\/(filme|actividade)\/\d+$/);
    await page.goBack();
    await expect(page).toHaveURL(pageUrl);
    await expect(shownEvents(page).locator('.event-card__title')).toHaveText(lastPage);
  });

  test('an activity page says when and where, with the venue card and the way to that day in the programme', async ({ page }) => {
    // A talk at the Teatro Campo Alegre (Porto) on Wednesday the 8th, and a session gone by in Lisbon.
    await openPage(page, `${server.url}/actividade/206`);
    const when = page.locator('section', { has: page.getByRole('heading', { name: 'QUANDO E ONDE' }) });
    const rows = when.getByRole('listitem');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toContainText('Lisboa | 4 Abril | 22:00 | Cinema Ideal');
    await expect(rows.nth(0)).toHaveClass(/is-past/);
    // Each session after its weekday; one over says so.
    await expect(rows.nth(0).locator('.sessions__weekday')).toHaveText('sáb');
    await expect(rows.nth(0).locator('.sessions__state')).toHaveText('terminou');
    await expect(rows.nth(1).locator('.sessions__weekday')).toHaveText('qua');
    await expect(rows.nth(1).locator('.sessions__state')).toHaveCount(0);
    await expect(rows.nth(1)).toContainText('Porto | 8 Abril | 15:15 | Teatro Campo Alegre');
    await expect(rows.nth(1)).not.toHaveClass(/is-past/);

    const venue = rows.nth(1).locator('details.venue');
    await venue.locator('summary').click();
    await expect(venue.getByText('Rua das Estrelas, 4150-762 Porto')).toBeVisible();
    await expect(venue.getByRole('link', { name: /Ver no mapa/ })).toHaveAttribute('href', /maps.*Teatro%20Campo%20Alegre/);

    await rows.nth(1).getByRole('link', { name: 'Porto | 8 Abril | 15:15' }).click();
    await expect(page).toHaveURL(/\/programacao\?cidade=2&dia=d8$/);
    await expect(page.getByRole('navigation', { name: 'Cidades' }).getByRole('button', { name: 'Porto' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(dayButtons(page).filter({ hasText: '8' }).first()).toHaveAttribute('aria-current', 'date');
  });

  test('a film page tells duration, language and subtitles near the top, dims sessions gone by and offers only the others', async ({
    page,
  }) => {
    await openPage(page, `${server.url}/filme/101`);
    const facts = page.getByRole('list', { name: 'Sobre o filme' });
    await expect(facts.getByRole('listitem')).toHaveText(['98 min', 'Falado em italiano', 'Legendas em português']);
    // Above the description, the first thing under the title and director.
    const factsTop = (await facts.boundingBox())!.y;
    expect(factsTop).toBeLessThan((await page.locator('.detail__description').boundingBox())!.y);

    const sessions = page.locator('.sessions__item');
    await expect(sessions).toHaveCount(5);
    await expect(page.locator('.sessions__item.is-past')).toHaveCount(3);
    await expect(page.locator('.sessions__item.is-past a.sessions__when')).toHaveCount(0);
    // The form's code loads as it comes near (the server's form, kept until then, lists every session).
    const choice = page.getByLabel('Sessão*');
    await choice.scrollIntoViewIfNeeded();
    await expect(choice.locator('option')).toHaveCount(3);
    const offered = await choice.locator('option').allTextContents();
    const toCome = await page.locator('.sessions__item:not(.is-past) .sessions__when').allTextContents();
    expect(offered.slice(1)).toEqual(toCome.map((when) => expect.stringContaining(when) as unknown));
  });
});

test.describe('With the clock before the festival', () => {
  const server = usePinnedFestival(FESTIVAL_START, BEFORE);

  test('the programme opens on the first festival day, and no day says Hoje', async ({ page }) => {
    await openPage(page, `${server.url}/programacao`);
    const days = dayButtons(page);
    await expect(days).toHaveCount(9);
    await expect(days.first()).toHaveAttribute('aria-current', 'date');
    await expect(days.first()).toHaveAccessibleName('quinta-feira, 2 de abril');
    await expect(days.first()).toHaveText(/^qui\s*2$/);
    await expect(page.locator('.day-strip__day.is-today')).toHaveCount(0);
    await expect(page.locator('.day-strip')).not.toContainText('Hoje');
  });
});

test.describe('On the shared server', () => {
  test('/filmes on a phone shows six films a page, and a swipe turns it @phone-only', async ({ page }) => {
    await openPage(page, '/filmes');
    const shown = page.locator('.paged--films .paged__item:not([aria-hidden="true"])');
    await expect(shown).toHaveCount(6);
    const first = await shown.locator('.card__title').allTextContents();
    const list = page.locator('.paged--films .paged__viewport');
    const box = (await list.boundingBox())!;
    await swipe(page, box.x + box.width * 0.8, box.y + 30, -box.width * 0.6);
    await expect(page).toHaveURL(/\/filmes\?pagina=2$/);
    await expect(shown.locator('.card__title').first()).not.toHaveText(first[0]!);
    await expect(page.locator('.paged--films .paged__count')).toContainText('Página 2 de');
  });

  test('requests kept without signal say when they went once the connection returns', async ({ page, context, consoleProblems }) => {
    await openPage(page, '/acreditacoes');
    // Before asking: the rules (a support item of the press area) and who answers the press.
    await expect(page.getByRole('link', { name: 'Regulamento de acreditação de imprensa' })).toHaveAttribute(
      'href',
      '/admin/api/download_press/513',
    );
    await expect(page.getByRole('link', { name: 'imprensa@festacinemaitaliano.pt' })).toHaveAttribute(
      'href',
      'mailto:imprensa@festacinemaitaliano.pt',
    );
    // The signal goes once the site's worker is running: losing it while the browser still fetches
    // the worker's script is its own story (pwa.spec.ts), and the browser logs that failure itself.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await context.setOffline(true);
    const form = page.locator('form[action="/acreditacoes"]');
    for (const name of ['Rita Serra', 'Nuno Paiva']) {
      await form.getByLabel('Nome*').fill(name);
      await form.getByLabel('Entidade*').fill('Jornal de Cinema');
      await form.getByLabel('Email*').fill(`${name.split(' ')[0]!.toLowerCase()}-${test.info().project.name}-${Date.now()}@example.pt`);
      await form.getByLabel('Telefone*').fill('+351 912 345 678');
      await form.getByRole('button', { name: 'Enviar' }).click();
      await expect(form.getByRole('status')).toHaveText('Sem ligação: guardado, será enviado quando voltar a ter ligação.');
    }
    const banner = page.getByRole('region', { name: 'Envios guardados' });
    await expect(banner).toContainText('2 envios guardados, serão enviados quando voltar a ter ligação.');

    await context.setOffline(false);
    await expect(form.getByRole('status')).toHaveText(/^Enviado às \d{2}:\d{2}\. Pedido enviado com sucesso\.$/, { timeout: 15_000 });
    await expect(banner.getByText(/^Pedido de acreditação enviado às \d{2}:\d{2}\.$/)).toHaveCount(2);
    await expect(banner).not.toContainText('guardado');
    await banner.getByRole('button', { name: 'Fechar' }).first().click();
    await expect(banner.getByText(/^Pedido de acreditação enviado às/)).toHaveCount(1);
    forgiveOfflineNoise(consoleProblems);
  });

  test('the install offer, caught before the app loads, never covers a button and can be dismissed for good', async ({ page }) => {
    // Chromium offers installation (beforeinstallprompt) while the page is still loading: here,
    // as soon as the parser meets the app's script, before that script has run at all.
    await page.addInitScript(() => {
      const w = window as Window & { prompted?: number; shiftedNodes?: Node[] };
      w.prompted = 0;
      // The offer arrives after the first paint: it must move nothing already on screen. What a
      // newly inserted block moves is what follows it, so every element any layout shift moved is
      // kept, to be placed against the offer. (Other late changes, such as the app taking over a
      // page painted before it ran on a busy machine, may shift the page too: not the offer's doing.)
      w.shiftedNodes = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { hadRecentInput: boolean; sources?: { node?: Node }[] })[])
          if (!entry.hadRecentInput) w.shiftedNodes!.push(...(entry.sources ?? []).flatMap((source) => (source.node ? [source.node] : [])));
      }).observe({ type: 'layout-shift', buffered: true });
      new MutationObserver((_records, observer) => {
        if (!document.querySelector('script[type="module"]')) return;
        observer.disconnect();
        const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
          prompt: () => {
            w.prompted = (w.prompted ?? 0) + 1;
            return Promise.resolve();
          },
          userChoice: Promise.resolve({ outcome: 'dismissed' }),
        });
        window.dispatchEvent(offer);
      }).observe(document, { childList: true, subtree: true });
    });
    const bar = page.getByRole('region', { name: 'Instalar a aplicação' });
    for (const path of ['/presskit', '/']) {
      await openPage(page, path);
      await expect(bar.getByRole('button', { name: 'Instalar aplicação' })).toBeVisible();
      const movedByOffer = await page.evaluate(() => {
        const offer = document.querySelector('.install-bar')!;
        return ((window as Window & { shiftedNodes?: Node[] }).shiftedNodes ?? [])
          .filter((node) => offer.compareDocumentPosition(node) & Node.DOCUMENT_POSITION_FOLLOWING)
          .map((node) => (node instanceof Element ? node.outerHTML.slice(0, 80) : String(node.nodeName)));
      });
      expect(movedByOffer, `${path}: moved by the install offer`).toEqual([]);
      // Scrolled anywhere, nothing the visitor can press lies under the offer.
      for (const at of [0, 0.5, 1]) {
        await page.evaluate((f) => window.scrollTo(0, (document.documentElement.scrollHeight - window.innerHeight) * f), at);
        // What lies on top at the middle of each control on screen is never the offer.
        const overlaps = await page.evaluate(() => {
          const offer = document.querySelector('.install-bar');
          return [...document.querySelectorAll('button, a[href], input, select, textarea, summary')]
            .filter((el) => !offer?.contains(el) && el.checkVisibility({ opacityProperty: true, visibilityProperty: true }))
            .flatMap((el) => {
              const r = el.getBoundingClientRect();
              const x = r.left + r.width / 2;
              const y = r.top + r.height / 2;
              if (r.width === 0 || r.height === 0 || x < 0 || y < 0 || x >= window.innerWidth || y >= window.innerHeight) return [];
              const top = document.elementFromPoint(x, y);
              return top && offer?.contains(top) ? [el.outerHTML.slice(0, 80)] : [];
            });
        });
        expect(overlaps).toEqual([]);
      }
    }
    // On the next page, drawn with the offer already there, it comes under the header, on the first screen.
    await page.evaluate(() => ((window as Window & { sameDocument?: boolean }).sameDocument = true));
    await page.getByRole('link', { name: /^A minha agenda/ }).click();
    await expect(page).toHaveURL(/\/agenda$/);
    // The address changes before the agenda is drawn: until then the page before, its offer at the end, is on show.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/minha agenda/i);
    await expect(bar).toHaveCount(1);
    // Opened by the app, in the same document: a document loaded anew would be a page arrived on.
    expect(
      await page.evaluate(() => (window as Window & { sameDocument?: boolean }).sameDocument),
      'the agenda opened in the same document',
    ).toBe(true);
    const placed = await page.evaluate(() => {
      const offer = document.querySelector('.install-bar')!;
      return {
        beforeMain: Boolean(offer.compareDocumentPosition(document.querySelector('main')!) & Node.DOCUMENT_POSITION_FOLLOWING),
        onFirstScreen: offer.getBoundingClientRect().bottom <= window.innerHeight,
      };
    });
    expect(placed).toEqual({ beforeMain: true, onFirstScreen: true });
    await bar.getByRole('button', { name: 'Instalar aplicação' }).click();
    await expect.poll(() => page.evaluate(() => (window as Window & { prompted?: number }).prompted)).toBe(1);

    await openPage(page, '/presskit');
    await bar.getByRole('button', { name: 'Agora não' }).click();
    await expect(bar).toHaveCount(0);
    // Remembered: the next pages do not ask again, though the browser offers again.
    await openPage(page, '/');
    await expect
      .poll(() => page.evaluate(() => Boolean((window as Window & { __festaInstallPrompt?: Event }).__festaInstallPrompt)))
      .toBe(true);
    await expect(bar).toHaveCount(0);
  });

  test('offline, the trailer and a file not kept say they need a connection before they are tapped', async ({
    page,
    context,
    consoleProblems,
  }) => {
    await openPage(page, '/filme/101');
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? 'none'), { timeout: 20_000 })
      .toBe('activated');
    // Visited with the worker in control: both pages are kept for offline.
    await openPage(page, '/filme/101');
    await openPage(page, '/presskit');
    await expect(page.getByRole('button', { name: /Guardar no dispositivo/ }).first()).toBeVisible();
    // Storage in human units; asking to protect the kept files shows what the browser answered.
    await expect(page.getByText(/^Espaço usado neste dispositivo: \d+(,\d)? [KMG]?B( de \d+(,\d)? [KMGT]?B)?\.$/)).toBeVisible();
    await page.getByRole('button', { name: 'Proteger os ficheiros guardados' }).click();
    await expect(page.getByText(/^(Os ficheiros guardados ficam protegidos|O navegador não autorizou)/)).toBeVisible();

    await context.setOffline(true);
    await page.goto('/filme/101');
    const play = page.getByRole('button', { name: 'Ver o trailer' });
    await expect(play).toBeDisabled();
    await expect(play).toHaveAccessibleDescription('Sem ligação: o trailer precisa de internet.');
    const buy = page.getByRole('button', { name: 'COMPRAR BILHETE' });
    await expect(buy).toBeDisabled();
    await expect(buy).toHaveAccessibleDescription('Sem ligação: a compra de bilhetes precisa de internet.');

    await page.goto('/presskit');
    const downloads = page.locator('.download__button');
    await expect(downloads.first()).toBeVisible();
    await expect(page.locator('a.download__button')).toHaveCount(0);
    const first = page.getByRole('button', { name: /^DOWNLOAD/ }).first();
    await expect(first).toBeDisabled();
    await expect(first).toHaveAccessibleDescription('Sem ligação: este ficheiro não foi guardado neste dispositivo e precisa de internet.');
    await expect(page.getByRole('button', { name: /Guardar no dispositivo/ })).toHaveCount(0);
    await context.setOffline(false);
    forgiveOfflineNoise(consoleProblems);
  });
});
