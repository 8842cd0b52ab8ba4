import { afterPendingRenders, editionPrefs, waitForHydration } from './fixtures';
import { expect, test } from './warm-tab';

test.describe('A visitor opens the festival home page', () => {
  test('sees the blocks in order, server-rendered, and the page hydrates without warnings', async ({ page, request }) => {
    const { year } = await editionPrefs(request);
    const response = await page.goto('/festa');
    expect(response?.status()).toBe(200);
    await waitForHydration(page);
    await expect(page.locator('html')).toHaveAttribute('lang', 'pt-PT');
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    const blocks = ['carousel', 'home__menu', 'programme-view', 'home__search', 'films-view', 'news-block', 'carousel', 'sponsors-block'];
    const order = await page
      .locator('.home > *')
      .evaluateAll((nodes, names) => nodes.map((n) => [...n.classList].find((c) => names.includes(c))).filter(Boolean), blocks);
    expect(order).toEqual(blocks);
    await expect(page.getByText('siga-nos em:')).toBeVisible();
    await expect(page.getByText(`8 1/2 Festa do Cinema Italiano © ${year} Todos os direitos reservados`)).toBeVisible();
    for (const label of ['REGULAMENTO GERAL', 'TERMOS DE USO', 'BILHETES', 'MAPA DO SITE']) {
      await expect(page.getByRole('link', { name: label, exact: true })).toBeVisible();
    }
  });

  test('sizes the poster carousel to the window minus the header minus 26 px, also after a resize', async ({ page }) => {
    await page.goto('/festa');
    await waitForHydration(page);
    // How far the carousel is from the window's height minus the header minus 26 px (240 at least).
    const offBy = async () => {
      const { carousel, header, inner } = await page.evaluate(() => ({
        carousel: document.querySelector('.carousel--poster')!.getBoundingClientRect().height,
        header: document.querySelector('.site-header')!.getBoundingClientRect().height,
        inner: window.innerHeight,
      }));
      return Math.round(carousel) - Math.max(240, Math.round(inner - header - 26));
    };
    await expect.poll(async () => page.evaluate(() => document.querySelector<HTMLElement>('.carousel--poster')!.style.height)).not.toBe('');
    expect(await offBy()).toBe(0);
    // The resize is handled by the page in its own time: wait for it, then it must fit exactly.
    const before = await page.evaluate(() => document.querySelector<HTMLElement>('.carousel--poster')!.style.height);
    await page.setViewportSize({ width: 800, height: 700 });
    await expect
      .poll(async () => page.evaluate(() => document.querySelector<HTMLElement>('.carousel--poster')!.style.height))
      .not.toBe(before);
    await expect.poll(offBy).toBe(0);
  });

  test.describe(() => {
    // The page's clock is set: a kept tab of its own.
    test.use({ tabGroup: 'home, carousel clock' });
    test('advances the poster carousel every 3 seconds, and not with reduced motion', async ({ page }) => {
      // The page's own clock, standing still until the story moves it: a busy machine can neither
      // hurry nor delay a slide.
      await page.clock.install();
      await page.clock.pauseAt(Date.now() + 1_000);
      await page.goto('/festa');
      await waitForHydration(page);
      const active = () => page.locator('.carousel--poster .carousel__slide.is-active').getAttribute('aria-label');
      expect(await active()).toBe('1 de 4');
      await page.clock.runFor(2_999);
      await afterPendingRenders(page);
      expect(await active()).toBe('1 de 4');
      await page.clock.runFor(1);
      await afterPendingRenders(page);
      expect(await active()).toBe('2 de 4');

      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.reload();
      await waitForHydration(page);
      // Three times the interval: with motion the carousel would have moved three slides.
      await page.clock.runFor(9_000);
      await afterPendingRenders(page);
      expect(await active()).toBe('1 de 4');
    });
  });

  test('searches from the header: an empty query is ignored, a query opens /pesquisa and clears the box', async ({ page }) => {
    await page.goto('/festa');
    await waitForHydration(page);
    const box = page.locator('header').getByLabel('PROCURAR');
    await box.fill('   ');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/festa$/);
    await box.fill('roma');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/pesquisa\?q=roma$/);
    await expect(box).toHaveValue('');
  });

  test('remembers the distribution scope for / across a reload', async ({ page, request }) => {
    const { year } = await editionPrefs(request);
    await page.goto('/distribuicao');
    await waitForHydration(page);
    await expect(page.getByText(`8 1/2 Distribuição © ${year} Todos os direitos reservados`)).toBeVisible();
    await page.goto('/');
    await expect(page.locator('.home--distrib')).toBeVisible();
    await page.goto('/festa');
    await waitForHydration(page);
    await page.goto('/');
    await expect(page.locator('.home--festa')).toBeVisible();
  });
});

test.describe('A visitor browses the programme', () => {
  test('gets the first city and first day, switches city and day, and opens a film', async ({ page }) => {
    await page.goto('/programacao');
    await waitForHydration(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Programação' })).toBeVisible();
    const cities = page.getByRole('navigation', { name: 'Cidades' }).getByRole('button');
    await expect(cities.first()).toHaveText('Lisboa');
    await expect(cities.first()).toHaveAttribute('aria-pressed', 'true');
    const days = page.locator('.day-strip__day');
    await expect(days.first()).toHaveAttribute('aria-current', 'date');
    await expect(page.locator('.day-strip__month')).toHaveText(/^[A-ZÇ]+$/);
    await days.nth(2).click();
    await expect(days.nth(2)).toHaveAttribute('aria-current', 'date');
    await expect(page).toHaveURL(/dia=d\d+/);
    await cities.nth(1).click();
    await expect(cities.nth(1)).toHaveAttribute('aria-pressed', 'true');
    await expect(days.first()).toHaveAttribute('aria-current', 'date');
    await expect(page).toHaveURL(/\?cidade=\d+$/);
    const firstEvent = page.locator('.paged--events .paged__item:not([aria-hidden="true"]) a').first();
    const href = await firstEvent.getAttribute('href');
    expect(href).toMatch(/^\/(filme|actividade)\/\d+$/);
    // The visitor taps the title (on a phone the card's link is laid out by its parts: display: contents).
    await firstEvent.locator('.event-card__title').click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
  });

  test('says A ANUNCIAR BREVEMENTE or EVENTO TERMINADO on a day without events', async ({ page }) => {
    // Setúbal has sessions only on the middle festival days: none on the last one.
    await page.goto('/programacao?cidade=4');
    await waitForHydration(page);
    const days = page.locator('.day-strip__day');
    await days.last().click();
    await expect(page.getByRole('status')).toHaveText(/^(A ANUNCIAR BREVEMENTE|EVENTO TERMINADO)$/);
  });
});

test.describe('A visitor browses films', () => {
  test('filters by section after the 100 ms delay, sorts A to Z, and pages with arrows', async ({ page }) => {
    await page.goto('/filmes');
    await waitForHydration(page);
    await page.getByLabel('Filtrar por').selectOption('Competição');
    await expect(page).toHaveURL(/\/filmes\/Competi%C3%A7%C3%A3o$/);
    const titles = page.locator('.paged--films .card__title');
    await expect(titles.first()).toBeVisible();
    await page.getByRole('button', { name: 'FILMES A a Z' }).click();
    const all = await titles.allTextContents();
    expect(all).toEqual([...all].sort((a, b) => a.localeCompare(b, 'pt-PT', { sensitivity: 'base' })));
    const right = page.getByRole('button', { name: 'Seguinte' }).first();
    const left = page.getByRole('button', { name: 'Anterior' }).first();
    await expect(left).toBeHidden();
    await right.click();
    await expect(left).toBeVisible();
  });

  test('shows the empty message for a section without films and 404 for an unknown one', async ({ page }) => {
    const unknown = await page.goto('/filmes/nao-existe');
    expect(unknown?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Página não encontrada.' })).toBeVisible();
  });
});

test.describe('A visitor on a slow connection', () => {
  test('loads thumbnails only when they come within 300 px of view, and the carousel next page ahead of time', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 700 });
    await page.goto('/atividades');
    await waitForHydration(page);
    const thumbs = page.locator('.card__thumb');
    const loaded = () => thumbs.evaluateAll((imgs) => imgs.map((img) => !(img as HTMLImageElement).src.startsWith('data:')));
    await expect.poll(async () => (await loaded())[0]).toBe(true);
    const before = await loaded();
    expect(before.at(-1), 'the last thumbnail, far below the fold, waits').toBe(false);
    const last = thumbs.last();
    const box = (await last.boundingBox())!;
    expect(box.width).toBeGreaterThan(0);
    await page.mouse.wheel(0, box.y);
    await expect.poll(async () => (await loaded()).at(-1)).toBe(true);

    await page.goto('/filmes');
    await waitForHydration(page);
    const films = page.locator('.paged--films .card__thumb');
    const state = () => films.evaluateAll((imgs) => imgs.map((img) => !(img as HTMLImageElement).src.startsWith('data:')));
    // Pages of 3: the next page (within 1000 px to the right) is loaded; far pages are not.
    await expect.poll(async () => (await state()).slice(0, 6).every(Boolean)).toBe(true);
    expect((await state()).at(-1)).toBe(false);
  });
});
