/**
 * A client behind the proxy cannot choose its address: with TRUST_PROXY=1 (one proxy in front)
 * request.ip is the address the proxy saw, the last of X-Forwarded-For, whatever the client put
 * before it (a proxy that appends passes that on). The login limits, the audit log and the front
 * door's GET limit all count that address. With the proxy's address instead, a client that reaches
 * the server directly is itself, whatever header it sends.
 */
import type { LightMyRequestResponse } from 'fastify';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { listAudit } from '../../server/db/repositories/audit/audit-log-repository';
import { MAX_FAILURES_PER_ADDRESS } from '../../server/gestao/auth/login-limits';
import { startTestServer, type TestServer } from './helper';

/** The address the proxy saw: what nginx would write, or append, last. */
const SEEN = '203.0.113.50';
const ATTEMPTS = 40;

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** A failed login, from `remoteAddress`, with X-Forwarded-For as given (its own CSRF token and cookie). */
async function failedLogin(app: TestServer['app'], email: string, forwardedFor: string, remoteAddress = '127.0.0.1') {
  const opened = await app.inject({ method: 'GET', url: '/gestao/api/session', remoteAddress });
  const cookie = opened.cookies.find((c) => c.name === 'gestao');
  return app.inject({
    method: 'POST',
    url: '/gestao/api/session',
    remoteAddress,
    headers: {
      cookie: `gestao=${cookie?.value}`,
      'x-csrf-token': opened.json<{ csrfToken: string }>().csrfToken,
      'x-forwarded-for': forwardedFor,
    },
    payload: { email, password: 'não é esta a palavra-passe' },
  });
}

describe('TRUST_PROXY=1: the address the proxy saw, never the one the client wrote', () => {
  it(`counts ${ATTEMPTS} failed logins, each with its own forged address, as one address: 429 after ${MAX_FAILURES_PER_ADDRESS}, and audits that address`, async () => {
    server = await startTestServer({ TRUST_PROXY: '1' });
    const answers: LightMyRequestResponse[] = [];
    for (let i = 0; i < ATTEMPTS; i++) {
      // Another account each time: the per-account limit (10) is not what stops them.
      answers.push(await failedLogin(server.app, `ninguem-${i}@festa.pt`, `198.18.${i}.7, ${SEEN}`));
    }
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.slice(0, MAX_FAILURES_PER_ADDRESS)).toEqual(Array(MAX_FAILURES_PER_ADDRESS).fill(401));
    expect(statuses.slice(MAX_FAILURES_PER_ADDRESS)).toEqual(Array(ATTEMPTS - MAX_FAILURES_PER_ADDRESS).fill(429));
    expect(answers.at(-1)!.json<{ message: string }>().message).toMatch(/^Demasiadas tentativas\. Tente de novo dentro de/);

    const logins = await listAudit(server.db, { action: 'login' });
    expect(logins).toHaveLength(ATTEMPTS);
    expect(new Set(logins.map((e) => e.ip))).toEqual(new Set([SEEN]));
    const failures = await server.db.selectFrom('staff_login_failures').select('ip').execute();
    expect(new Set(failures.map((f) => f.ip))).toEqual(new Set([SEEN]));
  });

  it("counts the front door's GET limit by the address the proxy saw", async () => {
    server = await startTestServer({ TRUST_PROXY: '1', RATE_LIMIT_GETS: '2' });
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = server.app.server.address() as AddressInfo;
    const { app } = server;
    const get = (forwardedFor: string) =>
      new Promise<number>((resolve, reject) => {
        httpRequest({ host: '127.0.0.1', port, path: '/admin/api/movie/101', headers: { 'x-forwarded-for': forwardedFor } }, (response) => {
          response.resume();
          response.on('end', () => resolve(response.statusCode ?? 0));
        })
          .on('error', reject)
          .end();
      });
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      // The door answers while the content version was read less than a second ago.
      await app.responseCache.refreshVersion();
      statuses.push(await get(`198.18.${i}.7, ${SEEN}`));
    }
    expect(statuses).toEqual([200, 200, 429]);
    // The second was the door's (the first made the kept answer), counted in the same store.
    expect(app.frontDoor.answered).toBe(1);
    await app.responseCache.refreshVersion();
    expect(await get('198.51.100.9')).toBe(200);
  });
});

describe("TRUST_PROXY with the proxy's address", () => {
  it('reads X-Forwarded-For only from that address: a client that reaches the server directly is its own address', async () => {
    server = await startTestServer({ TRUST_PROXY: '127.0.0.1' });
    expect((await failedLogin(server.app, 'um@festa.pt', SEEN, '127.0.0.1')).statusCode).toBe(401);
    expect((await failedLogin(server.app, 'dois@festa.pt', SEEN, '192.0.2.80')).statusCode).toBe(401);
    const logins = await listAudit(server.db, { action: 'login' });
    expect(Object.fromEntries(logins.map((e) => [e.subject, e.ip]))).toEqual({ 'um@festa.pt': SEEN, 'dois@festa.pt': '192.0.2.80' });
  });
});

describe('no TRUST_PROXY', () => {
  it('ignores X-Forwarded-For altogether', async () => {
    server = await startTestServer();
    expect((await failedLogin(server.app, 'tres@festa.pt', SEEN, '192.0.2.81')).statusCode).toBe(401);
    const [login] = await listAudit(server.db, { action: 'login' });
    expect(login?.ip).toBe('192.0.2.81');
  });
});
