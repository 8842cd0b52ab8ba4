/**
 * User stories of the spec's list rules: the /noticias carousel, the distribution film filter,
 * the history addresses, a list whose request failed, section names in addresses, and the
 * programme's accent colour and day arrows.
 */
import { accentProperties, contrastWithWhite } from '../../src/common/page-blocks/accent-colour';
import { editionPrefs, openPage } from './fixtures';
import { expect, test } from './warm-tab';

test.describe('A visitor pages through /noticias', () => {
  test('sees the news carousel, 3 per page (1 on a phone), the arrows hidden at the ends', async ({ page, request }, info) => {
    const news = (await (await request.get('/admin/api/news/festa')).json()) as unknown[];
    const perPage = info.project.name === 'phone' ? 1 : 3;
    const pages = Math.ceil(news.length / perPage);
    await openPage(page, '/noticias');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('NOTICIAS');
    await expect(page.getByRole('button', { name: 'A a Z', exact: true })).toBeVisible();
    const carousel = page.locator('.paged--news');
    const current = carousel.locator('.paged__item:not([aria-hidden="true"])');
    const left = carousel.getByRole('button', { name: 'Anterior' });
    const right = carousel.getByRole('button', { name: 'Seguinte' });
    await expect(carousel.locator('.paged__item')).toHaveCount(news.length);
    await expect(current).toHaveCount(perPage);
    await expect(left).toBeHidden();
    await expect(right).toBeVisible();

    await right.click();
    await expect(left).toBeVisible();
    for (let i = 2; i < pages; i++) await right.click();
    await expect(right).toBeHidden();
    await expect(current).toHaveCount(news.length - (pages - 1) * perPage);

    // A new order is a new list: back to the first page.
    await page.getByRole('button', { name: 'A a Z', exact: true }).click();
    await expect(left).toBeHidden();
    await expect(current).toHaveCount(perPage);
  });
});

test.describe('A visitor of the distribution label filters the films', () => {
  test('sees FILMES by default, narrows to one film, TODOS removes the filter, a scope change resets it', async ({ page, request }) => {
    const films = (await (await request.get('/admin/api/movies2filter')).json().catch(() => [])) as { id: string; name: string }[];
    await openPage(page, '/distribuicao');
    await openPage(page, '/filmes');
    const filter = page.getByLabel('Filtrar por');
    const chosen = filter.locator('option:checked');
    await expect(chosen).toHaveText('FILMES');
    await expect(filter.getByRole('option', { name: 'TODOS', exact: true })).toHaveCount(1);
    const cards = page.locator('.paged--films .paged__item');
    const all = await cards.count();
    expect(all).toBeGreaterThan(1);

    const names = await filter.locator('option').allTextContents();
    const film = films[0]?.name ?? names.find((n) => n !== 'FILMES' && n !== 'TODOS')!;
    await filter.selectOption({ label: film });
    await expect(chosen).toHaveText(film);
    await expect(cards).toHaveCount(1);

    await filter.selectOption({ label: 'TODOS' });
    await expect(cards).toHaveCount(all);
    await expect(chosen).toHaveText('FILMES');

    await filter.selectOption({ label: film });
    await expect(cards).toHaveCount(1);
    await openPage(page, '/festa');
    await openPage(page, '/distribuicao');
    await expect(page.getByLabel('Filtrar por').locator('option:checked')).toHaveText('FILMES');
  });
});

test.describe('A visitor opens the festival history by tab', () => {
  test('/historico/{tab} shows the default edition on that tab, and its tabs keep the address form', async ({ page, request }) => {
    const { editionNumber, historyEditions } = await editionPrefs(request);
    const older = historyEditions[1]!;
    await openPage(page, '/historico/premios');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${editionNumber - 1}.ª Festa do Cinema Italiano`);
    const tablist = page.getByRole('tablist');
    await expect(tablist.getByRole('tab', { selected: true })).toHaveText('Prémios');
    await expect(page.getByRole('tabpanel')).toContainText('Prémio do Público');
    await tablist.getByRole('tab', { name: 'Programação' }).click();
    await expect(page).toHaveURL(/\/historico\/programacao$/);
    await expect(page.getByRole('tabpanel').getByRole('listitem').first()).toBeVisible();

    await openPage(page, `/historico/premios/${older}`);
    await expect(page.getByRole('tab', { selected: true })).toHaveText('Prémios');
    await expect(page.getByRole('link', { name: older })).toHaveAttribute('aria-current', 'page');
  });

  test('/historico/{page}/{id} with an edition year as {id} opens that edition', async ({ page, request }) => {
    const { editionNumber, historyEditions } = await editionPrefs(request);
    const [newest, older] = [historyEditions[0]!, historyEditions[1]!];
    await openPage(page, `/historico/${newest}/${older}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${editionNumber - 2}.ª Festa do Cinema Italiano`);
    await expect(page.getByRole('tab', { selected: true })).toHaveText('Programação');
    await expect(page.getByRole('link', { name: older })).toHaveAttribute('aria-current', 'page');
  });

  test('an unknown tab answers 404 @one-project', async ({ page }) => {
    for (const path of ['/historico/bilhetes', '/historico/2015/bilhetes']) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Página não encontrada.');
    }
  });
});

test.describe('A visitor meets a list that failed to load', () => {
  // Every request in sight of page.route, and no offline copy of the section (the programme sync
  // keeps the sections' films for offline use: a kept copy would rightly be shown instead).
  test.use({ serviceWorkers: 'block' });

  test('is told it failed (never that it is empty) and can retry', async ({ page, consoleProblems }) => {
    await page.route('**/admin/sync/**', (route) => route.fulfill({ status: 503, body: 'indisponível' }));
    await openPage(page, '/filmes');
    await expect(page.locator('.paged--films .paged__item').first()).toBeAttached();
    await page.route('**/admin/api/movies_from_categ/**', (route) => route.fulfill({ status: 500, body: 'falhou' }));
    await page.getByLabel('Filtrar por').selectOption('Documentários');
    await expect(page).toHaveURL(/\/filmes\/Document%C3%A1rios$/);
    await expect(page.getByText('Não foi possível carregar os conteúdos.')).toBeVisible();
    await expect(page.getByText('Não existem filmes')).toHaveCount(0);

    await page.unroute('**/admin/api/movies_from_categ/**');
    await page.getByRole('button', { name: 'Tentar novamente' }).click();
    await expect(page.locator('.paged--films .paged__item').first()).toBeAttached();
    await expect(page.getByText('Não foi possível carregar os conteúdos.')).toHaveCount(0);
    // The refused requests are logged by the browser: expected here.
    const refused = (p: string) => /status of (500|503)/.test(p);
    expect(consoleProblems.some(refused)).toBe(true);
    consoleProblems.splice(0, consoleProblems.length, ...consoleProblems.filter((p) => !refused(p)));
  });
});

test.describe('A visitor types a section name without its accents or case @one-project', () => {
  for (const path of ['/filmes/competição', '/filmes/Competicao', '/filmes/COMPETICAO']) {
    test(`${path} selects the listed section Competição, once`, async ({ page }) => {
      await openPage(page, path);
      const filter = page.getByLabel('Filtrar por');
      await expect(filter).toHaveValue('Competição');
      await expect(filter.locator('option')).toHaveText([
        'SECÇÕES',
        'Competição',
        'Secções Especiais',
        'Clássicos Restaurados',
        'Documentários',
        'Curtas-Metragens',
        'Cinema para Famílias',
        'Distribuição',
      ]);
      await expect(page.locator('.paged--films .paged__item').first()).toBeAttached();
    });
  }
});

test.describe('A visitor chooses a city and a day in the programme', () => {
  test("sees them in the settings' agenda colour, darkened where white text on it would be hard to read", async ({ page, request }) => {
    const prefs = (await (await request.get('/admin/homeprefs')).json()) as { agendaColor: string };
    const accent = accentProperties(prefs.agendaColor);
    expect(accent['--agenda-color-strong']).toBeDefined();
    const rgb = (hex: string) => `rgb(${[1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16)).join(', ')})`;
    await openPage(page, '/programacao');
    const city = page.locator('.city-list__city[aria-pressed="true"]');
    const day = page.locator('.day-strip__day[aria-current="date"]');
    await expect(city).toHaveCSS('background-color', rgb(accent['--agenda-color-strong']!));
    await expect(day).toHaveCSS('background-color', rgb(accent['--agenda-color-strong']!));
    await expect(page.locator('.day-strip__days')).toHaveCSS('border-top-color', rgb(accent['--agenda-color']!));
    expect(contrastWithWhite(accent['--agenda-color-strong']!)).toBeGreaterThanOrEqual(4.5);
  });

  test("finds the day strip's arrows inside the programme block at every width, exactly when the days overflow, from the server's first paint @one-project", async ({
    page,
    browser,
  }) => {
    // Without JavaScript the page is what the server painted: the arrows must already be decided
    // there (shown after the app starts, they would move the days).
    const serverOnly = await browser.newPage({ javaScriptEnabled: false });
    for (const [view, started] of [
      [serverOnly, false],
      [page, true],
    ] as const) {
      let widthsWithArrows = 0;
      for (const width of [320, 360, 390, 480, 600, 768, 988, 1024, 1280, 1440, 1920]) {
        await view.setViewportSize({ width, height: 900 });
        if (width === 320) {
          if (started) await openPage(view, '/programacao');
          else await view.goto('/programacao');
        }
        await expect(view.locator('.day-strip__day').first()).toBeVisible();
        const block = (await view.locator('.programme-view').boundingBox())!;
        const arrows = view.locator('.day-strip__arrow:visible');
        for (const arrow of await arrows.all()) {
          const box = (await arrow.boundingBox())!;
          const inside =
            box.x >= block.x - 0.5 &&
            box.x + box.width <= block.x + block.width + 0.5 &&
            box.y >= block.y - 0.5 &&
            box.y + box.height <= block.y + block.height + 0.5;
          expect({ width, inside, withinScreen: box.x >= 0 && box.x + box.width <= width }).toEqual({
            width,
            inside: true,
            withinScreen: true,
          });
        }
        // The days overflow the strip's whole row: their widths added up against the row's.
        const overflows = await view
          .locator('.day-strip')
          .evaluate(
            (row) =>
              [...row.querySelectorAll('.day-strip__day')].reduce((sum, day) => sum + day.getBoundingClientRect().width, 0) >
              row.clientWidth + 1,
          );
        expect({ width, started, arrows: await arrows.count() }).toEqual({ width, started, arrows: overflows ? 2 : 0 });
        if (overflows) widthsWithArrows += 1;
      }
      // The strip overflows on a narrow screen and fits on a wide one: both cases were seen.
      expect(widthsWithArrows, `started: ${started}`).toBeGreaterThan(0);
      expect(widthsWithArrows, `started: ${started}`).toBeLessThan(11);
    }
    await serverOnly.close();
  });
});

test.describe('A visitor reads the programme on a 360 px phone', () => {
  test('sees every venue name whole, never cut with an ellipsis @one-project', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 780 });
    await openPage(page, '/programacao');
    const cities = page.getByRole('navigation', { name: 'Cidades' }).getByRole('button');
    let checked = 0;
    for (let c = 0; c < (await cities.count()); c++) {
      await cities.nth(c).click();
      await expect(cities.nth(c)).toHaveAttribute('aria-pressed', 'true');
      const venues = page.locator('.paged--events .paged__item:not([aria-hidden="true"]) .event-card__venue');
      await expect(venues.first()).toBeVisible();
      // The venue (a disclosure, or plain text without an address) holds its whole name: nothing
      // overflows it, nothing is clipped with an ellipsis, and it takes two lines at most.
      const cut = await venues.evaluateAll((list) =>
        list
          .filter((venue) => {
            const style = getComputedStyle(venue);
            const lines = Math.round(venue.getBoundingClientRect().height / parseFloat(style.lineHeight));
            return venue.scrollWidth > venue.clientWidth + 1 || style.textOverflow === 'ellipsis' || lines > 2;
          })
          .map((venue) => venue.textContent),
      );
      expect(cut).toEqual([]);
      checked += await venues.count();
    }
    expect(checked).toBeGreaterThan(0);
  });
});

test.describe('A visitor reads the programme on a desktop', () => {
  test('finds the arrows beside the sessions, never over a picture, and every star in the same place of its card @one-project', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await openPage(page, '/programacao');
    const shown = page.locator('.paged--events .paged__item:not([aria-hidden="true"])');
    await expect(shown.first()).toBeVisible();
    const overlaps = await page.evaluate(() => {
      const boxes = (selector: string) => [...document.querySelectorAll(selector)].map((el) => el.getBoundingClientRect());
      const meet = (a: DOMRect, b: DOMRect) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
      const arrows = boxes('.paged--events .paged__arrow:not([hidden])');
      const pictures = boxes('.paged--events .paged__item:not([aria-hidden="true"]) .event-card__thumb');
      return { arrows: arrows.length, overlapping: arrows.filter((arrow) => pictures.some((picture) => meet(arrow, picture))).length };
    });
    expect(overlaps.arrows).toBeGreaterThan(0);
    expect(overlaps.overlapping).toBe(0);
    // Each star sits at its card's right edge, level with the venue, whatever the venue's length.
    const offsets = await shown.evaluateAll((cards) =>
      cards.map((card) => {
        const star = card.querySelector('.agenda-star')!.getBoundingClientRect();
        const venue = card.querySelector('.event-card__venue')!.getBoundingClientRect();
        return { fromRight: Math.round(card.getBoundingClientRect().right - star.right), belowVenueTop: Math.round(star.top - venue.top) };
      }),
    );
    expect(new Set(offsets.map((o) => JSON.stringify(o))).size, JSON.stringify(offsets)).toBe(1);
  });
});

test.describe('A visitor changes city in the programme', () => {
  test('sees the first day, as the spec says, and is offered the day it had chosen when the new city has sessions on it', async ({
    page,
    request,
  }) => {
    const porto = (await (await request.get('/admin/api/movies_from_festival/2')).json()) as { festivals: Record<string, unknown> };
    await openPage(page, '/programacao');
    const cities = page.getByRole('navigation', { name: 'Cidades' }).getByRole('button');
    const days = page.locator('.day-strip__day');
    // A later day of Lisbon's on which Porto has sessions too.
    const lisbonDays = await days.locator('.day-strip__number').allTextContents();
    const chosen = lisbonDays.slice(1).find((d) => `d${d}` in porto.festivals)!;
    expect(chosen).toBeDefined();
    await days.filter({ has: page.locator('.day-strip__number', { hasText: new RegExp(`^${chosen}$`) }) }).click();
    await expect(page).toHaveURL(new RegExp(`dia=d${chosen}`));

    await cities.nth(1).click();
    await expect(days.first()).toHaveAttribute('aria-current', 'date');
    const offer = page.getByRole('button', { name: new RegExp(`^Ver \\S+ ${chosen} em Porto$`) });
    await offer.click();
    await expect(page).toHaveURL(new RegExp(`cidade=2&dia=d${chosen}`));
    await expect(days.filter({ has: page.locator('.day-strip__number', { hasText: new RegExp(`^${chosen}$`) }) })).toHaveAttribute(
      'aria-current',
      'date',
    );
    await expect(offer).toHaveCount(0);
  });
});
