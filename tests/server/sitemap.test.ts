/** GET /sitemap.xml: every indexable page in pt-PT, English and Italian, each with its four alternates; robots.txt names it. */
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { escapeXml, robotsTxt, sitemapXml } from '../../server/render/sitemap';
import { startTestServer, type TestServer } from './helper';

const PUBLIC_URL = 'https://festa.example.pt';
const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const XHTML_NS = 'http://www.w3.org/1999/xhtml';

/** jsdom's DOMParser, a real XML parser (jsdom is a dev dependency without its own types: its one class used here is typed by hand). */
const { JSDOM } = createRequire(import.meta.url)('jsdom') as { JSDOM: new () => { window: { DOMParser: typeof DOMParser } } };

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ PUBLIC_URL });
});
afterAll(() => server.close());

const get = (url: string, headers: Record<string, string> = {}) => server.app.inject({ method: 'GET', url, headers });

/** The sitemap read by a real XML parser: each <url>'s <loc> and its alternates by hreflang. */
function parseSitemap(xml: string): Map<string, Record<string, string>> {
  const { DOMParser } = new JSDOM().window;
  const doc = new DOMParser().parseFromString(xml, 'application/xml');
  expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
  expect(doc.documentElement.namespaceURI).toBe(SITEMAP_NS);
  expect(doc.documentElement.localName).toBe('urlset');
  const urls = new Map<string, Record<string, string>>();
  for (const url of Array.from(doc.getElementsByTagNameNS(SITEMAP_NS, 'url'))) {
    const loc = url.getElementsByTagNameNS(SITEMAP_NS, 'loc')[0]!.textContent;
    expect(urls.has(loc), `${loc} listed twice`).toBe(false);
    const alternates: Record<string, string> = {};
    for (const link of Array.from(url.getElementsByTagNameNS(XHTML_NS, 'link'))) {
      expect(link.getAttribute('rel')).toBe('alternate');
      alternates[link.getAttribute('hreflang')!] = link.getAttribute('href')!;
    }
    urls.set(loc, alternates);
  }
  return urls;
}

describe('GET /sitemap.xml', () => {
  it('answers XML, revalidated every time, with an ETag that answers 304', async () => {
    const response = await get('/sitemap.xml');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/xml/);
    expect(response.headers['cache-control']).toBe('no-cache');
    const etag = response.headers.etag as string;
    expect(etag).toBeTruthy();
    expect((await get('/sitemap.xml', { 'if-none-match': etag })).statusCode).toBe(304);
  });

  it('lists a film in the three languages, each with its four alternates; pt-PT at its address of today', async () => {
    const urls = parseSitemap((await get('/sitemap.xml')).body);
    const film = {
      'pt-PT': `${PUBLIC_URL}/filme/101`,
      en: `${PUBLIC_URL}/en/filme/101`,
      it: `${PUBLIC_URL}/it/filme/101`,
      'x-default': `${PUBLIC_URL}/filme/101`,
    };
    for (const loc of [film['pt-PT'], film.en, film.it]) expect(urls.get(loc)).toEqual(film);
    // The page's own <head> names the same twins.
    const html = (await get('/en/filme/101')).body;
    for (const [hreflang, href] of Object.entries(film))
      expect(html).toContain(`<link rel="alternate" hreflang="${hreflang}" href="${href}">`);
  });

  it('lists every fixed public page and one page per film, activity, news item and custom page, but not search, agenda or 404', async () => {
    const urls = parseSitemap((await get('/sitemap.xml')).body);
    const paths = [...urls.keys()].map((loc) => {
      expect(loc.startsWith(`${PUBLIC_URL}/`)).toBe(true);
      return loc.slice(PUBLIC_URL.length);
    });
    for (const path of [
      '/',
      '/en/',
      '/it/',
      '/programacao',
      '/en/noticias',
      '/it/atividades',
      '/actividade/201',
      '/noticia/301',
      '/t1/sobre-o-festival',
    ])
      expect(paths).toContain(path);
    const films = await server.db.selectFrom('movies').select('id').where('is_movie', '=', 1).execute();
    for (const { id } of films) expect(paths).toContain(`/it/filme/${id}`);
    for (const path of paths) expect(path).not.toMatch(/^(\/(en|it))?\/(pesquisa|agenda|404)(\/|\?|$)/);
    // Every <url> carries the four alternates, among them its own address.
    for (const [loc, alternates] of urls) {
      expect(Object.keys(alternates).sort()).toEqual(['en', 'it', 'pt-PT', 'x-default']);
      expect(Object.values(alternates)).toContain(loc);
      expect(alternates['x-default']).toBe(alternates['pt-PT']);
    }
    // Three languages of each page.
    expect(urls.size % 3).toBe(0);
  });

  it('escapes what XML would read as markup', () => {
    expect(escapeXml(`a&b<c>"d'`)).toBe('a&amp;b&lt;c&gt;&quot;d&#39;');
    const xml = sitemapXml(['/t1/a&b'], PUBLIC_URL);
    expect(xml).toContain(`<loc>${PUBLIC_URL}/t1/a&amp;b</loc>`);
    expect(parseSitemap(xml).get(`${PUBLIC_URL}/en/t1/a&b`)?.it).toBe(`${PUBLIC_URL}/it/t1/a&b`);
  });
});

describe('GET /robots.txt', () => {
  it('names the sitemap by its absolute address', () => {
    expect(robotsTxt(PUBLIC_URL)).toContain(`\nSitemap: ${PUBLIC_URL}/sitemap.xml\n`);
  });

  it('is served with the Sitemap line (by the server: PUBLIC_URL is unknown when the site is built)', async () => {
    const response = await get('/robots.txt');
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(robotsTxt(PUBLIC_URL));
  });
});
