/**
 * Device cookies (OWASP, "Slow Down Online Guessing Attacks with Device Cookies"): after a
 * successful login (the password and, when the account has one, its code; or a passkey) the
 * browser gets a long-lived cookie naming the account, signed by the server. A later password
 * login of that account that carries it comes from a device known to have logged in: its
 * failures count against that device's own allowance, never against the lock that clients
 * without one share (login-limits.ts). So while someone guesses an account's password from
 * anywhere else, and keeps it locked for them, its owner logs in from her own computer.
 *
 * The cookie is `v1.<user id>.<issued, Unix seconds>.<nonce>.<HMAC-SHA256>`: nothing secret in
 * it, and nothing anyone can make without the key, kept in the database like the session's
 * (staff_secrets 'device-cookies', `npm run secrets -- rotate device-cookies`: every device is
 * unknown again until its next login). A new cookie, with a new nonce, follows every successful
 * login: the device's counter starts afresh. The server refuses one older than its lifetime
 * whatever the browser kept. One browser holds one: the account that logged in on it last.
 * It survives logging out (that is the point); it opens nothing by itself, it only chooses
 * which counter a login attempt is charged to.
 *
 * A cookie counts only while its device is recorded (staff_devices), so that devices can be
 * listed and withdrawn: a login records its new cookie in place of the one the browser showed,
 * and withdraws the account's oldest beyond MAX_DEVICES_PER_ACCOUNT; a password change, a reset
 * and a disabled account withdraw them all (a copied cookie stops counting with them).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { readOrCreateSecret } from '../../db/repositories/staff/staff-secrets-repository';
import { isStaffDevice, recordStaffDevice } from '../../db/repositories/staff/staff-devices-repository';
import type { AppDeps } from '../../deps';
import { sha256Hex } from './tokens';

/** How long a device stays known without logging in again (a festival season and its preparation). */
export const DEVICE_COOKIE_LIFETIME_MS = 180 * 24 * 60 * 60_000;

/** The devices an account keeps known: a login beyond them withdraws the oldest. */
export const MAX_DEVICES_PER_ACCOUNT = 5;

/** The secret's name in staff_secrets (and for `npm run secrets -- rotate`). */
export const DEVICE_COOKIE_SECRET = 'device-cookies';

/** `__Host-` over HTTPS (Secure, path /, no Domain: no other host or path can set or shadow it), as the session's. */
export function deviceCookieName(publicUrl: string): string {
  return publicUrl.startsWith('https:') ? '__Host-gestao-dispositivo' : 'gestao-dispositivo';
}

/** A valid device cookie: the account it names, and the device's id its failures are counted by. */
export interface KnownDevice {
  userId: number;
  /** SHA-256 of the cookie's nonce: stored instead of the nonce, as a token is. */
  device: string;
}

export interface DeviceCookies {
  /** The recorded device the request's cookie names, or null (none, altered, signed with another key, too old, withdrawn). */
  read(request: FastifyRequest, now: Date): Promise<KnownDevice | null>;
  /** Gives the browser a new cookie for `userId` after a successful login, recorded in place of the one it showed. */
  issue(request: FastifyRequest, reply: FastifyReply, userId: number, now: Date): Promise<void>;
}

/** How much of a browser's name is kept to list its device by. */
const USER_AGENT_KEPT = 300;

const FORMAT = /^v1\.([1-9][0-9]{0,9})\.([0-9]{1,12})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

export async function deviceCookieSecret({ db, clock }: Pick<AppDeps, 'db' | 'clock'>): Promise<string> {
  return readOrCreateSecret(db, DEVICE_COOKIE_SECRET, () => randomBytes(32).toString('hex'), clock().toISOString());
}

export function deviceCookies(secret: string, publicUrl: string, { db }: Pick<AppDeps, 'db'>): DeviceCookies {
  const name = deviceCookieName(publicUrl);
  const secure = publicUrl.startsWith('https:');
  // Bound to its purpose: the same key could never sign anything this reads as a device cookie.
  const mac = (payload: string) => createHmac('sha256', secret).update(`gestao-dispositivo|${payload}`, 'utf8').digest();

  /** The device the cookie names if the server made it and it is within its lifetime, recorded or not. */
  const signed = (request: FastifyRequest, now: Date): KnownDevice | null => {
    const value = request.cookies[name];
    const parts = typeof value === 'string' ? FORMAT.exec(value) : null;
    if (!parts) return null;
    const [, userId, issued, nonce, signature] = parts as unknown as [string, string, string, string, string];
    const expected = mac(`${userId}.${issued}.${nonce}`);
    const given = Buffer.from(signature, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    if (now.getTime() - Number(issued) * 1000 > DEVICE_COOKIE_LIFETIME_MS) return null;
    return { userId: Number(userId), device: sha256Hex(nonce) };
  };

  return {
    async read(request, now) {
      const known = signed(request, now);
      return known && (await isStaffDevice(db, known.device, known.userId)) ? known : null;
    },
    async issue(request, reply, userId, now) {
      const nonce = randomBytes(16).toString('base64url');
      const shown = signed(request, now);
      await recordStaffDevice(
        db,
        {
          device: sha256Hex(nonce),
          user_id: userId,
          issued_at: now.toISOString(),
          ip: request.ip,
          user_agent: (request.headers['user-agent'] ?? '').slice(0, USER_AGENT_KEPT),
        },
        shown?.userId === userId ? shown.device : null,
        MAX_DEVICES_PER_ACCOUNT,
      );
      const payload = `${userId}.${Math.floor(now.getTime() / 1000)}.${nonce}`;
      reply.setCookie(name, `v1.${payload}.${mac(payload).toString('base64url')}`, {
        path: '/',
        httpOnly: true,
        sameSite: 'strict',
        secure,
        maxAge: DEVICE_COOKIE_LIFETIME_MS / 1000,
      });
    },
  };
}
