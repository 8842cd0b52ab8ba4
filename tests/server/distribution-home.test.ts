/**
 * The distribution home follows the spec's home rules for its own scope: its sponsors block shows
 * the distribution's sponsor groups (and not the festival's), and the programme block is there only
 * when the distribution's visibility setting shows it (the seed hides it).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SponsorList } from '../../src/common/api/api-types';
import { getJson, startTestServer, type TestServer } from './helper';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const page = async (url: string) => {
  const response = await server.app.inject({ method: 'GET', url });
  expect(response.statusCode, url).toBe(200);
  return response.body;
};
const sponsorsBlock = (html: string) => /<section class="block sponsors-block"[\s\S]*?<\/section>/.exec(html)?.[0] ?? '';

describe('the distribution home', () => {
  it('shows the sponsors block with the distribution groups', async () => {
    const { body: distrib } = await getJson<SponsorList>(server.app, '/api/sponsors_from_menu/0/distrib');
    const { body: festa } = await getJson<SponsorList>(server.app, '/api/sponsors_from_home');
    expect(distrib.ids.length).toBeGreaterThan(0);
    const block = sponsorsBlock(await page('/distribuicao'));
    expect(block).not.toBe('');
    for (const id of distrib.ids) expect(block).toContain(`alt="${distrib.items[id]!.name}"`);
    for (const id of festa.ids) expect(block).not.toContain(`alt="${festa.items[id]!.name}"`);
    // The festival home keeps its own.
    const festaBlock = sponsorsBlock(await page('/festa'));
    for (const id of festa.ids) expect(festaBlock).toContain(`alt="${festa.items[id]!.name}"`);
  });

  it('hides the programme block, as its visibility setting says', async () => {
    expect(await page('/distribuicao')).not.toContain('class="block programme-view"');
    expect(await page('/festa')).toContain('class="block programme-view"');
  });
});

describe('the distribution home with its programme shown', () => {
  // A server of its own: answers (preferences included) are kept per content version.
  let shown: TestServer;
  beforeAll(async () => {
    shown = await startTestServer();
    const row = await shown.db.selectFrom('site_settings').select('value').where('key', '=', 'settings').executeTakeFirstOrThrow();
    const settings = JSON.parse(row.value) as { visibility: Record<string, Record<string, string>> };
    settings.visibility.distrib!.festprog = '1';
    await shown.db
      .updateTable('site_settings')
      .set({ value: JSON.stringify(settings) })
      .where('key', '=', 'settings')
      .execute();
  });
  afterAll(() => shown.close());

  it('shows it when the setting says so', async () => {
    const response = await shown.app.inject({ method: 'GET', url: '/distribuicao' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('class="block programme-view"');
  });
});
