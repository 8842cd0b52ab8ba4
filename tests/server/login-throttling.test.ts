/**
 * Login throttling that slows the guesser and never locks out the owner (server/gestao/auth/
 * login-limits.ts, device-cookies.ts): while an attacker, from many addresses, keeps an account
 * locked for clients it has never seen, its owner logs in from a device she logged in on before,
 * and with her passkey; a forged, altered, expired or other account's device cookie gives no
 * allowance, and a stolen one only its device's own; five wrong answers to "the password again"
 * end that session and lock nothing; every lockout and its lifting is audited, administrators
 * list those in force and lift one after the password again. On SQLite by default, on
 * PostgreSQL with TEST_DATABASE=postgres.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginLockoutView } from '../../src/common/gestao/login-lockouts';
import { buildApp } from '../../server/app';
import type { Config } from '../../server/config';
import type { Db } from '../../server/db/database';
import { listAudit, type AuditRecord } from '../../server/db/repositories/audit/audit-log-repository';
import { DEVICE_COOKIE_LIFETIME_MS, DEVICE_COOKIE_SECRET, deviceCookies } from '../../server/gestao/auth/device-cookies';
import {
  MAX_FAILURES_PER_ACCOUNT,
  MAX_FAILURES_PER_ADDRESS,
  MAX_FAILURES_PER_DEVICE,
  tooManyAttemptsMessage,
} from '../../server/gestao/auth/login-limits';
import { MAX_REAUTH_FAILURES, REAUTH_REQUIRED, REAUTH_SESSION_ENDED } from '../../server/gestao/auth/reauth';
import { runSecretsCommand } from '../../server/operations/secrets';
import { GestaoBrowser, StaffLogins, startBackOffice, TestClock } from './gestao-browser';
import { SoftAuthenticator, type CreationOptions, type RequestOptions } from './soft-authenticator';

const OWNER = { email: 'marta.programacao@festa.pt', password: 'o comboio das seis para o porto' };
const COLLEAGUE = { email: 'joao.imprensa@festa.pt', password: 'gaivotas sobre o cais do sodre' };
const TARGET = { email: 'ines.edicao@festa.pt', password: 'uma tarde de chuva em bolonha' };
const READER = { email: 'rui.leitura@festa.pt', password: 'pasteis de nata ainda quentes' };
const ADMIN = { email: 'sofia.admin@festa.pt', password: 'o projecionista adormeceu outra vez' };
const WRONG = 'Email ou palavra-passe incorretos.';
const ORIGIN = 'http://localhost:3000';
const RP_ID = 'localhost';

const time = new TestClock();
const clock = time.now;
const advance = time.advance;

let app: FastifyInstance;
let db: Db;
let config: Config;
let close: () => Promise<void>;
const logins = new StaffLogins(clock, () => advance(0.5));

beforeAll(async () => {
  ({ app, db, config, close } = await startBackOffice(clock, [
    [OWNER, 'programacao'],
    [COLLEAGUE, 'imprensa'],
    [TARGET, 'edicao'],
    [READER, 'leitura'],
    [ADMIN, 'administracao'],
  ]));
});
afterAll(() => close?.());

/** A browser that has logged in as `who` once (and out): it holds that account's device cookie. */
async function knownDevice(who: { email: string; password: string }, address: string): Promise<GestaoBrowser> {
  const browser = new GestaoBrowser(app, address);
  expect((await browser.login(who.email, who.password)).statusCode).toBe(200);
  expect(browser.device).toMatch(/^v1\./);
  expect((await browser.request('DELETE', '/session')).statusCode).toBe(204);
  // Logged out: the next login asks GET /session for a token first, as the login screen does.
  browser.csrf = undefined;
  return browser;
}

/** A browser with a copy of `device` (a device cookie) and nothing else. */
function withDeviceCookie(device: string | undefined, address: string): GestaoBrowser {
  const browser = new GestaoBrowser(app, address);
  browser.device = device;
  return browser;
}

/** Wrong passwords for `email`, each from a new browser at another address of the attacker's: the statuses. */
async function guess(email: string, times: number, addresses: string): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < times; i++) {
    const answer = await new GestaoBrowser(app, `${addresses}.${i}`).login(email, `palpite numero ${i} da lista`);
    statuses.push(answer.statusCode);
  }
  return statuses;
}

const byAction = async (action: string) => (await listAudit(db, { action, limit: 5000 })).reverse();
const withScope = (entries: AuditRecord[], scope: string) => entries.filter((e) => (e.after as { scope?: string } | null)?.scope === scope);

async function loggedInAdmin(): Promise<GestaoBrowser> {
  const admin = new GestaoBrowser(app, '192.0.2.200');
  await logins.logIn(admin, ADMIN);
  return admin;
}

/** Passkey login from a new browser at `address`: the server's answer. */
async function passkeyLogin(authenticator: SoftAuthenticator, address: string) {
  const browser = await new GestaoBrowser(app, address).open();
  const options = (await browser.request('POST', '/passkey-login/options')).json<RequestOptions>();
  return browser.request('POST', '/passkey-login', { credential: authenticator.assert(options) });
}

describe('an account under a guessing attack', () => {
  it('stays locked for the attacker, from any address, and open to its owner on a device she logged in on before', async () => {
    const laptop = await knownDevice(OWNER, '192.0.2.10');

    // Ten wrong guesses from ten addresses: from then on, a client never seen is refused, the right password too.
    expect(await guess(OWNER.email, MAX_FAILURES_PER_ACCOUNT, '198.51.100')).toEqual(Array(MAX_FAILURES_PER_ACCOUNT).fill(401));
    expect(await guess(OWNER.email, 3, '203.0.113')).toEqual([429, 429, 429]);
    const unknownDevice = await new GestaoBrowser(app, '192.0.2.11').login(OWNER.email, OWNER.password);
    expect(unknownDevice.statusCode).toBe(429);
    expect(unknownDevice.headers['retry-after']).toBe('900');
    expect(unknownDevice.json()).toEqual({ message: tooManyAttemptsMessage(900) });

    // The owner, on her laptop: a slip of the finger is one of her device's own ten, and then she is in.
    const slip = await laptop.login(OWNER.email, 'o comboio das seis para o prto');
    expect([slip.statusCode, slip.json()]).toEqual([401, { message: WRONG }]);
    const owner = await laptop.login(OWNER.email, OWNER.password);
    expect(owner.statusCode).toBe(200);
    expect(owner.json()).toMatchObject({ user: { email: OWNER.email, role: 'programacao' } });
    expect((await laptop.request('GET', '/session')).json()).toMatchObject({ user: { email: OWNER.email } });

    // Her login leaves the attacker's lock in force; the attacker, back when it runs out, puts it on again.
    expect(await guess(OWNER.email, 1, '203.0.114')).toEqual([429]);
    advance(15);
    expect(await guess(OWNER.email, MAX_FAILURES_PER_ACCOUNT + 1, '203.0.115')).toEqual([
      ...Array<number>(MAX_FAILURES_PER_ACCOUNT).fill(401),
      429,
    ]);
    expect((await laptop.request('DELETE', '/session')).statusCode).toBe(204);
    laptop.csrf = undefined;
    expect((await laptop.login(OWNER.email, OWNER.password)).statusCode).toBe(200);

    // An email that is nobody's locks the same way, with the same answers: a lock says nothing of who exists.
    const nobody = 'ninguem.aqui@festa.pt';
    expect(await guess(nobody, MAX_FAILURES_PER_ACCOUNT, '198.51.101')).toEqual(Array(MAX_FAILURES_PER_ACCOUNT).fill(401));
    const refused = await new GestaoBrowser(app, '192.0.2.12').login(nobody, 'qualquer coisa comprida');
    expect([refused.statusCode, refused.headers['retry-after'], refused.json()]).toEqual([
      429,
      '900',
      { message: tooManyAttemptsMessage(900) },
    ]);

    const locks = withScope(await byAction('login.lockout'), 'account');
    expect(locks.map((e) => [e.subject, e.outcome, e.actorId])).toEqual([
      [OWNER.email, 'denied', null],
      [OWNER.email, 'denied', null],
      [nobody, 'denied', null],
    ]);
    // The first ran out before the attacker put it on again: noticed, and audited as such.
    const lifted = withScope(await byAction('login.lockout.lifted'), 'account');
    expect(lifted.map((e) => [e.subject, (e.after as { reason: string }).reason])).toEqual([[OWNER.email, 'expirou']]);
    advance(16);
  });

  it('lets its owner in with her passkey: no password failure, of the account or of her address, ever blocks one', async () => {
    const key = new SoftAuthenticator(ORIGIN, RP_ID);
    const owner = new GestaoBrowser(app, '192.0.2.20');
    expect((await owner.login(OWNER.email, OWNER.password)).statusCode).toBe(200);
    const creation = (await owner.request('POST', '/passkeys/options')).json<CreationOptions>();
    expect((await owner.request('POST', '/passkeys', { name: 'Telemóvel', credential: key.register(creation) })).statusCode).toBe(200);

    expect(await guess(OWNER.email, MAX_FAILURES_PER_ACCOUNT + 1, '198.51.102')).toEqual([
      ...Array<number>(MAX_FAILURES_PER_ACCOUNT).fill(401),
      429,
    ]);
    expect((await passkeyLogin(key, '192.0.2.21')).statusCode).toBe(200);

    // Her own address, the venue's shared one, closed to passwords by thirty guesses at other accounts.
    const venue = '192.0.2.22';
    for (let i = 0; i < MAX_FAILURES_PER_ADDRESS; i++) {
      expect((await new GestaoBrowser(app, venue).login(`alvo${i}@festa.pt`, 'palpite comprido errado')).statusCode).toBe(401);
    }
    expect((await new GestaoBrowser(app, venue).login(COLLEAGUE.email, COLLEAGUE.password)).statusCode).toBe(429);
    const atTheVenue = await passkeyLogin(key, venue);
    expect(atTheVenue.statusCode).toBe(200);
    expect(atTheVenue.json()).toMatchObject({ user: { email: OWNER.email } });
    // A passkey login is a login: that browser is a known device from now on.
    expect(atTheVenue.cookies.find((c) => c.name === 'gestao-dispositivo')?.value).toMatch(/^v1\./);
    advance(16);
  });
});

describe('device cookies', () => {
  it('give no allowance when forged, altered, too old, signed with a rotated key, or another account’s', async () => {
    const laptop = await knownDevice(TARGET, '192.0.2.30');
    const colleagues = await knownDevice(COLLEAGUE, '192.0.2.31');
    expect(await guess(TARGET.email, MAX_FAILURES_PER_ACCOUNT, '198.51.103')).toEqual(Array(MAX_FAILURES_PER_ACCOUNT).fill(401));

    const genuine = laptop.device!;
    const [version, userId, issued, nonce, signature] = genuine.split('.') as [string, string, string, string, string];
    const flipped = `${signature.slice(0, -2)}${signature.at(-2) === 'A' ? 'B' : 'A'}${signature.at(-1)}`;
    const cookies: Record<string, string | undefined> = {
      'another account’s': colleagues.device,
      'altered signature': [version, userId, issued, nonce, flipped].join('.'),
      'another nonce': [version, userId, issued, 'AAAAAAAAAAAAAAAAAAAAAA', signature].join('.'),
      'made up': `v1.${userId}.${issued}.${'B'.repeat(22)}.${'C'.repeat(43)}`,
      garbage: 'nada disto é um cookie',
    };
    // A genuine one, minted with the server's key, but older than a device stays known.
    const secret = (await db.selectFrom('staff_secrets').select('value').where('name', '=', DEVICE_COOKIE_SECRET).executeTakeFirstOrThrow())
      .value;
    const mint = async (at: Date) => {
      let value = '';
      const reply = { setCookie: (_name: string, v: string) => void (value = v) } as unknown as FastifyReply;
      const request = { cookies: {}, headers: {}, ip: '192.0.2.34' } as unknown as FastifyRequest;
      await deviceCookies(secret, config.publicUrl, { db }).issue(request, reply, Number(userId), at);
      return value;
    };
    cookies['too old'] = await mint(new Date(clock().getTime() - DEVICE_COOKIE_LIFETIME_MS - 60_000));
    for (const [what, cookie] of Object.entries(cookies)) {
      const answer = await withDeviceCookie(cookie, '192.0.2.32').login(TARGET.email, TARGET.password);
      expect(answer.statusCode, what).toBe(429);
    }
    // The same minting, recent: accepted, so the refusals above are the cookies', not the minting's.
    expect(
      (await withDeviceCookie(await mint(new Date(clock().getTime() - 60_000)), '192.0.2.33').login(TARGET.email, TARGET.password))
        .statusCode,
    ).toBe(200);
    expect((await laptop.login(TARGET.email, TARGET.password)).statusCode).toBe(200);

    // After `npm run secrets -- rotate device-cookies`, an instance started since knows no device.
    const rotated = await runSecretsCommand(['rotate', 'device-cookies'], { db, now: clock() });
    expect(rotated.code).toBe(0);
    const restarted = await buildApp({ db, config, clock });
    try {
      const sameLaptop = new GestaoBrowser(restarted, '192.0.2.30');
      sameLaptop.device = laptop.device;
      expect((await sameLaptop.login(TARGET.email, TARGET.password)).statusCode).toBe(429);
    } finally {
      await restarted.close();
    }
    advance(16);
  });

  it('a stolen one gets its device’s ten failures, then counts as a client never seen: its owner still gets in, in that browser and on her others', async () => {
    const office = await knownDevice(TARGET, '192.0.2.40');
    const home = await knownDevice(TARGET, '192.0.2.41');
    const thief = withDeviceCookie(office.device, '198.51.104.1');
    for (let i = 0; i < MAX_FAILURES_PER_DEVICE; i++) {
      expect((await thief.login(TARGET.email, `adivinha ${i} do ladrao`)).statusCode).toBe(401);
    }
    const [lock] = withScope(await byAction('login.lockout'), 'device');
    expect(lock).toMatchObject({ subject: TARGET.email, outcome: 'denied', ip: '198.51.104.1' });
    expect(lock?.after).toMatchObject({ scope: 'device', failures: MAX_FAILURES_PER_DEVICE, ip: '198.51.104.1' });

    // The office's browser holds the same cookie: its owner gets in as any client may, with a new
    // cookie in place of the copied one, which stops counting.
    expect((await office.login(TARGET.email, TARGET.password)).statusCode).toBe(200);
    expect(office.device).not.toBe(thief.device);
    // The copy is now a client never seen: the account's ten for such clients, then refused,
    // the right password too.
    for (let i = 0; i < MAX_FAILURES_PER_ACCOUNT; i++) {
      expect((await thief.login(TARGET.email, `mais um palpite ${i}`)).statusCode).toBe(401);
    }
    const stopped = await thief.login(TARGET.email, TARGET.password);
    expect([stopped.statusCode, stopped.headers['retry-after']]).toEqual([429, '900']);
    // Her devices' allowances are their own: both still get in.
    expect((await home.login(TARGET.email, TARGET.password)).statusCode).toBe(200);
    expect((await office.login(TARGET.email, TARGET.password)).statusCode).toBe(200);
    advance(16);
  });

  it('guesses sent at once get no more than the allowance', async () => {
    const browser = await knownDevice(COLLEAGUE, '192.0.2.50');
    const answers = await Promise.all(
      Array.from({ length: 25 }, (_, i) => withDeviceCookie(browser.device, '192.0.2.51').login(COLLEAGUE.email, `rajada ${i}`)),
    );
    // The first ones in are checked: the device's allowance, then (that used up) the account's for
    // clients never seen; the others are refused unchecked.
    const checked = answers.filter((a) => a.statusCode === 401).length;
    expect(checked).toBeGreaterThan(0);
    expect(checked).toBeLessThanOrEqual(MAX_FAILURES_PER_DEVICE + MAX_FAILURES_PER_ACCOUNT);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(25 - checked);
    const failures = await db.selectFrom('staff_login_failures').select('device').where('email', '=', COLLEAGUE.email).execute();
    expect(failures.filter((f) => f.device !== null).length).toBeLessThanOrEqual(MAX_FAILURES_PER_DEVICE);
    expect(failures.filter((f) => f.device === null).length).toBeLessThanOrEqual(MAX_FAILURES_PER_ACCOUNT);
    advance(16);
  });
});

describe('the password again', () => {
  it('ends the session at the fifth wrong answer in a row, and locks nothing', async () => {
    const reader = new GestaoBrowser(app, '192.0.2.60');
    expect((await reader.login(READER.email, READER.password)).statusCode).toBe(200);
    // A right answer starts the count again.
    for (let i = 0; i < MAX_REAUTH_FAILURES - 1; i++) {
      expect((await reader.request('POST', '/reauth', { password: `nao e esta ${i}` })).json()).toEqual({
        message: 'Palavra-passe incorreta.',
      });
    }
    expect((await reader.request('POST', '/reauth', { password: READER.password })).statusCode).toBe(200);
    for (let i = 0; i < MAX_REAUTH_FAILURES - 1; i++) {
      expect((await reader.request('POST', '/reauth', { password: `outra vez errada ${i}` })).statusCode).toBe(401);
    }
    const fifth = await reader.request('POST', '/reauth', { password: 'a quinta errada' });
    expect([fifth.statusCode, fifth.json()]).toEqual([401, { message: REAUTH_SESSION_ENDED, sessionEnded: true }]);
    expect((await reader.request('GET', '/session')).json()).toMatchObject({ user: null });

    // Nine wrong answers, and the account opens at once from anywhere, a client never seen included.
    expect((await new GestaoBrowser(app, '192.0.2.61').login(READER.email, READER.password)).statusCode).toBe(200);
    const ended = (await byAction('session.end')).filter((e) => e.subject?.startsWith('staff_users/') && e.actorEmail === READER.email);
    expect(ended.map((e) => e.after)).toEqual([{ reason: `palavra-passe errada ${MAX_REAUTH_FAILURES} vezes ao confirmar` }]);
    expect(await byAction('login.lockout')).not.toContainEqual(expect.objectContaining({ subject: READER.email }));
  });

  it('answers sent at once: no more than five are checked, and the session ends', async () => {
    const reader = new GestaoBrowser(app, '192.0.2.62');
    expect((await reader.login(READER.email, READER.password)).statusCode).toBe(200);
    const before = (await byAction('reauth')).filter((e) => e.outcome === 'failed').length;
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => reader.request('POST', '/reauth', { password: `rajada ${i}` })));
    expect(answers.every((a) => a.statusCode === 401)).toBe(true);
    const checked = (await byAction('reauth')).filter((e) => e.outcome === 'failed').length - before;
    expect(checked).toBeGreaterThan(0);
    expect(checked).toBeLessThanOrEqual(MAX_REAUTH_FAILURES);
    expect((await reader.request('GET', '/session')).json()).toMatchObject({ user: null });
  });
});

describe('lockouts for administrators', () => {
  it('lists those in force, lifts one after the password again (audited as the administrator’s), and notices those that run out', async () => {
    expect(await guess(COLLEAGUE.email, MAX_FAILURES_PER_ACCOUNT, '198.51.105')).toEqual(Array(MAX_FAILURES_PER_ACCOUNT).fill(401));
    const attacker = '198.51.106.1';
    for (let i = 0; i < MAX_FAILURES_PER_ADDRESS; i++) {
      expect((await new GestaoBrowser(app, attacker).login(`pessoa${i}@festa.pt`, 'palpite comprido errado')).statusCode).toBe(401);
    }
    const admin = await loggedInAdmin();
    const listed = (await admin.request('GET', '/login-lockouts')).json<{ lockouts: LoginLockoutView[] }>().lockouts;
    const account = listed.find((l) => l.scope === 'account' && l.email === COLLEAGUE.email);
    const address = listed.find((l) => l.scope === 'address' && l.address === attacker);
    expect(account).toMatchObject({ isAccount: true, failures: MAX_FAILURES_PER_ACCOUNT, address: '198.51.105.9' });
    expect(address).toMatchObject({ email: null, isAccount: false, failures: MAX_FAILURES_PER_ADDRESS });
    expect(Date.parse(account!.until)).toBeGreaterThan(clock().getTime());

    // Only administrators see or lift them.
    const reader = new GestaoBrowser(app, '192.0.2.70');
    expect((await reader.login(READER.email, READER.password)).statusCode).toBe(200);
    expect((await reader.request('GET', '/login-lockouts')).statusCode).toBe(403);
    expect((await reader.request('DELETE', `/login-lockouts/${account!.id}`)).statusCode).toBe(403);

    advance(6);
    expect((await admin.request('DELETE', `/login-lockouts/${account!.id}`)).json()).toEqual({
      message: REAUTH_REQUIRED,
      reauthRequired: true,
    });
    expect((await admin.request('POST', '/reauth', { password: ADMIN.password })).statusCode).toBe(200);
    expect((await admin.request('DELETE', `/login-lockouts/${account!.id}`)).statusCode).toBe(204);
    expect((await admin.request('DELETE', `/login-lockouts/${account!.id}`)).json()).toEqual({
      message: 'Este bloqueio já não está em vigor.',
    });
    const after = (await admin.request('GET', '/login-lockouts')).json<{ lockouts: LoginLockoutView[] }>().lockouts;
    expect(after.map((l) => l.id)).not.toContain(account!.id);
    expect(after.map((l) => l.id)).toContain(address!.id);

    // Lifted: the failures before it no longer count, and the account opens to any client.
    expect((await new GestaoBrowser(app, '192.0.2.71').login(COLLEAGUE.email, COLLEAGUE.password)).statusCode).toBe(200);
    // The newest: the burst of guesses above locked the account for strangers too, and that lock ran out.
    const byAdmin = withScope(await byAction('login.lockout.lifted'), 'account')
      .filter((e) => e.subject === COLLEAGUE.email)
      .at(-1);
    expect(byAdmin).toMatchObject({ actorEmail: ADMIN.email, outcome: 'ok', ip: '192.0.2.200' });
    expect(byAdmin?.after).toMatchObject({ reason: 'levantado por um administrador' });

    // The address's runs out by itself: the list notices, and the log says so once.
    advance(10);
    expect((await admin.request('GET', '/login-lockouts')).json<{ lockouts: LoginLockoutView[] }>().lockouts).toEqual([]);
    expect((await admin.request('GET', '/login-lockouts')).statusCode).toBe(200);
    const expired = withScope(await byAction('login.lockout.lifted'), 'address').filter((e) => e.subject === attacker);
    expect(expired.map((e) => [e.actorId, e.ip, (e.after as { reason: string }).reason])).toEqual([[null, null, 'expirou']]);
    expect(withScope(await byAction('login.lockout'), 'address').map((e) => e.subject)).toContain(attacker);
  });
});
