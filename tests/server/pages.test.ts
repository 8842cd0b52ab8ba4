/** Server rendering: every page arrives as real HTML with its data, metadata and status. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Movie } from '../../src/common/api/api-types';
import type { BootData } from '../../src/shell/entry-server';
import { PREVIOUS_EDITION, startTestServer, type TestServer } from './helper';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const get = (url: string, headers: Record<string, string> = {}) => server.app.inject({ method: 'GET', url, headers });
const boot = (html: string) => JSON.parse(/<script type="application\/json" id="app-data">(.*?)<\/script>/s.exec(html)![1]!) as BootData;

describe('server-rendered pages', () => {
  it('renders a film with its content, title, share metadata and embedded data', async () => {
    const film = (await get('/admin/api/movie/101')).json<Movie>();
    const response = await get('/filme/101');
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(html).toContain(`<title>${film.title} | 8½ Festa do Cinema Italiano</title>`);
    expect(html).toContain(`<meta property="og:title" content="${film.title}">`);
    expect(html).toMatch(/<meta property="og:image" content="http:\/\/localhost:3000\/media\/films\/101-poster\.jpg">/);
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(html).toContain('<link rel="canonical" href="http://localhost:3000/filme/101">');
    expect(html).toContain('SESSÕES');
    expect(boot(html).snapshot['/api/movie/101']!.data).toEqual(film);
  });

  it.each([
    ['/filme/101', 'films/101-poster.jpg', 1280],
    ['/', 'posters/festa-1.jpg', 1600],
  ])('on %s preloads the top picture as AVIF and offers every photograph in widths and formats that exist', async (url, top, width) => {
    const html = (await get(url)).body;
    const preload =
      /<link rel="preload" as="image" type="image\/avif" imagesrcset="([^"]+)" imagesizes="([^"]+)" fetchpriority="high">/.exec(html);
    expect(preload?.[1]).toContain(`/media/_/720/${top}.avif 720w`);
    expect(preload?.[2]).toBe(`(max-width: ${width}px) 100vw, ${width}px`);
    const pictures = html.match(/<picture class="picture">.*?<\/picture>/gs) ?? [];
    expect(pictures.length).toBeGreaterThan(0);
    expect(pictures[0]).toContain(`<source type="image/avif" srcSet="/media/_/240/${top}.avif 240w`);
    expect(pictures[0]).toContain('fetchPriority="high"');
    const urls = new Set(
      [...html.matchAll(/(?:srcSet|imagesrcset)="([^"]+)"/g)].flatMap((m) => m[1]!.split(', ').map((entry) => entry.split(' ')[0]!)),
    );
    for (const image of urls) expect([image, (await get(image)).statusCode]).toEqual([image, 200]);
  });

  it('keeps the embedded data safe inside its script', async () => {
    const html = (await get('/pesquisa?q=%3C%2Fscript%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E')).body;
    const script = /<script type="application\/json" id="app-data">(.*?)<\/script>/s.exec(html)![1]!;
    expect(script).not.toContain('<');
    expect(boot(html).snapshot['/api/search?q=%3C%2Fscript%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E']).toBeDefined();
  });

  it.each([
    '/filme/999999',
    '/filme/abc',
    '/noticia/999999',
    '/actividade/999999',
    '/t1/nada',
    '/historico/1999',
    '/filmes/nada',
    '/404',
    '/nao/existe',
  ])('answers %s with HTTP 404 and the not-found page', async (url) => {
    const response = await get(url);
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('Página não encontrada.');
    expect(response.body).toContain('Voltar à página principal');
  });

  it.each([
    '/',
    '/festa',
    '/distribuicao',
    '/filmes',
    '/filmes/',
    '/programacao',
    '/programacao/',
    '/atividades',
    '/noticias',
    '/pesquisa',
    '/equipa',
    '/apresentacao',
    '/comunicados',
    '/presskit',
    '/materiais_apoio',
    '/newsletter',
    '/acreditacoes',
    '/patrocinadores',
    '/programa',
    `/historico/${PREVIOUS_EDITION}`,
    '/t4/catalogo-distribuicao',
  ])('renders %s with lang pt-PT and one h1', async (url) => {
    const response = await get(url);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<html lang="pt-PT">');
    expect(response.body.match(/<h1[\s>]/g)).toHaveLength(1);
  });

  it('opens /historico/{page}/{id} on the edition {id} names, as the spec reads festival_history/{id}', async () => {
    const older = String(Number(PREVIOUS_EDITION) - 1);
    const edition = (await get(`/admin/api/festival_history/${older}`)).json<{ title: string }>();
    for (const url of [`/historico/${PREVIOUS_EDITION}/${older}`, `/historico/premios/${older}`]) {
      const response = await get(url);
      expect([url, response.statusCode]).toEqual([url, 200]);
      expect(response.body).toContain(`<title>Histórico: ${edition.title} | 8½ Festa do Cinema Italiano</title>`);
      expect(Object.keys(boot(response.body).snapshot)).toContain(`/api/festival_history/${older}`);
    }
  });

  it('renders / as the distribution home for a visitor whose scope is distrib', async () => {
    expect((await get('/')).body).toContain('home--festa');
    expect((await get('/', { cookie: 'escopo=distrib' })).body).toContain('home--distrib');
  });

  it('renders the first city and its first day of the programme on the server', async () => {
    const html = (await get('/programacao')).body;
    expect(html).toContain('aria-current="date"');
    expect(boot(html).snapshot['/api/movies_from_festival/1']).toBeDefined();
  });
});

describe('an archive with no news', () => {
  let empty: TestServer;
  beforeAll(async () => {
    empty = await startTestServer();
    await empty.db.deleteFrom('news').execute();
    empty.app.responseCache.clear();
  });
  afterAll(() => empty.close());

  it('/noticias says the spec\'s "Não existem notícias" (not the carousel\'s "Empty")', async () => {
    const list = await empty.app.inject({ method: 'GET', url: '/noticias' });
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain('Não existem notícias');
    expect(list.body).not.toMatch(/>Empty</);
  });
});
