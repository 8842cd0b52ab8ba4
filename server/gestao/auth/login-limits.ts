/**
 * Failed logins are limited per account (10 in 15 minutes) and per address (30 in 15 minutes),
 * counted in the database so that the limit holds across instances. Once over, every attempt is
 * refused, the right password too, until enough failures have aged out of the window.
 */
import { plural } from '../../../src/common/plural';
import type { AppDeps } from '../../deps';
import { loginFailureTimes, pruneLoginFailures, recordLoginFailure } from '../../db/repositories/staff-users-repository';

export const LOGIN_WINDOW_MS = 15 * 60_000;
export const MAX_FAILURES_PER_ACCOUNT = 10;
export const MAX_FAILURES_PER_ADDRESS = 30;

/** Seconds until `times` (oldest first) holds fewer than `max` failures in the window, or 0. */
function waitFor(times: string[], max: number, now: number): number {
  if (times.length < max) return 0;
  // The failure whose ageing out brings the count below the limit.
  const pivot = Date.parse(times[times.length - max] ?? '');
  return Math.max(1, Math.ceil((pivot + LOGIN_WINDOW_MS - now) / 1000));
}

type LimitDeps = Pick<AppDeps, 'db' | 'metrics'>;

/** How a login was tried, for the metrics. */
export type LoginMethod = 'password' | 'totp' | 'passkey' | 'reauth';

/** Seconds the client must wait before trying to log in again (0: it may try now). */
export async function loginWaitSeconds({ db, metrics }: LimitDeps, email: string, ip: string, now: Date): Promise<number> {
  const since = new Date(now.getTime() - LOGIN_WINDOW_MS).toISOString();
  const [byAccount, byAddress] = await Promise.all([loginFailureTimes(db, { email }, since), loginFailureTimes(db, { ip }, since)]);
  const account = waitFor(byAccount, MAX_FAILURES_PER_ACCOUNT, now.getTime());
  const address = waitFor(byAddress, MAX_FAILURES_PER_ADDRESS, now.getTime());
  if (account > 0 || address > 0) metrics?.loginLockouts.inc({ scope: account >= address ? 'account' : 'address' });
  return Math.max(account, address);
}

export async function countLoginFailure(
  { db, metrics }: LimitDeps,
  method: LoginMethod,
  email: string,
  ip: string,
  now: Date,
): Promise<void> {
  metrics?.loginFailures.inc({ method });
  await recordLoginFailure(db, { email, ip, at: now.toISOString() });
  // Failures older than the window count for nothing (the audit log keeps every attempt).
  await pruneLoginFailures(db, new Date(now.getTime() - LOGIN_WINDOW_MS).toISOString());
}

/** "Demasiadas tentativas. Tente de novo dentro de 15 minutos.", from the real wait. */
export function tooManyAttemptsMessage(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  return `Demasiadas tentativas. Tente de novo dentro de ${plural(minutes, { one: '{n} minuto', other: '{n} minutos' })}.`;
}
