/**
 * Failed logins slow down the guesser, never the account's owner (OWASP's device cookies,
 * device-cookies.ts). Counted in the database, so that the limits hold across instances, each
 * failure against the counters of who tried, over a sliding window of 15 minutes:
 *
 * - a password login from a known device (a valid device cookie for that very account, its
 *   device still recorded): that device's own allowance, 10 failures; nothing else. An account
 *   under attack stays open to it. Once a device's allowance is used up (a copied cookie's
 *   guesses), its attempts count as any other client's, below: the copy gets 10 more guesses at
 *   most, and its owner, in the same browser, is refused only if the account is locked for all;
 * - a password login from any other client (no cookie, a forged or expired one, or one naming
 *   another account): 10 failures per typed email, then that account is closed to such clients,
 *   and 30 per address, then that address is closed to them for every account. Counted whether
 *   or not the email is an account's, so a lock says nothing of which emails exist;
 * - a passkey login: 30 failures per address, against floods only. A passkey is not guessable
 *   and not phishable: no password failure ever blocks it, and its failures block no password;
 * - the password asked again (reauth.ts) counts here for nothing: five wrong answers end that
 *   session instead.
 *
 * A wrong TOTP code counts as a wrong password of the same client. A counter that reaches its
 * limit is a lockout (staff_login_lockouts), in force until enough of its failures age out of the
 * window; attempts it refuses are not failures and do not extend it. Every lockout and its lifting
 * (its time run out, noticed by the next attempt or listing; or an administrator's, after which
 * the failures before it stop counting for that key) is in the audit log, and administrators see
 * those in force (routes/lockout-routes.ts). A successful login forgets the failures of the
 * counter it was charged to (the device's, or the account's untrusted clients'), never another's:
 * the owner logging in from her computer leaves an attacker's lock where it is.
 */
import type { FastifyRequest } from 'fastify';
import { plural } from '../../../src/common/text/plural';
import { appendAudit } from '../../db/repositories/audit/audit-log-repository';
import {
  chargeLoginAttempt,
  chargeReauthAnswer,
  deleteLoginFailure,
  forgetReauthFailures,
  liftExpiredLockouts as liftExpiredRows,
  liftLockoutNow,
  listLockoutsInForce,
  lockCountersAtLimit,
  pruneLoginThrottle,
  settleLoginSuccess,
  type CountingRules,
  type LockoutRow,
  type LockScope,
  type LoginCounter,
} from '../../db/repositories/staff/login-throttle-repository';
import type { AppDeps } from '../../deps';
import type { LoginLockoutView } from '../../../src/common/gestao/login-lockouts';
import { ABSOLUTE_LIMIT_MS } from './session-store';
import { auditFrom, type StaffIdentity } from './staff';
import { sha256Hex } from './tokens';

export type { LockScope } from '../../db/repositories/staff/login-throttle-repository';

export const LOGIN_WINDOW_MS = 15 * 60_000;
/** Password failures of clients without a device cookie, per typed email. */
export const MAX_FAILURES_PER_ACCOUNT = 10;
/** Password failures of clients without a device cookie, per address. */
export const MAX_FAILURES_PER_ADDRESS = 30;
/** Password failures of one known device. */
export const MAX_FAILURES_PER_DEVICE = 10;
/** Passkey failures per address. */
export const MAX_PASSKEY_FAILURES_PER_ADDRESS = 30;

export const LOCK_LIMITS: Record<LockScope, number> = {
  account: MAX_FAILURES_PER_ACCOUNT,
  address: MAX_FAILURES_PER_ADDRESS,
  device: MAX_FAILURES_PER_DEVICE,
  passkey: MAX_PASSKEY_FAILURES_PER_ADDRESS,
};

type LimitDeps = Pick<AppDeps, 'db' | 'clock' | 'metrics'>;

/** How a login was tried, for the metrics. */
export type LoginMethod = 'password' | 'totp' | 'passkey' | 'reauth';

/** A password login attempt: the typed email, the address, and the known device it came from (null: none). */
export interface PasswordAttempt {
  email: string;
  ip: string;
  device: string | null;
}

/** A refusal: which counter, and the seconds until it lets attempts through again. */
export interface LoginWait {
  scope: LockScope;
  seconds: number;
}

/** The counters a password attempt is charged to and refused by. */
function passwordCounters({ email, ip, device }: PasswordAttempt): LoginCounter[] {
  return device
    ? [{ scope: 'device', key: device }]
    : [
        { scope: 'account', key: email },
        { scope: 'address', key: ip },
      ];
}

const windowStart = (now: Date) => new Date(now.getTime() - LOGIN_WINDOW_MS).toISOString();

/** Seconds from `now` until `until`, at least 1. */
const secondsUntil = (until: string, now: Date) => Math.max(1, Math.ceil((Date.parse(until) - now.getTime()) / 1000));

/** Audit subjects: the email for an account's and a device's lockout, the address for the others. */
const subjectOf = (row: Pick<LockoutRow, 'scope' | 'key' | 'email'>) =>
  row.scope === 'account' || row.scope === 'device' ? (row.email ?? row.key) : row.key;

/** What a lockout's audit entry says of it (a device by the start of its id only). */
function auditDetail(row: Pick<LockoutRow, 'scope' | 'key' | 'ip' | 'failures' | 'until'>) {
  return {
    scope: row.scope,
    failures: row.failures,
    until: row.until,
    ...(row.scope === 'device' ? { device: row.key.slice(0, 12), ip: row.ip } : {}),
  };
}

/** The lifting of lockouts whose time ran out, audited once (by whichever instance noticed it). */
async function auditLifted({ db }: Pick<AppDeps, 'db'>, rows: readonly LockoutRow[], now: Date): Promise<void> {
  for (const row of rows) {
    // Nobody lifted it and nobody's address is involved: the clock did.
    await appendAudit(db, {
      at: now.toISOString(),
      actorId: null,
      actorEmail: null,
      ip: null,
      action: 'login.lockout.lifted',
      subject: subjectOf(row),
      outcome: 'ok',
      after: { ...auditDetail(row), reason: 'expirou' },
    });
  }
}

/**
 * Notices the lockouts whose time has run out and audits their lifting once (whichever instance
 * notices). A login attempt does it as it is charged; the administrators' list calls this.
 */
export async function liftExpiredLockouts(deps: Pick<AppDeps, 'db'>, now: Date): Promise<void> {
  await auditLifted(deps, await liftExpiredRows(deps.db, now.toISOString()), now);
}

/**
 * An attempt charged in advance: its row counts as a failure from before its password is checked,
 * so that attempts sent at once cannot all slip under the limit; it is then settled as a failure
 * (kept, and the lockout of a counter that reached its limit started), a success (the counter's
 * failures forgotten) or neither (taken back: a login that only asked for the TOTP code).
 */
export interface LoginCharge {
  failed(request: FastifyRequest, method: LoginMethod): Promise<void>;
  succeeded(): Promise<void>;
  cancelled(): Promise<void>;
}

type FailureRow = { email: string; ip: string; device: string | null; kind: 'password' | 'passkey' | 'reauth' };

/** The moment enough of `times` (oldest first) will have aged out to bring them under `max`. */
function endOf(times: readonly string[], max: number): string {
  const pivot = Date.parse(times[times.length - max] ?? '');
  return new Date(pivot + LOGIN_WINDOW_MS).toISOString();
}

/** This file's rules, as the repository counts by them at `now`. */
const countingRules = (now: Date): CountingRules => ({
  now: now.toISOString(),
  windowStart: windowStart(now),
  // Failures older than the window count for nothing (the audit log keeps every attempt).
  reauthBefore: new Date(now.getTime() - ABSOLUTE_LIMIT_MS).toISOString(),
  limits: LOCK_LIMITS,
  lockedUntil: endOf,
});

/**
 * Refuses the attempt while a lock of `counters` is in force, or charges it in advance. Charged,
 * it may still find its counters over their limit (others' attempts charged at the same time):
 * then it is taken back and refused with the wait those attempts make.
 */
async function charge(
  deps: LimitDeps,
  failure: FailureRow,
  counters: LoginCounter[],
  now: Date,
): Promise<{ wait: LoginWait } | { charge: LoginCharge }> {
  const { db } = deps;
  // Charged and counted with its counters held: of attempts sent at once, no more than the limit pass.
  const charged = await chargeLoginAttempt(db, { ...failure, at: now.toISOString() }, counters, countingRules(now));
  await auditLifted(deps, charged.lifted, now);
  if (charged.outcome !== 'charged') {
    const { scope } = charged.outcome === 'locked' ? charged.lockout : charged.counter;
    deps.metrics?.loginLockouts.inc({ scope });
    if (charged.outcome === 'locked') return { wait: { scope, seconds: secondsUntil(charged.lockout.until, now) } };
    const max = LOCK_LIMITS[scope];
    // Fewer than the limit left only if a success forgot them meanwhile: try again in a second.
    return { wait: { scope, seconds: charged.times.length >= max ? secondsUntil(endOf(charged.times, max), now) : 1 } };
  }
  const { id } = charged;
  return {
    charge: {
      async failed(request, method) {
        deps.metrics?.loginFailures.inc({ method });
        const { started, lifted } = await lockCountersAtLimit(db, failure, counters, countingRules(now));
        await auditLifted(deps, lifted, now);
        for (const row of started) {
          const event = { action: 'login.lockout', subject: subjectOf(row), outcome: 'denied' as const, after: auditDetail(row) };
          await auditFrom(request, deps, event, null);
        }
      },
      // The counter the login was charged to starts afresh; never another (see the top of the file).
      succeeded: () => settleLoginSuccess(db, id, failure.kind === 'password' ? counters[0] : undefined),
      cancelled: () => deleteLoginFailure(db, id),
    },
  };
}

/** A password login: refused now (the lock's wait), or charged (settled once the password and code are checked). */
export async function chargePasswordAttempt(deps: LimitDeps, attempt: PasswordAttempt, now: Date): ReturnType<typeof charge> {
  const charged = await charge(deps, { ...attempt, kind: 'password' }, passwordCounters(attempt), now);
  // A known device whose own allowance is used up is then a client like any other (OWASP): its
  // cookie may have been copied, and its owner still logs in from it within the account's and the
  // address's limits, which a copy's ten failures did not touch.
  if ('wait' in charged && attempt.device !== null) return chargePasswordAttempt(deps, { ...attempt, device: null }, now);
  return charged;
}

/** A passkey login from `request.ip` (`email`: the account its passkey names, if any): only its flood limit applies. */
export function chargePasskeyAttempt(request: FastifyRequest, deps: LimitDeps, email: string, now: Date) {
  const ip = request.ip;
  return charge(deps, { email, ip, device: null, kind: 'passkey' }, [{ scope: 'passkey', key: ip }], now);
}

/**
 * An answer to "the password again", charged against this session only (in the database, so that
 * answers sent at once are all counted), never the account: the session's answers since its last
 * right one, this one included, and its settlement (a right answer forgets them).
 */
export async function chargeReauthAttempt(
  request: FastifyRequest,
  deps: LimitDeps,
  email: string,
  now: Date,
): Promise<{ answers: number; failed: () => void; succeeded: () => Promise<void> }> {
  const session = sha256Hex(request.session.sessionId);
  const { windowStart: before, reauthBefore } = countingRules(now);
  await pruneLoginThrottle(deps.db, before, reauthBefore);
  return {
    // Counted one after another: of answers sent at once, the first five are checked.
    answers: await chargeReauthAnswer(deps.db, { email, ip: request.ip, device: session, kind: 'reauth', at: now.toISOString() }),
    failed: () => deps.metrics?.loginFailures.inc({ method: 'reauth' }),
    succeeded: () => forgetReauthFailures(deps.db, session),
  };
}

/** The lockouts in force now, for administrators. */
export async function lockoutsForAdministrators(deps: Pick<AppDeps, 'db'>, now: Date): Promise<LoginLockoutView[]> {
  await liftExpiredLockouts(deps, now);
  return (await listLockoutsInForce(deps.db, now.toISOString())).map((row) => ({
    id: row.id,
    scope: row.scope,
    email: row.email,
    address: row.ip,
    isAccount: row.account_id !== null,
    lockedAt: row.locked_at,
    until: row.until,
    failures: row.failures,
  }));
}

/** An administrator lifts a lockout in force (audited as theirs): false when none is in force by that id. */
export async function liftLockout(request: FastifyRequest, deps: Pick<AppDeps, 'db' | 'clock'>, id: number): Promise<boolean> {
  const now = deps.clock();
  const row = await liftLockoutNow(deps.db, id, now.toISOString());
  if (!row) return false;
  const staff = request.staff as StaffIdentity;
  await auditFrom(
    request,
    deps,
    {
      action: 'login.lockout.lifted',
      subject: subjectOf(row),
      outcome: 'ok',
      after: { ...auditDetail(row), reason: 'levantado por um administrador' },
    },
    staff,
  );
  return true;
}

/** "Demasiadas tentativas. Tente de novo dentro de 15 minutos.", from the real wait. */
export function tooManyAttemptsMessage(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  return `Demasiadas tentativas. Tente de novo dentro de ${plural(minutes, { one: '{n} minuto', other: '{n} minutos' })}.`;
}
