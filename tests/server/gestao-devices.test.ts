/**
 * The devices an account logged in on (server/gestao/auth/device-cookies.ts, issue 42): listed to
 * their owner, newest first, the browser asking marked; forgotten one by one; the oldest beyond
 * MAX_DEVICES_PER_ACCOUNT withdrawn at a login, a browser's earlier cookie replaced by its new
 * one; all of them at a password change (the browser that changed it gets a new one), at a reset
 * and when the account is disabled. A withdrawn device's cookie gives no allowance of its own:
 * with the account locked for clients never seen, it is refused where a kept one gets in. On
 * SQLite by default, on PostgreSQL with TEST_DATABASE=postgres.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeviceSummary } from '../../src/common/gestao/staff-views';
import type { Db } from '../../server/db/database';
import { listAudit } from '../../server/db/repositories/audit/audit-log-repository';
import { insertStaffPasswordReset } from '../../server/db/repositories/staff/staff-password-resets-repository';
import { listStaffDevices } from '../../server/db/repositories/staff/staff-devices-repository';
import { MAX_DEVICES_PER_ACCOUNT } from '../../server/gestao/auth/device-cookies';
import { MAX_FAILURES_PER_ACCOUNT } from '../../server/gestao/auth/login-limits';
import { sha256Hex } from '../../server/gestao/auth/tokens';
import { GestaoBrowser, StaffLogins, startBackOffice, TestClock } from './gestao-browser';

const OWNER = { email: 'carla.programacao@festa.pt', password: 'a bilheteira abre as duas e meia' };
const PRESS = { email: 'tiago.imprensa@festa.pt', password: 'o catalogo chegou sem as legendas' };
const ADMIN = { email: 'helena.admin@festa.pt', password: 'a sala nove ficou sem projector' };

const time = new TestClock();
const clock = time.now;
const advance = time.advance;

let app: FastifyInstance;
let db: Db;
let ids: Record<string, number>;
let close: () => Promise<void>;
const logins = new StaffLogins(clock, () => advance(0.5));

beforeAll(async () => {
  ({ app, db, ids, close } = await startBackOffice(clock, [
    [OWNER, 'programacao'],
    [PRESS, 'imprensa'],
    [ADMIN, 'administracao'],
  ]));
});
afterAll(() => close?.());

/** The device a browser's cookie names, as the server lists it (the SHA-256 of the cookie's nonce). */
const deviceOf = (browser: GestaoBrowser) => sha256Hex(browser.device!.split('.')[3]!);

/** A browser at `address` logged in as `who`, holding that account's device cookie. */
async function loggedIn(who: { email: string; password: string }, address: string): Promise<GestaoBrowser> {
  const browser = new GestaoBrowser(app, address);
  expect((await browser.login(who.email, who.password)).statusCode).toBe(200);
  return browser;
}

async function devicesSeenBy(browser: GestaoBrowser): Promise<DeviceSummary[]> {
  const answer = await browser.request('GET', '/devices');
  expect(answer.statusCode).toBe(200);
  return answer.json<{ devices: DeviceSummary[] }>().devices;
}

/** Locks `email` for clients never seen (wrong guesses from new browsers): from then on only its kept devices get in. */
async function lockForStrangers(email: string): Promise<void> {
  for (let i = 0; i < MAX_FAILURES_PER_ACCOUNT; i++) {
    expect((await new GestaoBrowser(app, `198.51.100.${i + 1}`).login(email, `palpite ${i}`)).statusCode).toBe(401);
  }
  expect((await new GestaoBrowser(app, '198.51.100.99').login(email, 'mais um')).statusCode).toBe(429);
}

/** Whether a browser with (a copy of) `cookie` gets in with the right password while the account is locked for strangers. */
async function getsIn(cookie: string | undefined, who: { email: string; password: string }): Promise<boolean> {
  const browser = new GestaoBrowser(app, '192.0.2.250');
  browser.device = cookie;
  const answer = await browser.login(who.email, who.password);
  expect([200, 429]).toContain(answer.statusCode);
  return answer.statusCode === 200;
}

describe('an account’s devices', () => {
  it('are listed to their owner, newest first; a browser’s new cookie replaces its last, and the oldest beyond five are withdrawn', async () => {
    const browsers: GestaoBrowser[] = [];
    for (let i = 0; i <= MAX_DEVICES_PER_ACCOUNT; i++) browsers.push(await loggedIn(OWNER, `192.0.2.${10 + i}`));
    const newest = browsers.at(-1)!;
    const listed = await devicesSeenBy(newest);
    expect(listed.map((d) => d.id)).toEqual(browsers.slice(1).reverse().map(deviceOf));
    expect(listed.map((d) => d.current)).toEqual([true, false, false, false, false]);
    expect(listed[0]).toMatchObject({
      ip: `192.0.2.${10 + MAX_DEVICES_PER_ACCOUNT}`,
      userAgent: 'Teste/1.0',
      loggedInAt: clock().toISOString(),
    });

    // Logging in again from a kept browser: its new cookie in place of its last, nothing else withdrawn.
    const second = browsers[1]!;
    const before = second.device;
    expect((await second.login(OWNER.email, OWNER.password)).statusCode).toBe(200);
    expect(second.device).not.toBe(before);
    const after = await devicesSeenBy(second);
    expect(after.map((d) => d.id)).toEqual([deviceOf(second), ...browsers.slice(2).reverse().map(deviceOf)]);
    // Nobody else's: another account lists only its own.
    expect(await devicesSeenBy(await loggedIn(PRESS, '192.0.2.40'))).toHaveLength(1);

    await lockForStrangers(OWNER.email);
    expect(await getsIn(browsers[0]!.device, OWNER), 'the oldest, withdrawn').toBe(false);
    expect(await getsIn(before, OWNER), 'the second browser’s replaced cookie').toBe(false);
    expect(await getsIn(second.device, OWNER), 'the second browser’s new cookie').toBe(true);
    expect(await getsIn(browsers[2]!.device, OWNER), 'a kept one').toBe(true);
    advance(16);
  });

  it('is forgotten by its owner alone, audited; its cookie then gives no allowance', async () => {
    const laptop = await loggedIn(PRESS, '192.0.2.50');
    const phone = await loggedIn(PRESS, '192.0.2.51');
    const owner = await loggedIn(OWNER, '192.0.2.52');
    const refused = await owner.request('DELETE', `/devices/${deviceOf(phone)}`);
    expect([refused.statusCode, refused.json()]).toEqual([404, { message: 'Dispositivo não encontrado (talvez já esquecido).' }]);

    expect((await laptop.request('DELETE', `/devices/${deviceOf(phone)}`)).statusCode).toBe(204);
    expect((await devicesSeenBy(laptop)).map((d) => d.id)).not.toContain(deviceOf(phone));
    expect((await laptop.request('DELETE', `/devices/${deviceOf(phone)}`)).statusCode).toBe(404);
    const [entry] = await listAudit(db, { action: 'device.forget', limit: 1 });
    expect(entry).toMatchObject({
      subject: `staff_users/${ids[PRESS.email]}`,
      outcome: 'ok',
      before: { device: deviceOf(phone).slice(0, 12) },
    });

    await lockForStrangers(PRESS.email);
    expect(await getsIn(phone.device, PRESS)).toBe(false);
    expect(await getsIn(laptop.device, PRESS)).toBe(true);
    advance(16);
  });

  it('are all withdrawn at a password change (the browser that changed it gets a new one), at a reset, and when the account is disabled', async () => {
    const office = await loggedIn(OWNER, '192.0.2.60');
    const home = await loggedIn(OWNER, '192.0.2.61');
    const next = { ...OWNER, password: 'o festival abre com uma comedia' };
    const known = (await listStaffDevices(db, ids[OWNER.email]!)).length;
    expect(known).toBeGreaterThanOrEqual(2);
    const changed = await office.request('POST', '/account/password', { currentPassword: OWNER.password, newPassword: next.password });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await devicesSeenBy(office)).map((d) => [d.id, d.current])).toEqual([[deviceOf(office), true]]);
    const [change] = await listAudit(db, { action: 'password.change', limit: 1 });
    expect(change?.after).toMatchObject({ devicesWithdrawn: known });
    await lockForStrangers(OWNER.email);
    expect(await getsIn(home.device, next)).toBe(false);
    expect(await getsIn(office.device, next)).toBe(true);
    advance(16);

    // A reset link used: no device of the account is known any more.
    const token = 'ligacao-de-teste-para-repor-a-palavra-passe';
    await insertStaffPasswordReset(db, {
      token_hash: sha256Hex(token),
      user_id: ids[OWNER.email]!,
      created_by: ids[ADMIN.email]!,
      created_at: clock().toISOString(),
      expires_at: new Date(clock().getTime() + 3_600_000).toISOString(),
    });
    const reset = await new GestaoBrowser(app, '192.0.2.62').open();
    const redeemed = await reset.request('POST', `/password-resets/${token}`, { password: 'as luzes apagam-se antes do genérico' });
    expect(redeemed.statusCode, redeemed.body).toBe(200);
    expect(await listStaffDevices(db, ids[OWNER.email]!)).toEqual([]);

    // An administrator disables an account: its devices go with its sessions.
    const press = await loggedIn(PRESS, '192.0.2.63');
    expect(await listStaffDevices(db, ids[PRESS.email]!)).not.toEqual([]);
    const admin = new GestaoBrowser(app, '192.0.2.64');
    await logins.logIn(admin, ADMIN);
    const disabled = await admin.request('PATCH', `/users/${ids[PRESS.email]}`, { disabled: true });
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect(await listStaffDevices(db, ids[PRESS.email]!)).toEqual([]);
    expect((await press.request('GET', '/devices')).statusCode).toBe(401);
  });
});
