/**
 * Two-step login with a time-based code (TOTP, RFC 6238: SHA-1, 6 digits, 30 s, what every
 * authenticator app reads from the otpauth:// address). Codes are checked by the app's clock,
 * one step either side for a phone a little off, and each time step is good once.
 */
import { Secret, TOTP } from 'otpauth';

const ISSUER = '8½ Festa do Cinema Italiano';
const PARAMS = { algorithm: 'SHA1', digits: 6, period: 30 } as const;

/** A new shared secret (160 random bits, base32). */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// address an authenticator app reads (as a QR code or typed in). */
export function totpUri(secret: string, email: string): string {
  return new TOTP({ issuer: ISSUER, label: email, secret: Secret.fromBase32(secret), ...PARAMS }).toString();
}

/** The time step `code` belongs to at `now`, or null when it is not a current code of `secret`. */
export function totpStep(secret: string, code: string, now: Date): number | null {
  const token = code.replace(/\s+/g, '');
  if (!/^\d{6}$/.test(token)) return null;
  const timestamp = now.getTime();
  const delta = TOTP.validate({ token, secret: Secret.fromBase32(secret), timestamp, window: 1, ...PARAMS });
  return delta === null ? null : TOTP.counter({ period: PARAMS.period, timestamp }) + delta;
}

/** The code of `secret` at `now` (for tests and for nothing else). */
export function totpCodeAt(secret: string, now: Date): string {
  return TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: now.getTime(), ...PARAMS });
}

export const TOTP_REQUIRED = 'Indique o código de 6 algarismos da sua aplicação de autenticação.';
export const TOTP_WRONG = 'Código de verificação incorreto. Confirme que a hora do telemóvel está certa e tente de novo.';
