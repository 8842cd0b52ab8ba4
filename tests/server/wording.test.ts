/**
 * One voice across the content: "Realização:" wherever a director is named (women direct too),
 * the "você" register the site speaks everywhere, and one spelling of e-mail outside the texts
 * the spec quotes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FestivalEdition, HomePrefs, Posters } from '../../src/common/api/api-types';
import { startTestServer, type TestServer } from './helper';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const get = async <T>(url: string) => (await server.app.inject({ method: 'GET', url: `/admin${url}` })).json<T>();

describe('the content', () => {
  it('names directors under "Realização:" in every edition of the archive', async () => {
    const prefs = await get<HomePrefs>('/homeprefs');
    expect(prefs.historyEditions.length).toBeGreaterThan(0);
    for (const edition of prefs.historyEditions) {
      const { list_movies } = await get<FestivalEdition>(`/api/festival_history/${edition}`);
      const html = list_movies.map((m) => m.list_html).join('\n');
      expect(html, edition).not.toContain('Realizador:');
      expect(html, edition).toContain('Realização:');
    }
  });

  it('speaks "você" on the team page and in the posters', async () => {
    const prefs = await get<HomePrefs>('/homeprefs');
    const posters = await get<Posters>('/api/posters/festa');
    const text = [
      prefs.teamHtml,
      prefs.presentationHtml,
      ...posters.poster.map((p) => p.description),
      ...posters.banner.map((p) => p.description),
    ].join('\n');
    expect(text).not.toMatch(/\b(Queres|Envia o teu|teu|tua|Compra já)\b/);
    expect(prefs.teamHtml).toContain('Envie o seu CV');
  });

  it('writes e-mail, never email, in its own words', async () => {
    const prefs = await get<HomePrefs>('/homeprefs');
    expect([prefs.teamHtml, prefs.presentationHtml, prefs.description].join('\n')).not.toMatch(/\bemail\b/i);
  });
});
