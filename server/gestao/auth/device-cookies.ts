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
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { readOrCreateSecret } from '../../db/repositories/staff/staff-secrets-repository';
import type { AppDeps } from '../../deps';
import { sha256Hex } from './tokens';

/** How long a device stays known without logging in again (a festival season and its preparation). */
export const DEVICE_COOKIE_LIFETIME_MS = 180 * 24 * 60 * 60_000;

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
  /** The device the request's cookie names, or null (none, altered, signed with another key, too old). */
  read(request: FastifyRequest, now: Date): KnownDevice | null;
  /** Gives the browser a new cookie for `userId` (after a successful login). */
  issue(reply: FastifyReply, userId: number, now: Date): void;
}

const FORMAT = /^v1\.([1-9][0-9]{0,9})\.([0-9]{1,12})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

export async function deviceCookieSecret({ db, clock }: Pick<AppDeps, 'db' | 'clock'>): Promise<string> {
  return readOrCreateSecret(db, DEVICE_COOKIE_SECRET, () => randomBytes(32).toString('hex'), clock().toISOString());
}

export function deviceCookies(secret: string, publicUrl: string): DeviceCookies {
  const name = deviceCookieName(publicUrl);
  const secure = publicUrl.startsWith('https:');
  // Bound to its purpose: the same key could never sign anything this reads as a device cookie.
  const mac = (payload: string) => createHmac('sha256', secret).update(`gestao-dispositivo|${payload}`, 'utf8').digest();

  return {
    read(request, now) {
      const value = request.cookies[name];
      const parts = typeof value === 'string' ? FORMAT.exec(value) : null;
      if (!parts) return null;
      const [, userId, issued, nonce, signature] = parts as unknown as [string, string, string, string, string];
      const expected = mac(`${userId}.${issued}.${nonce}`);
      const given = Buffer.from(signature, 'base64url');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      if (now.getTime() - Number(issued) * 1000 > DEVICE_COOKIE_LIFETIME_MS) return null;
      return { userId: Number(userId), device: sha256Hex(nonce) };
    },
    issue(reply, userId, now) {
      const payload = `${userId}.${Math.floor(now.getTime() / 1000)}.${randomBytes(16).toString('base64url')}`;
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
