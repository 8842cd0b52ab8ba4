/**
 * PostgreSQL closes idle connections of a running server (a restart, a failover, an administrator's
 * pg_terminate_backend): the site keeps answering, and the engineer on call reads one pt-PT line
 * per lost connection. Without a listener on the pool, pg's 'error' event would be thrown and stop
 * the process (vitest reports it as an unhandled error, which fails the run).
 *
 * PostgreSQL only: vitest.config.ts includes pg-*.test.ts only when TEST_DATABASE=postgres.
 */
import { setTimeout as delay } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from './helper';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function terminateBackendsOf(database: string): Promise<number> {
  const client = new pg.Client({ connectionString: process.env.TEST_PG_URL });
  await client.connect();
  try {
    const result = await client.query<{ pid: number }>(
      'select pg_terminate_backend(pid) as pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [database],
    );
    return result.rowCount ?? 0;
  } finally {
    await client.end();
  }
}

it('keeps answering after the server closes its idle connections, and says so once per connection', async () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  try {
    // Several requests at once leave several idle connections in the pool.
    const first = await Promise.all(
      ['/admin/api/news/festa', '/admin/api/movie/101', '/admin/api/cities', '/admin/api/sessions'].map((url) =>
        server.app.inject({ method: 'GET', url }),
      ),
    );
    expect(first.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);

    const terminated = await terminateBackendsOf(new URL(server.config.database).pathname.slice(1));
    expect(terminated).toBeGreaterThan(0);
    for (let i = 0; i < 100 && warn.mock.calls.length < terminated; i++) await delay(20);
    expect(warn.mock.calls).toHaveLength(terminated);
    expect(String(warn.mock.calls[0]?.[0])).toMatch(/^PostgreSQL: uma ligação inativa foi fechada pelo servidor \(57P01\)/);

    // A fresh query (not a cached answer): the pool opens a new connection.
    const submitted = await server.app.inject({
      method: 'POST',
      url: '/admin/api/newsletter',
      payload: { email: 'depois@example.pt', city: 'Lisboa' },
    });
    expect(submitted.statusCode).toBe(201);
  } finally {
    warn.mockRestore();
  }
});
