/**
 * A full disk during posts answers 503 with Retry-After and loses nothing. SQLite only (the
 * PostgreSQL run leaves sqlite-*.test.ts out, see vitest.config.ts): the full disk is made with
 * SQLite's own max_page_count. On PostgreSQL a full disk is SQLSTATE 53100, which app.ts maps to
 * the same 503.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError, SubmissionAck } from '../../src/common/api/api-types';
import { DATABASE_UNAVAILABLE_MESSAGE } from '../../server/api/http-errors';
import { startTestServer, type TestServer } from './helper';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_POSTS: '10000' });
});
afterAll(() => server.close());

const post = (path: string, payload: object) => server.app.inject({ method: 'POST', url: `/admin/api/${path}`, payload });

describe('a full disk during posts', () => {
  it('answers 503 with Retry-After and the pt-PT message, and keeps every stored row', async () => {
    const pageCount = async () => Number((await sql<{ page_count: number }>`pragma page_count`.execute(server.db)).rows[0]!.page_count);
    // Nothing left in the WAL: every page is in the main file, which is what max_page_count limits.
    await sql`pragma wal_checkpoint(TRUNCATE)`.execute(server.db);
    await sql.raw(`pragma max_page_count = ${await pageCount()}`).execute(server.db);

    const stored: string[] = [];
    let failed: Awaited<ReturnType<typeof post>> | undefined;
    for (let i = 0; i < 5000 && !failed; i++) {
      const response = await post('accreditation', {
        name: `Jornalista ${i} ${'x'.repeat(60)}`,
        company: `Revista ${i} ${'y'.repeat(60)}`,
        email: `jornalista${i}@example.pt`,
        telf: '+351 912 345 678',
      });
      if (response.statusCode === 201) stored.push(response.json<SubmissionAck>().id);
      else failed = response;
    }
    try {
      expect(failed?.statusCode).toBe(503);
      expect(failed?.headers['retry-after']).toBe('30');
      expect(failed?.json<ApiError>().message).toBe(DATABASE_UNAVAILABLE_MESSAGE);
    } finally {
      await sql`pragma max_page_count = 1073741823`.execute(server.db);
    }
    // Every acknowledged row is there, and the database takes writes again.
    const rows = await server.db
      .selectFrom('accreditation_requests')
      .select('id')
      .where('id', 'in', stored.length ? stored : ['-'])
      .execute();
    expect(rows).toHaveLength(stored.length);
    const again = await post('newsletter', { email: 'depois@example.pt', city: 'Lisboa' });
    expect(again.statusCode).toBe(201);
  });
});
