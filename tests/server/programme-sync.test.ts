import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProgrammeSync } from '../../src/common/api-types';
import { startTestServer, type TestServer } from './helper';

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
