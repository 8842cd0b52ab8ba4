/**
 * User stories of the list pages (parallel events, news, search, press, sponsors, programme text)
 * and of the two public forms (accreditation, newsletter), spec sections 2, 4, 5 and 8.
 */
import type { APIRequestContext, Locator } from '@playwright/test';
import { openPage } from './fixtures';
import { expect, test } from './warm-tab';

const azOrder = (titles: string[]) => [...titles].sort((a, b) => a.localeCompare(b, 'pt-PT', { sensitivity: 'base' }));

/** Every DOWNLOAD link of `scope` answers 200 with a PDF. */
async function expectPdfDownloads(request: APIRequestContext, links: Locator, atLeast: number): Promise<void> {
  const hrefs = await links.evaluateAll((nodes) => nodes.map((n) => n.getAttribute('href') ?? ''));
  expect(hrefs.length).toBeGreaterThanOrEqual(atLeast);
  for (const href of hrefs) {
    const response = await request.get(href);
    expect(response.status(), href).toBe(200);
    expect(response.headers()['content-type'], href).toContain('application/pdf');
  }
}

test.describe('A visitor browses the parallel events', () => {
  test('sees EVENTOS PARALELOS, narrows the list by section and sorts it A to Z', async ({ page }) => {
    await openPage(page, '/atividades');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('EVENTOS PARALELOS');
    const titles = page.getByRole('main').getByRole('heading', { level: 2 });
    await expect(titles).toHaveCount(15);
    // Items that are not films carry the EVENTOS PARALELOS label.
    await expect(page.getByRole('main').getByRole('listitem').first().getByText('EVENTOS PARALELOS', { exact: true })).toBeVisible();

    const filter = page.getByLabel('Filtrar por');
    await expect(filter).toHaveValue('SECCOES');
    await filter.selectOption('Masterclasses');
    await expect(titles).toHaveCount(5);
    for (const title of await titles.allTextContents()) expect(title).toMatch(/^Masterclass/);

    await filter.selectOption('SECCOES');
    await expect(titles).toHaveCount(15);
    const before = await titles.allTextContents();
    const az = page.getByRole('button', { name: 'FILMES A a Z' });
    await expect(az).toHaveAttribute('aria-pressed', 'false');
    await az.click();
    await expect(az).toHaveAttribute('aria-pressed', 'true');
    const sorted = await titles.allTextContents();
    expect(sorted).toEqual(azOrder(before));
    expect(sorted).not.toEqual(before);
  });
});

test.describe('A visitor browses the news', () => {
  test('sees NOTICIAS newest first, and A to Z by title with the toggle', async ({ page, request }) => {
    const news = (await (await request.get('/admin/api/news/festa')).json()) as { title: string; published_at: string }[];
    const newestFirst = [...news].sort((a, b) => b.published_at.localeCompare(a.published_at)).map((n) => n.title);
    await openPage(page, '/noticias');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('NOTICIAS');
    // A paged carousel: every card is in the track, the current page's are visible.
    const titles = page.locator('.paged--news .card__title');
    await expect(titles).toHaveText(newestFirst);
    await page.getByRole('button', { name: 'A a Z', exact: true }).click();
    await expect(titles).toHaveText(azOrder(newestFirst));
    await page.getByRole('main').getByRole('heading', { level: 3 }).first().click();
    await expect(page).toHaveURL(/\/noticia\/\d+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(azOrder(newestFirst)[0]!);
  });
});

test.describe('A visitor searches the site', () => {
  test('gets Filmes, Noticias and Eventos Paralelos sections, and a result opens its page', async ({ page }) => {
    await openPage(page, '/pesquisa?q=cinema');
    const main = page.getByRole('main');
    for (const [name, path] of [
      ['Filmes', '/filme/'],
      ['Noticias', '/noticia/'],
      ['Eventos Paralelos', '/actividade/'],
    ] as const) {
      const section = main.getByRole('region', { name: new RegExp(`^${name} \\(\\d+\\)$`) });
      await expect(section).toBeVisible();
      const links = section.getByRole('link');
      expect(await links.count()).toBeGreaterThan(0);
      for (const href of await links.evaluateAll((nodes) => nodes.map((n) => n.getAttribute('href'))))
        expect(href).toMatch(new RegExp(`^${path}\\d+$`));
    }
    const first = main
      .getByRole('region', { name: /^Eventos Paralelos/ })
      .getByRole('link')
      .first();
    const title = (await first.textContent())!.trim();
    const href = (await first.getAttribute('href'))!;
    await first.click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  });

  test('ignores accents: "seccoes" finds films', async ({ page }) => {
    await openPage(page, '/pesquisa?q=seccoes');
    const films = page.getByRole('main').getByRole('region', { name: /^Filmes \(\d+\)$/ });
    await expect(films.getByRole('link').first()).toBeVisible();
  });

  test('a query without results says so and leads back home', async ({ page }) => {
    await openPage(page, '/pesquisa?q=xqzjwvkpl');
    await expect(page.getByText('Não foram encontrados resultados', { exact: true })).toBeVisible();
    await page.getByRole('main').getByRole('link', { name: 'Voltar à página principal' }).click();
    await expect(page).toHaveURL(/^http:\/\/[^/]+\/$/);
  });
});

test.describe('A journalist downloads press material', () => {
  for (const [path, title] of [
    ['/comunicados', 'Comunicados de Imprensa'],
    ['/presskit', 'Presskit'],
    ['/materiais_apoio', 'Materiais de Apoio'],
  ] as const) {
    test(`${path} is titled ${title} and every item has a DOWNLOAD of a PDF`, async ({ page, request }) => {
      await openPage(page, path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
      const items = page
        .getByRole('main')
        .getByRole('listitem')
        .filter({ has: page.getByRole('link', { name: /^DOWNLOAD/ }) });
      const count = await items.count();
      expect(count).toBeGreaterThan(0);
      for (let i = 0; i < count; i += 1) {
        await expect(items.nth(i).getByRole('heading', { level: 2 })).not.toBeEmpty();
        await expect(items.nth(i).getByRole('link', { name: /^DOWNLOAD/ })).toHaveCount(1);
      }
      await expectPdfDownloads(request, page.getByRole('main').getByRole('link', { name: /^DOWNLOAD/ }), count);
    });
  }
});

test.describe('A visitor looks at the sponsors', () => {
  test('sees the sponsors grouped by tag_name, each link opening in a new tab', async ({ page, request }) => {
    const list = (await (await request.get('/admin/api/sponsors_from_menu/0/festa')).json()) as {
      items: Record<string, { tag_name: string; link: string }>;
      ids: string[];
    };
    const groupNames = [...new Set(list.ids.map((id) => list.items[id]?.tag_name))];
    await openPage(page, '/patrocinadores');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Patrocinadores');
    await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText(groupNames as string[]);
    const links = page.getByRole('main').getByRole('link');
    expect(await links.count()).toBeGreaterThan(0);
    for (const attrs of await links.evaluateAll((nodes) => nodes.map((n) => [n.getAttribute('target'), n.getAttribute('rel')]))) {
      expect(attrs[0]).toBe('_blank');
      expect(attrs[1]).toContain('noopener');
    }
  });
});

test.describe('A journalist requests accreditation', () => {
  test('gets the four required-field messages, the invalid email message, then success with the form cleared', async ({ page }) => {
    await openPage(page, '/acreditacoes');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Acreditações');
    await expect(page.getByText('Os campos assinalados com * são obrigatórios.')).toBeVisible();
    const send = page.getByRole('button', { name: 'Enviar' });
    await send.click();
    for (const label of ['Nome', 'Entidade', 'Email', 'Telefone']) {
      await expect(page.getByText(`Campo ${label} é obrigatório.`, { exact: true })).toBeVisible();
    }
    const fields = {
      name: page.getByLabel('Nome*'),
      company: page.getByLabel('Entidade*'),
      email: page.getByLabel('Email*'),
      telf: page.getByLabel('Telefone*'),
    };
    await fields.name.fill('Maria Silva');
    await fields.company.fill('Jornal de Cinema');
    await fields.email.fill('maria@exemplo');
    await fields.telf.fill('+351 912 345 678');
    await send.click();
    await expect(page.getByText('Endereço de email inválido.', { exact: true })).toBeVisible();
    await expect(fields.email).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText(/^Campo .* é obrigatório\.$/)).toHaveCount(0);

    await fields.email.fill('maria@exemplo.pt');
    await send.click();
    await expect(page.getByRole('status').filter({ hasText: 'Pedido enviado com sucesso.' })).toHaveText('Pedido enviado com sucesso.');
    for (const field of Object.values(fields)) await expect(field).toHaveValue('');
    await expect(page.getByText('Endereço de email inválido.')).toHaveCount(0);
  });
});

test.describe('A visitor subscribes to the newsletter', () => {
  test('gets the missing email and city messages', async ({ page }) => {
    await openPage(page, '/newsletter');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Newsletter');
    await expect(page.getByRole('heading', { name: 'Receba as nossas novidades no seu e-mail!' })).toBeVisible();
    await page.getByRole('button', { name: 'Subscrever' }).click();
    await expect(page.getByText('Falta o endereço de email', { exact: true })).toBeVisible();
    await expect(page.getByText('Falta a cidade', { exact: true })).toBeVisible();
    await page.getByLabel('E-mail', { exact: true }).fill('ana@exemplo');
    await page.getByLabel('E-mail', { exact: true }).blur();
    await expect(page.getByText('Endereço de email inválido.', { exact: true })).toBeVisible();
  });

  test('is thanked, and the form goes away 3 seconds later while the thanks stay', async ({ page }) => {
    const thanks = 'Obrigado por subscrever a newsletter. Em breve começará a receber regularmente as nossas publicações.';
    await openPage(page, '/newsletter');
    const subscribe = page.getByRole('button', { name: 'Subscrever' });
    await page.getByLabel('E-mail', { exact: true }).fill('ana@exemplo.pt');
    await page.getByLabel('Cidade', { exact: true }).fill('Lisboa');
    await subscribe.click();
    await expect(page.getByText(thanks, { exact: true })).toBeVisible();
    // The form stays a while (3 seconds), then leaves. No wall-clock bound: on a busy machine the
    // thanks can be noticed late (the delay is NEWSLETTER_HIDE_DELAY_MS in src/common/constants.ts).
    await expect(subscribe).toBeVisible();
    await expect(subscribe).toHaveCount(0, { timeout: 6000 });
    await expect(page.getByLabel('E-mail', { exact: true })).toHaveCount(0);
    await expect(page.getByText(thanks, { exact: true })).toBeVisible();
    // The search button still leads to /pesquisa.
    await page.getByRole('main').getByRole('link', { name: 'Pesquisar' }).click();
    await expect(page).toHaveURL(/\/pesquisa$/);
  });
});

test.describe('A visitor reads the programme text', () => {
  test('sees Programação, the Programa block and each attachment with its DOWNLOAD', async ({ page, request }) => {
    await openPage(page, '/programa');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Programação');
    await expect(page.getByRole('heading', { level: 2, name: 'Programa', exact: true })).toBeVisible();
    const attachments = page.getByRole('main').getByRole('listitem');
    await expect(attachments).toHaveCount(3);
    for (const item of await attachments.all()) {
      await expect(item.getByRole('heading', { level: 3 })).not.toBeEmpty();
      await expect(item.getByRole('link', { name: /^DOWNLOAD/ })).toBeVisible();
    }
    await expectPdfDownloads(request, page.getByRole('main').getByRole('link', { name: /^DOWNLOAD/ }), 3);
  });
});
