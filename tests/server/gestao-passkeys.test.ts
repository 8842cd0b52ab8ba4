/**
 * Passkeys in the back office (/gestao/api/passkeys, /passkey-login) with a software authenticator
 * (tests/server/soft-authenticator.ts: real P-256 keys, real signatures): added and named, listed,
 * removed after the password again, used to log in (counter and last use updated), every step
 * audited; a replayed answer, a foreign origin, an unverified user, an expired challenge and a
 * counter that does not move on are refused. And an administrator may enrol a passkey instead of
 * the two-step login, after which the password alone opens nothing. On SQLite by default, on
 * PostgreSQL with TEST_DATABASE=postgres.
 */
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../server/config';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/database';
import { listAudit } from '../../server/db/repositories/audit/audit-log-repository';
import { ENROLMENT_REQUIRED } from '../../server/gestao/auth/enrolment';
import { REAUTH_REQUIRED } from '../../server/gestao/auth/reauth';
import { PASSKEY_LOGIN_FAILED, PASSKEY_NOT_ADDED } from '../../server/gestao/routes/passkey-routes';
import { PASSKEY_REQUIRED } from '../../server/gestao/routes/session-routes';
import { GestaoBrowser, startBackOffice, TestClock } from './gestao-browser';
import { SoftAuthenticator, type CreationOptions, type RequestOptions } from './soft-authenticator';

const EDITOR = { email: 'rita.edicao@festa.pt', password: 'girassois amarelos no alentejo' };
const ADMIN = { email: 'paulo.admin@festa.pt', password: 'comboio noturno para veneza' };
// The configuration's PUBLIC_URL (loadConfig's default for port 3000): its host and origin.
const ORIGIN = 'http://localhost:3000';
const RP_ID = 'localhost';

const time = new TestClock();
const clock = time.now;
const advance = time.advance;

let app: FastifyInstance;
let db: Db;
let close: () => Promise<void>;

beforeAll(async () => {
  let config: Config;
  ({ app, db, close, config } = await startBackOffice(clock, [
    [EDITOR, 'edicao'],
    [ADMIN, 'administracao'],
  ]));
  expect([config.passkeyRpId, config.passkeyOrigin]).toEqual([RP_ID, ORIGIN]);
});
afterAll(() => close?.());

async function loggedIn(who: { email: string; password: string }): Promise<GestaoBrowser> {
  const browser = new GestaoBrowser(app);
  expect((await browser.login(who.email, who.password)).statusCode).toBe(200);
  return browser;
}

/** Adds a passkey from `authenticator` to the account logged in on `browser`: the server's answer. */
async function addPasskey(
  browser: GestaoBrowser,
  authenticator: SoftAuthenticator,
  name: string,
  options: { userVerified?: boolean } = {},
) {
  const creation = await browser.request('POST', '/passkeys/options');
  expect(creation.statusCode).toBe(200);
  const credential = authenticator.register(creation.json<CreationOptions>(), options);
  return browser.request('POST', '/passkeys', { name, credential });
}

/** A login with `authenticator` from a new browser: the browser and the server's answer. */
async function passkeyLogin(authenticator: SoftAuthenticator, options: Parameters<SoftAuthenticator['assert']>[1] = {}) {
  const browser = await new GestaoBrowser(app).open();
  const request = await browser.request('POST', '/passkey-login/options');
  expect(request.statusCode).toBe(200);
  const requestOptions = request.json<RequestOptions & { userVerification: string; allowCredentials?: unknown[] }>();
  expect(requestOptions).toMatchObject({ rpId: RP_ID, userVerification: 'required' });
  const credential = authenticator.assert(requestOptions, options);
  const response = await browser.request('POST', '/passkey-login', { credential });
  if (response.statusCode === 200) browser.csrf = response.json<{ csrfToken: string }>().csrfToken;
  return { browser, response, credential };
}

describe('passkeys', () => {
  const laptop = new SoftAuthenticator(ORIGIN, RP_ID);

  it('are added by a logged-in person, named, and listed with when they were added and last used', async () => {
    const browser = await loggedIn(EDITOR);
    const creation = (await browser.request('POST', '/passkeys/options')).json<CreationOptions & Record<string, unknown>>();
    expect(creation).toMatchObject({
      rp: { id: RP_ID },
      user: { name: EDITOR.email },
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });
    // The name is checked by the form's own schema, in pt-PT.
    const unnamed = await browser.request('POST', '/passkeys', { name: '  ', credential: laptop.register(creation) });
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json()).toEqual({ message: 'Dê um nome à chave de acesso (por exemplo, «Portátil do escritório»).' });

    const added = await addPasskey(browser, laptop, 'Portátil do escritório');
    expect(added.statusCode).toBe(200);
    const list = (await browser.request('GET', '/passkeys')).json<{ passkeys: { id: number }[] }>();
    expect(list.passkeys).toEqual([
      {
        id: added.json<{ passkey: { id: number } }>().passkey.id,
        name: 'Portátil do escritório',
        createdAt: clock().toISOString(),
        lastUsedAt: null,
      },
    ]);
    // The same authenticator is not offered again.
    const again = (await browser.request('POST', '/passkeys/options')).json<{ excludeCredentials: { id: string }[] }>();
    expect(again.excludeCredentials.map((c) => c.id)).toEqual([laptop.id]);
    const audit = await listAudit(db, { actorEmail: EDITOR.email, action: 'passkey.add' });
    expect(audit.map((e) => e.outcome)).toEqual(['ok']);
  });

  it('refuses a passkey without user verification, from another origin, or after its challenge expired', async () => {
    const browser = await loggedIn(EDITOR);
    const unverified = await addPasskey(browser, new SoftAuthenticator(ORIGIN, RP_ID), 'Sem PIN', { userVerified: false });
    expect(unverified.statusCode).toBe(400);
    expect(unverified.json()).toEqual({ message: PASSKEY_NOT_ADDED });
    const foreign = await addPasskey(browser, new SoftAuthenticator('https://festa-cinema.example', RP_ID), 'Site falso');
    expect(foreign.statusCode).toBe(400);

    const creation = (await browser.request('POST', '/passkeys/options')).json<CreationOptions>();
    advance(3);
    const late = await browser.request('POST', '/passkeys', {
      name: 'Tarde',
      credential: new SoftAuthenticator(ORIGIN, RP_ID).register(creation),
    });
    expect(late.statusCode).toBe(400);
    expect((await browser.request('GET', '/passkeys')).json<{ passkeys: unknown[] }>().passkeys).toHaveLength(1);
    const failed = await listAudit(db, { actorEmail: EDITOR.email, action: 'passkey.add', outcome: 'failed' });
    expect(failed).toHaveLength(3);
  });

  it('logs in with no password: the counter and the last use are kept, and the login is audited', async () => {
    advance(1);
    const { browser, response } = await passkeyLogin(laptop);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ user: { email: EDITOR.email, role: 'edicao' }, enrolmentRequired: false });
    expect((await browser.request('GET', '/sessions')).statusCode).toBe(200);
    const [passkey] = (await browser.request('GET', '/passkeys')).json<{ passkeys: { lastUsedAt: string }[] }>().passkeys;
    expect(passkey?.lastUsedAt).toBe(clock().toISOString());
    const stored = await db.selectFrom('staff_passkeys').select('counter').executeTakeFirstOrThrow();
    expect(Number(stored.counter)).toBe(laptop.counter);
    const audit = await listAudit(db, { action: 'passkey.login', outcome: 'ok' });
    expect(audit.map((e) => [e.actorEmail, e.after])).toEqual([[EDITOR.email, { passkey: 'Portátil do escritório' }]]);
  });

  it('refuses a replayed answer, a challenge of another browser, a foreign origin, an unverified user and a counter that does not move on', async () => {
    const { browser, response, credential } = await passkeyLogin(laptop);
    expect(response.statusCode).toBe(200);
    const stored = laptop.counter;
    // The challenge it signed is gone from the server: used once.
    const signed = JSON.parse(Buffer.from(credential.response.clientDataJSON, 'base64url').toString()) as { challenge: string };
    expect(await db.selectFrom('staff_passkey_challenges').selectAll().where('challenge', '=', signed.challenge).execute()).toEqual([]);
    expect((await browser.request('POST', '/passkey-login', { credential })).statusCode).toBe(401);
    // The same answer again, from a browser that asked for a challenge of its own: the signed one was used up.
    const replayer = await new GestaoBrowser(app).open();
    await replayer.request('POST', '/passkey-login/options');
    const replayed = await replayer.request('POST', '/passkey-login', { credential });
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json()).toEqual({ message: PASSKEY_LOGIN_FAILED });
    // A fresh challenge, but asked for by another browser: not this session's.
    const thief = await new GestaoBrowser(app).open();
    const asked = (await thief.request('POST', '/passkey-login/options')).json<RequestOptions>();
    const stranger = await new GestaoBrowser(app).open();
    expect((await stranger.request('POST', '/passkey-login', { credential: laptop.assert(asked) })).statusCode).toBe(401);

    expect((await passkeyLogin(laptop, { origin: 'https://festa-cinema.example' })).response.statusCode).toBe(401);
    expect((await passkeyLogin(laptop, { userVerified: false })).response.statusCode).toBe(401);
    // A copy of the authenticator, made before the last login, that counts on from where it was copied.
    const counted = laptop.counter;
    laptop.counter = stored - 1;
    expect((await passkeyLogin(laptop)).response.statusCode).toBe(401);
    laptop.counter = counted;
    expect((await passkeyLogin(new SoftAuthenticator(ORIGIN, RP_ID))).response.statusCode).toBe(401);
    // The real one still works.
    expect((await passkeyLogin(laptop)).response.statusCode).toBe(200);

    const failed = await listAudit(db, { action: 'passkey.login', outcome: 'failed' });
    expect(failed).toHaveLength(7);
    expect(failed.map((e) => e.subject)).toContain(null);
  });

  it('is removed only by its owner, after the password again', async () => {
    const browser = await loggedIn(EDITOR);
    const spare = new SoftAuthenticator(ORIGIN, RP_ID);
    const { passkey } = (await addPasskey(browser, spare, 'Telemóvel')).json<{ passkey: { id: number } }>();
    const admin = await loggedIn(ADMIN);
    // (The administrator is sent to enrol first: another's passkey is not even reached.)
    expect((await admin.request('DELETE', `/passkeys/${passkey.id}`)).statusCode).toBe(403);

    advance(6);
    const asked = await browser.request('DELETE', `/passkeys/${passkey.id}`);
    expect(asked.statusCode).toBe(401);
    expect(asked.json()).toEqual({ message: REAUTH_REQUIRED, reauthRequired: true });
    expect((await browser.request('POST', '/reauth', { password: EDITOR.password })).statusCode).toBe(200);
    expect((await browser.request('DELETE', `/passkeys/${passkey.id}`)).statusCode).toBe(204);
    expect((await browser.request('DELETE', `/passkeys/${passkey.id}`)).statusCode).toBe(404);
    expect((await browser.request('GET', '/passkeys')).json<{ passkeys: { name: string }[] }>().passkeys.map((p) => p.name)).toEqual([
      'Portátil do escritório',
    ]);
    expect((await passkeyLogin(spare)).response.statusCode).toBe(401);
    const removed = await listAudit(db, { action: 'passkey.remove' });
    expect(removed.map((e) => [e.actorEmail, e.outcome, e.before])).toEqual([[EDITOR.email, 'ok', { id: passkey.id, name: 'Telemóvel' }]]);
  });
});

describe('an administrator without a second factor', () => {
  const key = new SoftAuthenticator(ORIGIN, RP_ID);

  it('may enrol a passkey instead of the two-step login; from then on the password alone opens nothing', async () => {
    const browser = await loggedIn(ADMIN);
    expect((await browser.request('GET', '/session')).json()).toMatchObject({ enrolmentRequired: true });
    const refused = await browser.request('GET', '/users');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: ENROLMENT_REQUIRED, enrolmentRequired: true });
    expect((await addPasskey(browser, key, 'Chave da direção')).statusCode).toBe(200);
    expect((await browser.request('GET', '/users')).statusCode).toBe(200);
    expect((await browser.request('GET', '/session')).json()).toMatchObject({ enrolmentRequired: false });

    const password = await new GestaoBrowser(app).login(ADMIN.email, ADMIN.password);
    expect(password.statusCode).toBe(401);
    expect(password.json()).toEqual({ message: PASSKEY_REQUIRED, passkeyRequired: true });

    const { browser: withKey, response } = await passkeyLogin(key);
    expect(response.json()).toMatchObject({ user: { email: ADMIN.email, role: 'administracao' }, enrolmentRequired: false });
    expect((await withKey.request('GET', '/users')).statusCode).toBe(200);
    expect((await withKey.request('GET', '/audit')).statusCode).toBe(200);
  });
});
