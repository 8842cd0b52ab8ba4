/**
 * User stories of the detail pages (spec section 2: "Film detail", "News detail", "Activity
 * detail", "Video"): film, news and activity pages, their share buttons, the trailer player and the
 * not-found answer for unknown ids.
 */
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { filmWithSessionToCome, openPage, waitForHydration } from './fixtures';
import { expect, test } from './warm-tab';
import { lisbonDateTime } from '../../src/common/time/lisbon-time';

interface MovieAnswer {
  id: string;
  title: string;
  poster: string;
  video_url: string;
  technical_info: string;
  sessions: unknown[];
}

interface NewsAnswer {
  id: string;
  title: string;
  pretty_date: string;
  video_url: string;
}

/** Seed facts (server/content/seed/films.json, news.json). */
const FILM_WITH_ALL = '101'; // trailer a7Kx92, technical sheet, sessions
const FILM_WITHOUT_VIDEO_OR_SHEET = '127'; // videoId null, technicalInfoHtml ""
const NEWS_WITH_VIDEO = '304'; // trailer Nw3Pq8
const NEWS_WITHOUT_VIDEO = '301';
const ACTIVITY = '201';

const SESSION_LINE = /^[^|]+ \| \d{1,2} [A-Z][a-zç]+ \| \d{2}:\d{2} \| .+$/;

async function apiJson<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(`/admin${path}`);
  expect(response.status(), path).toBe(200);
  return (await response.json()) as T;
}

/** The content of a <meta property|name="key"> in raw server HTML. */
function metaContent(html: string, key: string): string | undefined {
  const match = new RegExp(`<meta (?:property|name)="${key.replace(/[.:]/g, '\\$&')}" content="([^"]*)"`).exec(html);
  return match?.[1];
}

/** The trailer host is not reachable in tests: answer its frames with a blank page. */
async function stubVideoHost(context: BrowserContext): Promise<void> {
  await context.route('https://video.festadocinemaitaliano.pt/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>trailer</title><p>trailer</p>' }),
  );
}

const sessionsSection = (page: Page) => page.locator('section', { has: page.getByRole('heading', { name: 'SESSÕES', exact: true }) });

test.describe('A visitor reads a film page', () => {
  test('the server HTML carries the film title and its share metadata', async ({ request }) => {
    const movie = await apiJson<MovieAnswer>(request, `/api/movie/${FILM_WITH_ALL}`);
    const response = await request.get(`/filme/${FILM_WITH_ALL}`);
    expect(response.status()).toBe(200);
    const html = await response.text();
    const title = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '';
    expect(title).toContain(movie.title);
    expect(metaContent(html, 'og:title')).toBe(movie.title);
    expect(metaContent(html, 'og:image')).toMatch(/^https?:\/\/.+/);
    expect(metaContent(html, 'og:image')).toContain(movie.poster);
    expect(metaContent(html, 'twitter:card')).toBeTruthy();
  });

  test('shows the title, the SESSÕES as "city | day month | time | venue", the FICHA TÉCNICA and the play button', async ({
    page,
    request,
  }) => {
    const movie = await apiJson<MovieAnswer>(request, `/api/movie/${FILM_WITH_ALL}`);
    await openPage(page, `/filme/${FILM_WITH_ALL}`);
    await expect(page).toHaveTitle(new RegExp(movie.title));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(movie.title);
    const rows = sessionsSection(page).getByRole('listitem');
    await expect(rows).toHaveCount(movie.sessions.length);
    for (const row of await rows.allTextContents()) expect(row.trim()).toMatch(SESSION_LINE);
    await expect(page.getByRole('heading', { name: 'FICHA TÉCNICA', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Ver o trailer' })).toBeVisible();
  });

  test('a film without technical sheet or trailer shows neither FICHA TÉCNICA nor a play button', async ({ page, request }) => {
    const movie = await apiJson<MovieAnswer>(request, `/api/movie/${FILM_WITHOUT_VIDEO_OR_SHEET}`);
    expect(movie.technical_info).toBe('');
    expect(movie.video_url).toBe('');
    await openPage(page, `/filme/${FILM_WITHOUT_VIDEO_OR_SHEET}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(movie.title);
    await expect(page.getByRole('heading', { name: 'FICHA TÉCNICA' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Ver o trailer' })).toHaveCount(0);
    for (const row of await sessionsSection(page).getByRole('listitem').allTextContents()) expect(row.trim()).toMatch(SESSION_LINE);
  });

  test('plays the trailer in a dialog sized by the window, closed by Escape and by the overlay', async ({ page, context, request }) => {
    const movie = await apiJson<MovieAnswer>(request, `/api/movie/${FILM_WITH_ALL}`);
    await stubVideoHost(context);
    await openPage(page, `/filme/${FILM_WITH_ALL}`);
    const play = page.getByRole('button', { name: 'Ver o trailer' });
    const dialog = page.getByRole('dialog', { name: `Trailer: ${movie.title}` });
    const frame = dialog.locator('iframe');

    await play.click();
    await expect(dialog).toBeVisible();
    await expect(frame).toHaveAttribute('src', /\/play\/a7Kx92$/);
    expect(await frame.getAttribute('src')).toBe(movie.video_url);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);

    await play.click();
    await expect(frame).toBeVisible();
    const { innerWidth, innerHeight } = await page.evaluate(() => ({ innerWidth: window.innerWidth, innerHeight: window.innerHeight }));
    if (test.info().project.name === 'phone') {
      // Below 900 px the trailer is a full-screen popup.
      const box = (await dialog.boundingBox())!;
      expect(Math.abs(box.x)).toBeLessThanOrEqual(2);
      expect(Math.abs(box.y)).toBeLessThanOrEqual(2);
      expect(Math.abs(box.width - innerWidth)).toBeLessThanOrEqual(2);
      expect(Math.abs(box.height - innerHeight)).toBeLessThanOrEqual(2);
      await dialog.getByRole('button', { name: 'Fechar' }).click();
      await expect(dialog).toHaveCount(0);
    } else {
      // Half the window wide, 0.56 of that high.
      const box = (await frame.boundingBox())!;
      expect(Math.abs(box.width - innerWidth / 2)).toBeLessThanOrEqual(2);
      expect(Math.abs(box.height - 0.56 * box.width)).toBeLessThanOrEqual(2);
      await page.locator('.video-overlay').click({ position: { x: 5, y: 5 } });
      await expect(dialog).toHaveCount(0);
    }
    await expect(play).toBeFocused();
  });

  test('shares on Facebook in a 626x436 popup', async ({ page, context }) => {
    await context.route('https://www.facebook.com/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>fb</title>' }),
    );
    await openPage(page, `/filme/${FILM_WITH_ALL}`);
    const share = page.getByRole('group', { name: 'Partilhar' });
    await expect(share.getByRole('link', { name: /Twitter/ })).toHaveAttribute('target', '_blank');
    const [popup] = await Promise.all([page.waitForEvent('popup'), share.getByRole('link', { name: /Facebook/ }).click()]);
    expect(popup.url().startsWith('https://www.facebook.com/sharer/sharer.php?')).toBe(true);
    const shared = new URL(popup.url()).searchParams;
    expect(shared.get('url')).toMatch(new RegExp(`/filme/${FILM_WITH_ALL}$`));
    expect(shared.get('title')).toBeTruthy();
    expect(popup.viewportSize()).toEqual({ width: 626, height: 436 });
    await popup.close();
    // The page itself did not navigate away.
    await expect(page).toHaveURL(new RegExp(`/filme/${FILM_WITH_ALL}$`));
  });
});

test.describe('A visitor reads a news page', () => {
  test('sees the title, the date and the share buttons, and plays the news trailer', async ({ page, context, request }) => {
    const news = await apiJson<NewsAnswer>(request, `/api/news/${NEWS_WITH_VIDEO}`);
    await stubVideoHost(context);
    await openPage(page, `/noticia/${NEWS_WITH_VIDEO}`);
    await expect(page).toHaveTitle(new RegExp(news.title));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(news.title);
    await expect(page.getByText(news.pretty_date, { exact: true })).toBeVisible();
    expect(news.pretty_date).toMatch(/^\d{1,2} [A-Z][a-zç]+ \d{4}$/);
    const share = page.getByRole('group', { name: 'Partilhar' });
    await expect(share.getByRole('link', { name: /Facebook/ })).toHaveAttribute(
      'href',
      /^https:\/\/www\.facebook\.com\/sharer\/sharer\.php\?/,
    );
    await expect(share.getByRole('link', { name: /Twitter/ })).toBeVisible();
    await page.getByRole('button', { name: 'Ver o trailer' }).click();
    await expect(page.getByRole('dialog').locator('iframe')).toHaveAttribute('src', /\/play\/Nw3Pq8\/news$/);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('a news item without video has no play button', async ({ page, request }) => {
    const news = await apiJson<NewsAnswer>(request, `/api/news/${NEWS_WITHOUT_VIDEO}`);
    expect(news.video_url).toBe('');
    await openPage(page, `/noticia/${NEWS_WITHOUT_VIDEO}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(news.title);
    await expect(page.getByRole('group', { name: 'Partilhar' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Ver o trailer' })).toHaveCount(0);
  });
});

test.describe('A visitor reads an activity page', () => {
  test('sees the title and the PARTILHA block, and no SESSÕES', async ({ page, request }) => {
    const activity = await apiJson<{ title: string }>(request, `/api/activity/${ACTIVITY}`);
    await openPage(page, `/actividade/${ACTIVITY}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(activity.title);
    const share = page.getByRole('group', { name: 'PARTILHA' });
    await expect(share).toBeVisible();
    await expect(share.getByText('PARTILHA', { exact: true })).toBeVisible();
    await expect(share.getByRole('link')).toHaveCount(2);
    await expect(page.getByRole('heading', { name: 'SESSÕES' })).toHaveCount(0);
  });
});

test.describe('A visitor follows a link to something that does not exist @one-project', () => {
  for (const path of ['/filme/99999', '/noticia/99999', '/actividade/99999']) {
    test(`${path} answers 404 with the way back home`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await waitForHydration(page);
      await expect(page.getByRole('heading', { level: 1, name: 'Página não encontrada.' })).toBeVisible();
      await page.getByRole('link', { name: 'Voltar à página principal' }).click();
      await expect(page).toHaveURL(/^http:\/\/[^/]+\/$/);
      await expect(page.getByRole('heading', { name: 'Página não encontrada.' })).toHaveCount(0);
    });
  }
});

test.describe('A festival-goer asks for tickets on a film page', () => {
  /** 'YYYY-MM-DDTHH:MM' now in Lisbon, like a session's starts_at. */
  const lisbonNow = () => lisbonDateTime(new Date());

  /**
   * Holds the form's code back (its own chunk, loaded after hydration) until `release()`;
   * `asked()` says whether the page asked for it.
   */
  async function holdFormCode(page: Page): Promise<{ release: () => void; asked: () => boolean }> {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let asked = false;
    await page.route(/\/assets\/ticket-request-form-[^/]+\.js$/, async (route) => {
      asked = true;
      await released;
      await route.continue();
    });
    return { release, asked: () => asked };
  }

  test('is offered only the sessions that have not started', async ({ page, request }) => {
    const movie = (await (await request.get('/admin/api/movie/101')).json()) as { sessions: { id: string; starts_at: string }[] };
    const now = lisbonNow();
    await page.goto('/filme/101');
    await waitForHydration(page);
    // The form is the server's until its code arrives, once the visitor nears it.
    await page.locator('.ticket-request').scrollIntoViewIfNeeded();
    const offered = () =>
      page
        .locator('.ticket-request select[name="session_id"] option')
        .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value).filter(Boolean));
    await expect.poll(offered).toEqual(movie.sessions.filter((s) => s.starts_at > now).map((s) => s.id));
  });

  test('gets the messages of an incomplete request, then sends one that the server stores', async ({ page, request }) => {
    const target = await filmWithSessionToCome(request);
    await page.goto(`/filme/${target.film}`);
    await waitForHydration(page);
    const form = page.locator('.ticket-request');
    await form.getByRole('button', { name: 'Pedir bilhetes' }).click();
    await expect(form.getByText('Escolha uma sessão.')).toBeVisible();
    await expect(form.getByText('Campo Nome é obrigatório.')).toBeVisible();
    await expect(form.getByText('Campo E-mail é obrigatório.')).toBeVisible();
    await form.getByLabel('Sessão*').selectOption(target.session);
    await form.getByLabel('Nome*').fill('Marta Reis');
    await form.getByLabel('E-mail*').fill('marta@example.pt');
    await form.getByLabel('Bilhetes*').selectOption('3');
    await form.getByRole('button', { name: 'Pedir bilhetes' }).click();
    await expect(form.getByRole('status')).toHaveText('Pedido de bilhetes enviado com sucesso.');
    await expect(form.getByLabel('Nome*')).toHaveValue('');
  });

  test('types in the form before its code arrived: the page hydrated without it, nothing typed is lost, nothing moves', async ({
    page,
    request,
  }) => {
    const target = await filmWithSessionToCome(request);
    const code = await holdFormCode(page);
    await page.goto(`/filme/${target.film}`);
    // Hydrated while the form's code is held back: the page does not wait for it.
    await waitForHydration(page);
    await page.evaluate(() => {
      const w = window as unknown as { shifted: number; sameDocument: boolean };
      w.shifted = 0;
      w.sameDocument = true;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
          if (!entry.hadRecentInput) w.shifted += entry.value;
      }).observe({ type: 'layout-shift' });
    });
    const form = page.locator('.ticket-request');
    await form.getByLabel('Sessão*').selectOption(target.session);
    await form.getByLabel('Bilhetes*').selectOption('2');
    await form.getByLabel('Nome*').fill('Rui Costa');
    await form.getByLabel('E-mail*').fill('rui@example');
    // The request leaves when the form nears the viewport, which the observer reports a frame later.
    await expect.poll(code.asked, { message: 'reaching the form asked for its code' }).toBe(true);

    code.release();
    // The live form's fields are React's (the server's, adopted whole, were not).
    await page.waitForFunction(() => {
      const field = document.querySelector('.ticket-request input[name="name"]');
      return field !== null && Object.keys(field).some((key) => key.startsWith('__reactFiber'));
    });
    // It took the visitor's field and caret over: typing goes on where it was.
    await expect(form.getByLabel('E-mail*')).toBeFocused();
    await page.keyboard.type('.pt');
    await expect(form.getByLabel('E-mail*')).toHaveValue('rui@example.pt');
    await expect(form.getByLabel('Nome*')).toHaveValue('Rui Costa');
    await expect(form.getByLabel('Sessão*')).toHaveValue(target.session);
    await expect(form.getByLabel('Bilhetes*')).toHaveValue('2');
    // Nothing moved when the live form replaced the server's.
    expect(await page.evaluate(() => (window as unknown as { shifted: number }).shifted)).toBe(0);

    await form.getByRole('button', { name: 'Pedir bilhetes' }).click();
    await expect(form.getByRole('status')).toHaveText('Pedido de bilhetes enviado com sucesso.');
    // Sent by the live form (through the outbox), not posted by the server's: the same document.
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  });

  test('sends a request submitted before the code of its form arrived, once it has', async ({ page, request }) => {
    const target = await filmWithSessionToCome(request);
    const code = await holdFormCode(page);
    await page.goto(`/filme/${target.film}`);
    await waitForHydration(page);
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    const form = page.locator('.ticket-request');
    await form.getByLabel('Sessão*').selectOption(target.session);
    await form.getByLabel('Nome*').fill('Inês Lobo');
    await form.getByLabel('E-mail*').fill('ines@example.pt');
    await form.getByRole('button', { name: 'Pedir bilhetes' }).click();
    await expect(form.getByText('Pedido de bilhetes enviado com sucesso.')).toHaveCount(0);
    code.release();
    await expect(form.getByRole('status')).toHaveText('Pedido de bilhetes enviado com sucesso.');
    await expect(form.getByLabel('Nome*')).toHaveValue('');
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  });
});
