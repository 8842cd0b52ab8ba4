/**
 * Rate limits sized for a cinema: a venue behind one Wi-Fi address posts through the default
 * limit; a replay of a stored Idempotency-Key costs the address nothing; a 429 says when to come
 * back (Retry-After) in pt-PT.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiError } from '../../src/common/api/api-types';
import { countRows, startTestServer, type TestServer } from './helper';

let server: TestServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

const post = (s: TestServer, email: string, key?: string) =>
  s.app.inject({
    method: 'POST',
    url: '/admin/api/newsletter',
    remoteAddress: '10.0.0.7',
    headers: key ? { 'idempotency-key': key } : {},
    payload: { email, city: 'Lisboa' },
  });

describe('rate limits for a venue behind one address', () => {
  it('lets 50 posts from one address through with the default configuration', async () => {
    server = await startTestServer();
    expect(server.config.rateLimitPosts).toBeGreaterThanOrEqual(50);
    const statuses: number[] = [];
    for (let i = 0; i < 50; i++) statuses.push((await post(server, `sala-${i}@example.pt`, `venue-key-${i}`)).statusCode);
    expect(statuses.every((status) => status === 201)).toBe(true);
    expect(await countRows(server.db, 'newsletter_subscriptions')).toBeGreaterThanOrEqual(50);
  });

  it('does not count a replay of a known Idempotency-Key against the address', async () => {
    server = await startTestServer({ RATE_LIMIT_POSTS: '3' });
    for (let i = 0; i < 3; i++) expect((await post(server, `replay-${i}@example.pt`, `replay-key-${i}`)).statusCode).toBe(201);
    // The address has used its budget: every replay of a stored key still gets its first answer.
    for (let round = 0; round < 5; round++) {
      for (let i = 0; i < 3; i++) {
        const replay = await post(server, `replay-${i}@example.pt`, `replay-key-${i}`);
        expect(replay.statusCode).toBe(201);
      }
    }
    // A new post is limited, and says when to come back, in pt-PT.
    const limited = await post(server, 'nova@example.pt', 'replay-key-new');
    expect(limited.statusCode).toBe(429);
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(limited.json<ApiError>()).toMatchObject({
      statusCode: 429,
      message: 'Demasiados pedidos. Tente novamente dentro de um minuto.',
    });
    // A key the server does not know yet (the throttled post's own retry) is not free.
    expect((await post(server, 'nova@example.pt', 'replay-key-new')).statusCode).toBe(429);
  });

  it('limits one key replayed in a loop', async () => {
    server = await startTestServer({ RATE_LIMIT_POSTS: '2', RATE_LIMIT_REPLAYS: '3' });
    expect((await post(server, 'loop@example.pt', 'loop-key-1')).statusCode).toBe(201);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await post(server, 'loop@example.pt', 'loop-key-1')).statusCode);
    // Three free replays, then the address pays: one more fits its budget, then 429.
    expect(statuses).toEqual([201, 201, 201, 201, 429, 429]);
  });

  it('rejects a bad rate-limit variable at start-up, naming it', async () => {
    await expect(startTestServer({ RATE_LIMIT_REPLAYS: 'muitos' })).rejects.toThrow('RATE_LIMIT_REPLAYS tem de ser um número');
  });
});
