/**
 * A page that fails while rendering on the server answers a real HTML error page (500, in the
 * language of its address: pt-PT, /en/…, /it/…), never a blank page nor the API's JSON error body;
 * the API itself keeps answering JSON.
 * Needs the built client (`npm run build`), like pages.test.ts.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '../../src/common/api/api-path';
import { errorPage } from '../../server/plugins/errors';
import { startTestServer, type TestServer } from './helper';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  // A real fault: the press page's table is gone, so the API read inside the render fails with 500.
  await sql`DROP TABLE press_items`.execute(server.db);
});
afterAll(() => server.close());

const get = (url: string) => server.app.inject({ method: 'GET', url });

describe('a server-side render error', () => {
  it('answers the pt-PT HTML error page with status 500', async () => {
    const response = await get('/presskit');
    expect(response.statusCode).toBe(500);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-store');
    const html = response.body;
    expect(html).toContain('<html lang="pt-PT">');
    expect(html).toContain('<title>Erro no servidor | 8½ Festa do Cinema Italiano</title>');
    expect(html).toContain('Ocorreu um erro no servidor.');
    expect(html).toContain('<a href="/">Voltar à página principal</a>');
    expect(() => JSON.parse(html) as unknown).toThrow();
    expect(html).not.toContain('"statusCode"');
  });

  it.each([
    ['/en/presskit', 'en', 'Server error', 'Something went wrong on our server.', '<a href="/en/">Back to the home page</a>'],
    ['/it/presskit', 'it', 'Errore del server', 'Si è verificato un errore sul server.', '<a href="/it/">Torna alla pagina principale</a>'],
  ])('answers %s in its language (%s), home link included', async (url, lang, title, heading, link) => {
    const response = await get(url);
    expect(response.statusCode).toBe(500);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    const html = response.body;
    expect(html).toContain(`<html lang="${lang}">`);
    expect(html).toContain(`<title>${title} | 8½ Festa do Cinema Italiano</title>`);
    expect(html).toContain(heading);
    expect(html).toContain(link);
    expect(html).not.toContain('Ocorreu um erro');
  });

  it('words a refused request (4xx) in the language asked, pt-PT unless told', () => {
    const italian = errorPage(404, 'it');
    expect(italian).toContain('<html lang="it">');
    expect(italian).toContain('<title>Richiesta non valida | 8½ Festa do Cinema Italiano</title>');
    expect(italian).toContain('<a href="/it/">Torna alla pagina principale</a>');
    expect(errorPage(404)).toContain('<title>Pedido inválido | 8½ Festa do Cinema Italiano</title>');
  });

  it('leaves the other pages working', async () => {
    const response = await get('/filmes');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('id="app-data"');
  });

  it('keeps the JSON error body for the API', async () => {
    const response = await get(`${API_BASE}/api/press/presskit`);
    expect(response.statusCode).toBe(500);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toMatchObject({ statusCode: 500, error: expect.any(String) as unknown });
  });
});
