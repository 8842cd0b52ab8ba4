/**
 * Liveness, readiness and the Prometheus metrics (server/observability/): what a proxy, an
 * orchestrator and the engineer on call read. Readiness follows the database, its migrations and
 * the SIGTERM drain; /metrics answers this machine or the token's holder only, and counts what the
 * runbook (docs/operations.md) says it counts.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GestaoBrowser } from './gestao-browser';
import { startTestServer, type TestServer } from './helper';

const TOKEN = 'um-token-de-metricas-com-muitos-caracteres';
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ METRICS_TOKEN: TOKEN });
});
afterAll(async () => {
  await server?.close();
});

/** One sample's value in the Prometheus text, or undefined when it is not there. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const labelText = line.slice(name.length).match(/^\{(.*)\}/)?.[1] ?? '';
    if (wanted.every((label) => labelText.split(',').includes(label))) return Number(line.split(' ').at(-1));
  }
  return undefined;
}

async function metricsText(): Promise<string> {
  const response = await server.app.inject({ method: 'GET', url: '/metrics' });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/plain/);
  return response.body;
}

describe('liveness and readiness', () => {
  it('answers both, never kept by a cache', async () => {
    for (const url of ['/healthz', '/readyz']) {
      // A stranger's view (through the proxy): the status alone.
      const response = await server.app.inject({ method: 'GET', url, remoteAddress: '203.0.113.9' });
      expect(response.statusCode, url).toBe(200);
      expect(response.json()).toEqual({ status: 'ok' });
      expect(response.headers['cache-control']).toBe('no-store');
      // Never limited: no rate-limit headers, however often it is asked.
      expect(response.headers['x-ratelimit-limit']).toBeUndefined();
    }
  });

  it('tells its operators which instance is ready (the rolling restart waits for nginx to reach it)', async () => {
    const expected = { status: 'ok', port: server.config.port };
    expect((await server.app.inject({ method: 'GET', url: '/readyz' })).json()).toEqual(expected);
    const monitor = await server.app.inject({
      method: 'GET',
      url: '/readyz',
      remoteAddress: '203.0.113.9',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(monitor.json()).toEqual(expected);
  });

  it('is not ready while draining, and says why to its operators only; liveness stays up', async () => {
    server.app.lifecycle.draining = true;
    try {
      const ready = await server.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json<{ message: string }>().message).toMatch(/a terminar/);
      expect((await server.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      // The reason is the operators' (this machine, or the token's holder): a stranger reads the status alone.
      const outside = await server.app.inject({ method: 'GET', url: '/readyz', remoteAddress: '203.0.113.9' });
      expect([outside.statusCode, outside.json()]).toEqual([503, { status: 'indisponível' }]);
      const monitor = await server.app.inject({
        method: 'GET',
        url: '/readyz',
        remoteAddress: '203.0.113.9',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect([monitor.statusCode, monitor.json<{ message: string }>().message]).toEqual([503, expect.stringMatching(/a terminar/)]);
    } finally {
      server.app.lifecycle.draining = false;
    }
    expect((await server.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });

  it('is not ready on a database that lacks the newest migration, and names it', async () => {
    const latest = await sql<{ name: string }>`select max(name) as name from kysely_migration`.execute(server.db);
    const name = latest.rows[0]!.name;
    const row = await sql<{ timestamp: string }>`select timestamp from kysely_migration where name = ${name}`.execute(server.db);
    await sql`delete from kysely_migration where name = ${name}`.execute(server.db);
    try {
      const ready = await server.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json<{ message: string }>().message).toBe(`Falta aplicar a migração ${name} (npm run migrate).`);
    } finally {
      await sql`insert into kysely_migration (name, timestamp) values (${name}, ${row.rows[0]!.timestamp})`.execute(server.db);
    }
    expect((await server.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });
});

describe('metrics', () => {
  it('answers loopback and the token, and no one else', async () => {
    const outside = await server.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.9' });
    expect(outside.statusCode).toBe(404);
    expect(outside.body).not.toMatch(/festa_/);
    const wrongToken = await server.app.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: '203.0.113.9',
      headers: { authorization: 'Bearer um-token-errado-com-muitos-caracteres' },
    });
    expect(wrongToken.statusCode).toBe(404);
    const withToken = await server.app.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: '203.0.113.9',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(withToken.statusCode).toBe(200);
    expect(withToken.body).toMatch(/^# HELP /m);
  });

  it('counts requests by route pattern, and reports the event loop, the pool and the cache', async () => {
    for (let i = 0; i < 3; i++) expect((await server.app.inject({ method: 'GET', url: '/admin/api/cities' })).statusCode).toBe(200);
    const text = await metricsText();
    expect(sample(text, 'festa_http_requests_total', { route: '/admin/api/cities', method: 'GET', status: '200' })).toBe(3);
    expect(sample(text, 'festa_http_request_duration_seconds_count', { route: '/admin/api/cities', method: 'GET' })).toBe(3);
    // The first answer was made, the two after it were kept.
    expect(sample(text, 'festa_response_cache_total', { result: 'hit' })).toBeGreaterThanOrEqual(2);
    expect(sample(text, 'festa_response_cache_total', { result: 'miss' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'festa_db_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(1);
  });

  it('counts visitors’ submissions, and a replay of one apart', async () => {
    const key = randomUUID();
    const post = () =>
      server.app.inject({
        method: 'POST',
        url: '/admin/api/accreditation',
        headers: { 'idempotency-key': key },
        payload: { name: 'Ana Lopes', company: 'Jornal de Teste', email: 'ana@example.pt', telf: '912345678' },
      });
    const before = sample(await metricsText(), 'festa_submissions_total', { kind: 'accreditation', outcome: 'stored' }) ?? 0;
    expect((await post()).statusCode).toBe(201);
    expect((await post()).statusCode).toBe(201);
    const text = await metricsText();
    expect(sample(text, 'festa_submissions_total', { kind: 'accreditation', outcome: 'stored' })).toBe(before + 1);
    expect(sample(text, 'festa_submissions_total', { kind: 'accreditation', outcome: 'replayed' })).toBeGreaterThanOrEqual(1);
  });

  it('counts failed staff logins and the lockouts that follow', async () => {
    const email = 'ninguem@festa.pt';
    for (let i = 0; i < 10; i++) {
      const response = await new GestaoBrowser(server.app, '198.51.100.7').login(email, `palavra errada numero ${i}`);
      expect(response.statusCode).toBe(401);
    }
    const locked = await new GestaoBrowser(server.app, '198.51.100.8').login(email, 'palavra errada numero 11');
    expect(locked.statusCode).toBe(429);
    const text = await metricsText();
    expect(sample(text, 'festa_login_failures_total', { method: 'password' })).toBe(10);
    expect(sample(text, 'festa_login_lockouts_total', { scope: 'account' })).toBe(1);
  });
});
