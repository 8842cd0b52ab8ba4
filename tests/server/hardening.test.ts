import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helper';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('addresses that are not the site', () => {
  it.each(['//evil.example/%2e%2e', '//evil.example/', '//admin/api/cities'])('%s is a 404, never a page', async (url) => {
    const response = await server.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('id="app-data"');
  });
});

describe('settings without visibility', () => {
  it('show every home block instead of failing', async () => {
    const row = await server.db.selectFrom('site_settings').select('value').where('key', '=', 'settings').executeTakeFirstOrThrow();
    const { visibility: _dropped, ...rest } = JSON.parse(row.value) as Record<string, unknown>;
    await server.db
      .updateTable('site_settings')
      .set({ value: JSON.stringify(rest) })
      .where('key', '=', 'settings')
      .execute();
    const prefs = await server.app.inject({ method: 'GET', url: '/admin/homeprefs' });
    expect(prefs.statusCode).toBe(200);
    const all = { festprog: '1', movies: '1', news: '1' };
    expect(prefs.json<{ visibility: unknown }>().visibility).toEqual({ festa: all, distrib: all });
    for (const home of ['/', '/festa', '/distribuicao']) {
      const page = await server.app.inject({ method: 'GET', url: home });
      expect(page.statusCode, home).toBe(200);
      expect(page.body, home).toContain('Notícias');
    }
  });
});
