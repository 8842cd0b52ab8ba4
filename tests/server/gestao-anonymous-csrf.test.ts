/**
 * Anonymous reads write nothing: GET /gestao/api/session, read by every visitor of the login form,
 * gives a CSRF token and a cookie without storing a session row (server/gestao/auth/csrf.ts). The
 * token still does its work: the login, a failed one retried, the passkey login after its
 * challenge was stored, each with the visitor's own cookie and token; no token, another visitor's,
 * or a changed one is refused. On SQLite by default, on PostgreSQL with TEST_DATABASE=postgres.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GestaoBrowser, loggedInStaff, STAFF_PASSWORD } from './gestao-browser';
import { startTestServer, type TestServer } from './helper';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
  // The account the logins below open (its own browser's session row is the only one before them).
  await loggedInStaff(server, 'edicao@festa.pt', 'edicao');
}, 60_000);
afterAll(() => server?.close());

const sessionRows = async () =>
  Number(
    (
      await server.db
        .selectFrom('staff_sessions')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('GET /gestao/api/session without a login', () => {
  it('30 anonymous reads, with and without the cookie they were given, write no row', async () => {
    const before = await sessionRows();
    const kept = new GestaoBrowser(server.app);
    for (let i = 0; i < 10; i += 1) {
      await new GestaoBrowser(server.app).open();
      await kept.open();
      await new GestaoBrowser(server.app).request('GET', '/session');
    }
    expect(kept.cookie).toBeDefined();
    expect(await sessionRows()).toBe(before);
  });

  it('the token opens the login, a failed one retried included, and only with its own cookie', async () => {
    const visitor = await new GestaoBrowser(server.app).open();
    const other = await new GestaoBrowser(server.app).open();
    const before = await sessionRows();

    // No token, another visitor's token, a changed token: refused as forged.
    expect((await visitor.request('POST', '/session', { email: 'edicao@festa.pt', password: STAFF_PASSWORD }, false)).statusCode).toBe(403);
    const withOthers = new GestaoBrowser(server.app);
    withOthers.cookie = visitor.cookie;
    withOthers.csrf = other.csrf;
    expect((await withOthers.login('edicao@festa.pt', STAFF_PASSWORD)).statusCode).toBe(403);
    withOthers.csrf = `${visitor.csrf!.slice(0, -2)}xx`;
    expect((await withOthers.login('edicao@festa.pt', STAFF_PASSWORD)).statusCode).toBe(403);
    const cookieless = new GestaoBrowser(server.app);
    cookieless.csrf = visitor.csrf;
    expect((await cookieless.login('edicao@festa.pt', STAFF_PASSWORD)).statusCode).toBe(403);

    expect((await visitor.login('edicao@festa.pt', 'palavra errada e comprida')).statusCode).toBe(401);
    const login = await visitor.login('edicao@festa.pt', STAFF_PASSWORD);
    expect(login.statusCode).toBe(200);
    expect(await sessionRows()).toBe(before + 1);
    // Logged in, the session's own token: the anonymous one of before is no longer good.
    const anonymousToken = other.csrf;
    expect((await visitor.request('GET', '/sessions')).statusCode).toBe(200);
    const forged = new GestaoBrowser(server.app);
    forged.cookie = visitor.cookie;
    forged.csrf = anonymousToken;
    expect((await forged.request('DELETE', '/session')).statusCode).toBe(403);
    expect((await visitor.request('DELETE', '/session')).statusCode).toBe(204);
  });

  it('the passkey login keeps working after its challenge is stored (the cookie changes, the token stays good)', async () => {
    const visitor = await new GestaoBrowser(server.app).open();
    const cookie = visitor.cookie;
    expect((await visitor.request('POST', '/passkey-login/options')).statusCode).toBe(200);
    expect(visitor.cookie).not.toBe(cookie);
    // An unknown passkey: refused as such (401), not as a forged request (403).
    const attempt = await visitor.request('POST', '/passkey-login', { credential: { id: 'desconhecida', response: {} } });
    expect(attempt.statusCode).toBe(401);
  });
});
