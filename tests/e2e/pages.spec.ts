/**
 * User stories of the content pages (team, presentation, the four custom page templates, the
 * festival history), the not-found answers, the header and footer menus and the trailing-slash
 * variants of the routes (spec sections 1, 2 and 4).
 */
import { editionPrefs, openPage, openTopMenu, waitForHydration } from './fixtures';
import { expect, test } from './warm-tab';

const isDesktop = () => test.info().project.name === 'desktop';

test.describe('A visitor reads the static pages', () => {
  test('/equipa is titled equipa, with the credits and dates of the edition and the recruitment notice', async ({ page, request }) => {
    const { editionNumber, festivalStart, year } = await editionPrefs(request);
    await openPage(page, '/equipa');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('equipa');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { name: `Equipa da ${editionNumber}.ª edição` })).toBeVisible();
    const day = Number(festivalStart.slice(8, 10));
    await expect(main.getByText(new RegExp(`decorre em Lisboa de ${day} .*a \\d+ de [a-zç]+ de ${year}`))).toBeVisible();
    await expect(main.getByText('31 de janeiro')).toBeVisible();
    await expect(main.getByRole('link', { name: /@/ })).toHaveAttribute('href', /^mailto:/);
  });

  test('/apresentacao presents the festival founded in 2008', async ({ page }) => {
    await openPage(page, '/apresentacao');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Apresentação');
    await expect(page.getByRole('main').getByText(/2008/).first()).toBeVisible();
    await expect(page.getByRole('main').getByText(/Desde 2013/)).toBeVisible();
  });
});

test.describe('A visitor reads the custom pages', () => {
  test('/t1 shows the poster at the side and the text in two columns', async ({ page }) => {
    await openPage(page, '/t1/sobre-o-festival');
    await expect(page).toHaveTitle(/Sobre o Festival/);
    const title = page.getByRole('heading', { level: 1 });
    await expect(title).toHaveText('Sobre o Festival');
    const text = page.locator('.custom-page__text');
    await expect(text).toHaveClass(/text-columns--2/);
    await expect(text).toHaveCSS('column-count', isDesktop() ? '2' : 'auto');
    await expect(page.getByRole('main').locator('img.custom-page__poster')).toBeVisible();
    await expect(page.getByRole('complementary')).toHaveCount(0);
  });

  test('/t2 adds the sidebar beside the poster, and one text column', async ({ page }) => {
    await openPage(page, '/t2/bilheteira');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bilheteira');
    const sidebar = page.getByRole('main').getByRole('complementary');
    await expect(sidebar).toBeVisible();
    await expect(sidebar.getByRole('heading', { name: 'Preços' })).toBeVisible();
    await expect(page.locator('.custom-page__text')).not.toHaveClass(/text-columns--2/);
    const poster = (await page.locator('img.custom-page__poster').boundingBox())!;
    const side = (await sidebar.boundingBox())!;
    // Beside the poster: in the poster's column, under it.
    expect(Math.abs(side.x - poster.x)).toBeLessThanOrEqual(2);
    expect(side.y).toBeGreaterThanOrEqual(poster.y + poster.height - 1);
  });

  test('/t3 shows a large top image above the text', async ({ page }) => {
    await openPage(page, '/t3/escolas');
    const title = page.getByRole('heading', { level: 1 });
    await expect(title).toHaveText('Escolas');
    const image = page.locator('img.custom-page__top-image');
    await expect(image).toBeVisible();
    const imageBox = (await image.boundingBox())!;
    const titleBox = (await title.boundingBox())!;
    expect(imageBox.y + imageBox.height).toBeLessThanOrEqual(titleBox.y + 1);
    const mainBox = (await page.getByRole('main').boundingBox())!;
    expect(imageBox.width).toBeGreaterThan(mainBox.width * 0.6);
  });

  test('/t4 is a mosaic of cards linking to their films, except the card with movie_id 0', async ({ page, request }) => {
    const custom = (await (await request.get('/admin/api/custompage/catalogo-distribuicao')).json()) as {
      cards: { movie_id: string; title: string }[];
      subsection_title: string;
    };
    await openPage(page, '/t4/catalogo-distribuicao');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Catálogo de Distribuição');
    const mosaic = page
      .getByRole('main')
      .getByRole('list')
      .filter({ has: page.getByRole('heading', { name: 'Em breve' }) });
    const cards = mosaic.getByRole('listitem');
    await expect(cards).toHaveCount(custom.cards.length);
    for (const [index, card] of custom.cards.entries()) {
      const item = cards.nth(index);
      await expect(item.getByRole('heading', { level: 2 })).toHaveText(card.title);
      if (Number(card.movie_id) === 0) await expect(item.getByRole('link')).toHaveCount(0);
      else await expect(item.getByRole('link')).toHaveAttribute('href', `/filme/${card.movie_id}`);
    }
    expect(custom.cards.some((c) => Number(c.movie_id) === 0)).toBe(true);
    await expect(page.getByRole('heading', { name: custom.subsection_title })).toBeVisible();
    await cards.first().getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`/filme/${custom.cards[0]!.movie_id}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(custom.cards[0]!.title);
  });

  test('an unknown custom page answers 404 @one-project', async ({ page }) => {
    const response = await page.goto('/t1/nao-existe');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Página não encontrada.');
  });
});

test.describe('A visitor browses the festival history', () => {
  const TABS = ['Programação', 'Convidados', 'Prémios', 'Números', 'Patrocinadores'];

  test('sees five tabs with programacao selected, opens Prémios by click, keeps it on reload, moves with the arrows', async ({
    page,
    request,
  }) => {
    const { editionNumber, historyEditions } = await editionPrefs(request);
    const latest = historyEditions[0]!;
    await openPage(page, `/historico/${latest}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${editionNumber - 1}.ª Festa do Cinema Italiano`);
    const tablist = page.getByRole('tablist');
    const tabs = tablist.getByRole('tab');
    await expect(tabs).toHaveText(TABS);
    await expect(tablist.getByRole('tab', { selected: true })).toHaveText('Programação');
    const panel = page.getByRole('tabpanel');
    await expect(panel.getByRole('listitem').first()).toBeVisible();

    await tablist.getByRole('tab', { name: 'Prémios' }).click();
    await expect(page).toHaveURL(new RegExp(`/historico/${latest}/premios$`));
    await expect(tablist.getByRole('tab', { selected: true })).toHaveText('Prémios');
    await expect(panel).toContainText('Prémio do Público');

    await page.reload();
    await waitForHydration(page);
    await expect(page.getByRole('tab', { selected: true })).toHaveText('Prémios');
    await expect(page.getByRole('tabpanel')).toContainText('Prémio do Público');

    await page.getByRole('tab', { name: 'Prémios' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(page).toHaveURL(new RegExp(`/historico/${latest}/numeros$`));
    await expect(page.getByRole('tab', { selected: true })).toHaveText('Números');
    await expect(page.getByRole('tab', { name: 'Números' })).toBeFocused();
    await page.keyboard.press('ArrowLeft');
    await expect(page).toHaveURL(new RegExp(`/historico/${latest}/premios$`));
    await expect(page.getByRole('tab', { name: 'Prémios' })).toBeFocused();
  });

  test('an unknown edition answers 404 @one-project', async ({ page }) => {
    const response = await page.goto('/historico/1999');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Página não encontrada.');
  });
});

test.describe('A visitor reaches a page that does not exist @one-project', () => {
  for (const path of ['/404', '/isto/nao/existe']) {
    test(`${path} answers 404 with "Página não encontrada." and the way home`, async ({ page, request }) => {
      expect((await request.get(path)).status()).toBe(404);
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await waitForHydration(page);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Página não encontrada.');
      await expect(page.getByRole('main').getByRole('link', { name: 'Voltar à página principal' })).toHaveAttribute('href', '/');
    });
  }
});

test.describe('A visitor uses the menus', () => {
  test('opens a top menu dropdown by click and closes it with Escape', async ({ page }) => {
    await openPage(page, '/festa');
    await openTopMenu(page);
    const nav = page.getByRole('navigation', { name: 'Menu principal' });
    // "Filmes" is a link to /filmes with a button beside it for its children.
    await expect(nav.getByRole('link', { name: 'Filmes', exact: true })).toHaveAttribute('href', '/filmes');
    const toggle = nav.getByRole('button', { name: 'Filmes' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(nav.getByRole('link', { name: 'Eventos Paralelos' })).toBeHidden();
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    for (const name of ['Programa', 'Todos os filmes', 'Eventos Paralelos'])
      await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(nav.getByRole('link', { name: 'Eventos Paralelos' })).toBeHidden();
    await toggle.click();
    await nav.getByRole('link', { name: 'Eventos Paralelos' }).click();
    await expect(page).toHaveURL(/\/atividades$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('EVENTOS PARALELOS');
    await openTopMenu(page);
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  test('opens a dropdown with Enter and with ArrowDown, and Escape gives the focus back', async ({ page }) => {
    await openPage(page, '/festa');
    await openTopMenu(page);
    const nav = page.getByRole('navigation', { name: 'Menu principal' });
    const toggle = nav.getByRole('button', { name: 'Sobre' });
    const pressOpens = async (key: string) => {
      await page.keyboard.press(key);
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    };
    const escapeClosesToTheButton = async () => {
      await page.keyboard.press('Escape');
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await expect(toggle).toBeFocused();
    };
    await toggle.focus();
    await pressOpens('Enter');
    await expect(nav.getByRole('link', { name: 'Equipa' })).toBeVisible();
    await escapeClosesToTheButton();

    await pressOpens('ArrowDown');
    await expect(nav.getByRole('link', { name: 'Apresentação' })).toBeFocused();
    await escapeClosesToTheButton();
  });

  test('opens the template-5 child and the http items in a new tab, and the other items in the site', async ({ page }) => {
    await openPage(page, '/festa');
    await openTopMenu(page);
    const nav = page.getByRole('navigation', { name: 'Menu principal' });
    await nav.getByRole('button', { name: 'Sobre' }).click();
    const tickets = nav.getByRole('link', { name: 'Bilhetes Online' });
    await expect(tickets).toHaveAttribute('target', '_blank');
    await expect(tickets).toHaveAttribute('rel', /noopener/);
    await expect(nav.getByRole('link', { name: 'Equipa' })).toHaveAttribute('href', '/equipa');
    await expect(nav.getByRole('link', { name: 'Equipa' })).not.toHaveAttribute('target', '_blank');

    const bottom = page.getByRole('navigation', { name: 'Menu de rodapé' });
    await expect(bottom.getByRole('link', { name: 'Instituto Italiano de Cultura' })).toHaveAttribute(
      'href',
      'https://iiclisbona.esteri.it',
    );
    await expect(bottom.getByRole('link', { name: 'Bilheteira' })).toHaveAttribute('href', '/t2/bilheteira');

    // Every menu link whose address carries "http" opens in a new tab; the others are internal.
    const menuLinks = page.locator('nav.top-menu a, nav.bottom-menu a');
    const links = await menuLinks.evaluateAll((nodes) =>
      nodes.map((n) => ({ href: n.getAttribute('href') ?? '', target: n.getAttribute('target'), text: n.textContent })),
    );
    expect(links.some((l) => l.href.includes('http'))).toBe(true);
    for (const link of links) {
      if (link.href.includes('http')) expect(link.target, link.text ?? '').toBe('_blank');
      else if (link.text !== 'Bilhetes Online') expect(link.target, link.text ?? '').toBeNull();
    }
  });
});

test.describe('A visitor types an address with a trailing slash @one-project', () => {
  for (const [path, heading] of [
    ['/filmes/', 'FILMES'],
    ['/noticias/', 'NOTICIAS'],
    ['/programacao/', 'Programação'],
  ] as const) {
    test(`${path} answers 200 and shows its page`, async ({ page }) => {
      await openPage(page, path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      await expect(page.getByRole('heading', { name: 'Página não encontrada.' })).toHaveCount(0);
    });
  }
});
