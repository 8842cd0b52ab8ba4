import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProgrammeSync } from '../../src/common/api-types';
import { importContent } from '../../server/content/import';
import { FESTIVAL_START, NOW, startTestServer, type TestServer } from './helper';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('GET sync/programme', () => {
  it('holds, under their own paths, exactly the answers the API gives for the agenda', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/admin/sync/programme' });
    expect(response.statusCode).toBe(200);
    const sync = response.json<ProgrammeSync>();
    const paths = Object.keys(sync.answers);
    expect(paths).toContain('/api/cities');
    expect(paths.filter((p) => p.startsWith('/api/movies_from_festival/'))).toHaveLength(4);
    expect(paths.filter((p) => p.startsWith('/api/movie/'))).toHaveLength(60);
    expect(paths.filter((p) => p.startsWith('/api/activity/'))).toHaveLength(15);
    for (const path of ['/api/movie/101', '/api/movies_from_festival/1', '/api/movies_from_categ/0/festa', '/homeprefs']) {
      const direct = await server.app.inject({ method: 'GET', url: `/admin${path}` });
      expect(sync.answers[path]).toEqual(direct.json());
    }
  });

  it('stays small on the wire (the figure is measured by npm run bench:offline)', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/admin/sync/programme' });
    // A guard against accidental growth, well above the 150 KiB target the benchmark reports on.
    expect(gzipSync(response.rawPayload).length).toBeLessThan(300 * 1024);
  });
});

describe('GET sync/version', () => {
  const ask = (headers: Record<string, string> = {}) => server.app.inject({ method: 'GET', url: '/admin/sync/version', headers });

  it('answers the content version the sync carries, always revalidated, 304 while it is unchanged', async () => {
    const first = await ask();
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-cache');
    const { version } = first.json<{ version: string }>();
    const sync = (await server.app.inject({ method: 'GET', url: '/admin/sync/programme' })).json<ProgrammeSync>();
    expect(version).toBe(sync.version);
    const etag = String(first.headers.etag);
    expect(etag).not.toBe('undefined');
    const again = await ask({ 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
  });

  it('changes once an import changes the programme', async () => {
    const before = (await ask()).json<{ version: string }>().version;
    const shifted = new Date(Date.parse(`${FESTIVAL_START}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    try {
      await importContent(server.db, { contentDir: server.config.contentDir, festivalStart: shifted, festivalDays: 9, clock: () => NOW });
      // The response cache re-reads the version at most once a second.
      await expect.poll(async () => (await ask()).json<{ version: string }>().version, { timeout: 5000 }).not.toBe(before);
    } finally {
      await importContent(server.db, {
        contentDir: server.config.contentDir,
        festivalStart: FESTIVAL_START,
        festivalDays: 9,
        clock: () => NOW,
      });
    }
  });
});
