import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Card, CustomPage, Movie, MovieListItem, NewsItem, SearchResults, Section } from '../../src/common/api/api-types';
import { sanitizeEditorHtml } from '../../server/content/sanitize';
import { getJson, startTestServer, type TestServer } from './helper';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const DANGEROUS = /<script|onerror\s*=|onclick\s*=|javascript:/i;

describe('sanitizing editor HTML on import', () => {
  it('removes scripts, event handlers and javascript: links from the seeded dirty HTML', async () => {
    const film = (await getJson<Movie>(server.app, '/api/movie/103')).body;
    const news = (await getJson<NewsItem>(server.app, '/api/news/305')).body;
    const page = (await getJson<CustomPage>(server.app, '/api/custompage/sobre-o-festival')).body;
    for (const html of [film.description, news.description, page.mainhtml]) {
      expect(html.length).toBeGreaterThan(0);
      expect(html).not.toMatch(DANGEROUS);
    }
    expect(page.mainhtml).toContain('ver mais');
  });

  it('stores nothing dangerous anywhere in the database', async () => {
    const tables = [
      'movies',
      'news',
      'custom_pages',
      'posters',
      'sponsors',
      'press_items',
      'programme_entries',
      'history_editions',
      'site_settings',
    ] as const;
    for (const table of tables) {
      const rows = await server.db.selectFrom(table).selectAll().execute();
      expect(JSON.stringify(rows)).not.toMatch(DANGEROUS);
    }
  });

  it('keeps ordinary markup and video frames from known hosts only', () => {
    expect(sanitizeEditorHtml('<p>Olá <strong>Roma</strong> <a href="https://example.pt" target="_blank">x</a></p>')).toBe(
      '<p>Olá <strong>Roma</strong> <a href="https://example.pt" target="_blank" rel="noopener noreferrer">x</a></p>',
    );
    expect(sanitizeEditorHtml('<iframe src="https://player.vimeo.com/video/1"></iframe>')).toContain('player.vimeo.com');
    expect(sanitizeEditorHtml('<iframe src="https://evil.example/x"></iframe>')).not.toContain('evil');
    expect(sanitizeEditorHtml('<img src="x.jpg" onerror="alert(1)"><style>p{}</style>')).toBe('');
    expect(sanitizeEditorHtml('<img src="/media/films/101-poster.jpg" alt="">')).toBe('<img src="/media/films/101-poster.jpg" alt="" />');
    expect(sanitizeEditorHtml('<img src="https://a.pt/x.jpg" onerror="alert(1)">')).toBe('<img src="https://a.pt/x.jpg" />');
  });
});

describe('search', () => {
  it('finds a section by name with or without accents and case', async () => {
    const sections = (await getJson<Section[]>(server.app, '/api/sections/movies_festa/festa')).body;
    const accented = sections.find((s) => /[çãõéêáíóú]/i.test(s.name))!;
    expect(accented).toBeDefined();
    const plain = accented.name
      .normalize('NFD')
      .replace(/\p{Diacritic}/gu, '')
      .toLowerCase();
    const withAccents = (await getJson<SearchResults>(server.app, `/api/search?q=${encodeURIComponent(accented.name.toUpperCase())}`)).body;
    const withoutAccents = (await getJson<SearchResults>(server.app, `/api/search?q=${encodeURIComponent(plain)}`)).body;
    expect(withAccents.movies.length).toBeGreaterThan(0);
    expect(withoutAccents).toEqual(withAccents);
  });

  it('finds "Secções Especiais" films when searching "seccoes"', async () => {
    const { body } = await getJson<SearchResults>(server.app, '/api/search?q=seccoes');
    const section = (await getJson<Section[]>(server.app, '/api/sections/movies_festa/festa')).body.find(
      (s) => s.name === 'Secções Especiais',
    )!;
    const films = (await getJson<MovieListItem[]>(server.app, `/api/movies_from_categ/${section.id}/festa`)).body;
    expect(body.found[0]).toBeGreaterThanOrEqual(films.length);
    expect(body.movies.map((m) => m.id)).toEqual(expect.arrayContaining(films.map((f) => f.id).slice(0, 24)));
  });

  it('answers found counts as [films, parallel events, news] and ranks title matches first', async () => {
    const films = (await getJson<MovieListItem[]>(server.app, '/api/movies_from_categ/0/festa')).body;
    const target = films.find((f) => f.title.split(' ').length >= 2)!;
    const { body } = await getJson<SearchResults>(server.app, `/api/search?q=${encodeURIComponent(target.title)}`);
    expect(body.movies[0]!.title).toBe(target.title);
    expect(body.found[0]).toBeGreaterThanOrEqual(1);
    expect(body.found).toHaveLength(3);
    expect(body.movies.length).toBe(Math.min(body.found[0] ?? 0, 24));
    expect(body.festivals.length).toBe(Math.min(body.found[1] ?? 0, 24));
    expect(body.news.length).toBe(Math.min(body.found[2] ?? 0, 24));
  });

  it('searches parallel events and news too', async () => {
    const activity = (await getJson<Card[]>(server.app, '/api/activities')).body[0]!;
    const news = (await getJson<NewsItem[]>(server.app, '/api/news/festa')).body[0]!;
    const a = (await getJson<SearchResults>(server.app, `/api/search?q=${encodeURIComponent(activity.title)}`)).body;
    expect(a.festivals.map((h) => h.id)).toContain(activity.id);
    const n = (await getJson<SearchResults>(server.app, `/api/search?q=${encodeURIComponent(news.title)}`)).body;
    expect(n.news.map((h) => h.id)).toContain(news.id);
  });

  it('treats LIKE wildcards literally and answers an empty query with nothing', async () => {
    expect((await getJson<SearchResults>(server.app, '/api/search?q=%25')).body.found).toEqual([0, 0, 0]);
    expect((await getJson<SearchResults>(server.app, '/api/search?q=_')).body.found).toEqual([0, 0, 0]);
    expect((await getJson<SearchResults>(server.app, '/api/search?q=')).body).toEqual({
      movies: [],
      news: [],
      festivals: [],
      found: [0, 0, 0],
    });
    expect((await getJson(server.app, `/api/search?q=${'a'.repeat(201)}`)).status).toBe(400);
  });
});
