/**
 * The three languages' addresses: pt-PT where it always was, English under /en/, Italian under /it/,
 * each page naming its twins for search engines, and an installed app per language.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helper';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const get = (url: string) => server.app.inject({ method: 'GET', url });
const ORIGIN = 'http://localhost:3000';

describe('pages in three languages', () => {
  it.each([
    ['/filme/101', 'pt-PT', 'pt_PT'],
    ['/en/filme/101', 'en', 'en_GB'],
    ['/it/filme/101', 'it', 'it_IT'],
  ])('%s is in %s, with its own canonical address and reciprocal hreflang links', async (url, lang, og) => {
    const response = await get(url);
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(html).toContain(`<html lang="${lang}">`);
    expect(html).toContain(`<link rel="canonical" href="${ORIGIN}${url}">`);
    expect(html.match(/<link rel="alternate" hreflang="[^"]+" href="[^"]+">/g)).toEqual([
      `<link rel="alternate" hreflang="pt-PT" href="${ORIGIN}/filme/101">`,
      `<link rel="alternate" hreflang="en" href="${ORIGIN}/en/filme/101">`,
      `<link rel="alternate" hreflang="it" href="${ORIGIN}/it/filme/101">`,
      `<link rel="alternate" hreflang="x-default" href="${ORIGIN}/filme/101">`,
    ]);
    expect(html).toContain(`<meta property="og:locale" content="${og}">`);
    expect(html.match(/og:locale:alternate/g)).toHaveLength(2);
  });

  it("reads what the staff translated in the page's language, marks the pt-PT where there is none, and a film's Italian original title", async () => {
    // 101 is "O Verão de Ada", originally "L'estate di Ada", translated in full; 112's synopsis has no English.
    const tagOf = (html: string, text: string) => {
      const at = html.indexOf(text);
      expect(at, text).toBeGreaterThan(0);
      return html.slice(html.lastIndexOf('<', at), at);
    };
    const body = (html: string) => html.slice(html.indexOf('<body'));
    const english = body((await get('/en/filme/101')).body);
    expect(tagOf(english, 'Ada&#x27;s Summer</h1>')).toBe('<h1 class="detail-hero__title">');
    expect(english).toMatch(/<div class="detail__description">/);
    expect(english).not.toContain('Not translated yet');
    // The Italian title is the original one: said once, in the page's language.
    const italian = body((await get('/it/filme/101')).body);
    expect(tagOf(italian, 'L&#x27;estate di Ada</h1>')).toBe('<h1 class="detail-hero__title">');
    expect(italian).not.toContain('Titolo originale');
    const untranslated = body((await get('/en/filme/112')).body);
    expect(untranslated).toMatch(/<div class="detail__description" lang="pt-PT">/);
    expect(untranslated).toContain('<p class="untranslated-note">Not translated yet: this text is in Portuguese.</p>');
    expect(untranslated).toMatch(/<p class="detail__logline">/);
    expect(tagOf(body((await get('/en/filme/101')).body), 'L&#x27;estate di Ada')).toBe('<span lang="it">');
    const portuguese = body((await get('/filme/101')).body);
    expect(portuguese).toContain('Título original: <span lang="it">L&#x27;estate di Ada</span>');
    // Only the language switch's own "Português" names pt-PT on the pt-PT page.
    expect(portuguese.match(/<[^>]+lang="pt-PT"[^>]*>/g)).toEqual([expect.stringMatching(/hrefLang="pt-PT"/)]);
    // The cards of the programme and the menu's entries in English (every seed film and entry has an English title).
    const programme = body((await get('/en/programacao')).body);
    expect(programme).toMatch(/<h3 class="event-card__title">/);
    expect(programme).not.toMatch(/<h3 class="event-card__title" lang="pt-PT">/);
    expect(programme).toMatch(/<a class="menu__[a-z_-]+"[^>]*>Programme</);
    expect(programme).not.toMatch(/<a class="menu__[a-z_-]+"[^>]* lang="pt-PT"/);
  });

  it("gives the festival's own texts, the press and the programme text in the page's language, and the site's description in its head", async () => {
    const body = (html: string) => html.slice(html.indexOf('<body'));
    const presentation = (await get('/en/apresentacao')).body;
    expect(body(presentation)).toMatch(/<div class="static-page__text">/);
    expect(body(presentation)).not.toContain('untranslated-note');
    const home = (await get('/en/')).body;
    const description = /<meta name="description" content="([^"]+)">/.exec(home)?.[1] ?? '';
    expect(description).toMatch(/Italian/);
    expect(description).not.toBe(/<meta name="description" content="([^"]+)">/.exec((await get('/')).body)?.[1]);
    expect(body((await get('/it/comunicados')).body)).toContain('Comunicato stampa: date e novità');
    expect(body((await get('/en/programa')).body)).toMatch(/<div class="programme-text__body rich-text"><p>The programme for the/);
  });

  it('links the language switch to the same page in each language, query kept', async () => {
    const html = (await get('/en/pesquisa?q=ada')).body;
    const links = [...html.matchAll(/<a href="([^"]+)" hrefLang="([^"]+)" lang="[^"]+" aria-label="([^"]+)"/gi)].map((m) => [
      m[1],
      m[2],
      m[3],
    ]);
    expect(links).toEqual([
      ['/pesquisa?q=ada', 'pt-PT', 'Português'],
      ['/en/pesquisa?q=ada', 'en', 'English'],
      ['/it/pesquisa?q=ada', 'it', 'Italiano'],
    ]);
  });

  it('answers the home of each language at /en/ and /it/, and a page that is none with 404 in its language', async () => {
    for (const url of ['/en/', '/it/', '/en']) expect((await get(url)).statusCode, url).toBe(200);
    const missing = await get('/en/filme/999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('<html lang="en">');
    expect(missing.body).toContain('<title>Page not found | 8½ Festa do Cinema Italiano</title>');
  });

  it("fetches the page's language catalogs with the entry, and no other language's", async () => {
    const catalogs = (html: string) =>
      [...html.matchAll(/<link rel="modulepreload" crossorigin fetchpriority="low" href="\/assets\/((?:pt-PT|en|it)-[\w-]+\.js)">/g)].map(
        (m) => m[1]!.split('-')[0],
      );
    expect(catalogs((await get('/en/filmes')).body)).toEqual(['en', 'en']);
    expect(catalogs((await get('/it/')).body)).toEqual(['it', 'it']);
    expect(catalogs((await get('/filmes')).body)).toEqual(['pt', 'pt']);
  });

  it('gives the app installed from an English or Italian page its own start, words and shortcuts', async () => {
    const en = await get('/en/manifest.webmanifest');
    expect(en.statusCode).toBe(200);
    expect(en.headers['content-type']).toContain('application/manifest+json');
    const manifest = en.json<{ lang: string; start_url: string; id: string; shortcuts: { name: string; url: string }[] }>();
    expect(manifest).toMatchObject({ lang: 'en', start_url: '/en/', id: '/' });
    expect(manifest.shortcuts.map((shortcut) => shortcut.url)).toEqual(['/en/programacao', '/en/filmes', '/en/agenda']);
    expect(manifest.shortcuts[0]!.name).toBe('Programme');
    expect((await get('/it/manifest.webmanifest')).json<{ start_url: string }>().start_url).toBe('/it/');
    expect((await get('/it/filmes')).body).toContain('<link rel="manifest" href="/it/manifest.webmanifest">');
    expect((await get('/filmes')).body).toContain('<link rel="manifest" href="/manifest.webmanifest">');
  });
});
