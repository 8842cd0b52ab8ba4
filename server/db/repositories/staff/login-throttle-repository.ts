/**
 * The failed logins counted against each counter, and the counters over their limit (lockouts).
 * The rules (limits, windows, who counts where) are server/gestao/auth/login-limits.ts's, given to
 * the calls that apply them here, each in one transaction with its counters held: an attempt
 * charged (chargeLoginAttempt), then settled (lockCountersAtLimit, settleLoginSuccess).
 * Migration 2026-11-27T08-00_login-throttling.
 */
import { PostgresAdapter, sql } from 'kysely';
import type { Db } from '../../database';

/** Which counter: an account's untrusted clients, an address's, one known device, an address's passkey logins. */
export type LockScope = 'account' | 'address' | 'device' | 'passkey';

export interface LoginCounter {
  scope: LockScope;
  /** The typed email (account), the address (address, passkey), the device's id (device). */
  key: string;
}

export interface LoginFailure {
  email: string;
  ip: string;
  at: string;
  /** The known device's id; for a reauth failure, the session's (SHA-256 of its id). */
  device: string | null;
  kind: 'password' | 'passkey' | 'reauth';
}

/** A lockout as it starts. */
export type StartedLockout = Pick<LockoutRow, 'scope' | 'key' | 'email' | 'ip' | 'failures' | 'locked_at' | 'until'>;

export interface LockoutRow {
  id: number;
  scope: LockScope;
  key: string;
  email: string | null;
  ip: string | null;
  failures: number;
  locked_at: string;
  until: string;
  lifted_at: string | null;
  reset_at: string | null;
}

/** Records a failure (or an attempt charged in advance, login-limits.ts): its id. */
async function recordLoginFailure(db: Db, failure: LoginFailure): Promise<number> {
  const row = await db.insertInto('staff_login_failures').values(failure).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

/** Takes back an attempt charged in advance that turned out not to be a failure. */
export async function deleteLoginFailure(db: Db, id: number): Promise<void> {
  await db.deleteFrom('staff_login_failures').where('id', '=', id).execute();
}

/** The failures a counter holds: password failures of clients without a device cookie, of one device, or passkey failures. */
function failuresOf(db: Db, counter: LoginCounter) {
  const query = db.selectFrom('staff_login_failures');
  switch (counter.scope) {
    case 'account':
      return query.where('kind', '=', 'password').where('device', 'is', null).where('email', '=', counter.key);
    case 'address':
      return query.where('kind', '=', 'password').where('device', 'is', null).where('ip', '=', counter.key);
    case 'device':
      return query.where('kind', '=', 'password').where('device', '=', counter.key);
    case 'passkey':
      return query.where('kind', '=', 'passkey').where('ip', '=', counter.key);
  }
}

/** When each of a counter's failures after `since` happened (those recorded up to row `upTo` only, if given), oldest first. */
async function loginFailureTimes(db: Db, counter: LoginCounter, since: string, upTo?: number): Promise<string[]> {
  let query = failuresOf(db, counter).select('at').where('at', '>', since);
  if (upTo !== undefined) query = query.where('id', '<=', upTo);
  const rows = await query.orderBy('at').execute();
  return rows.map((r) => r.at);
}

/** Forgets a counter's failures (a successful login of that device, or of that account from an untrusted client). */
export async function forgetLoginFailures(db: Db, counter: LoginCounter): Promise<void> {
  await db.deleteFrom('staff_login_failures').where('id', 'in', failuresOf(db, counter).select('id')).execute();
}

/**
 * Failures too old to count (a session's wrong answers to the password again: once no session
 * can be that old), and lockouts lifted long enough ago that nothing reads them any more.
 */
export async function pruneLoginThrottle(db: Db, before: string, reauthBefore: string): Promise<void> {
  await db.deleteFrom('staff_login_failures').where('kind', '<>', 'reauth').where('at', '<=', before).execute();
  await db.deleteFrom('staff_login_failures').where('kind', '=', 'reauth').where('at', '<=', reauthBefore).execute();
  await db.deleteFrom('staff_login_lockouts').where('lifted_at', '<=', before).execute();
}

/**
 * Runs `work` with the given counters' keys held, so that attempts sent at once are counted one
 * after another. On PostgreSQL, transaction-scoped advisory locks taken in one order (ids come from
 * a sequence, so counting "ids up to mine" alone would miss a neighbour whose insert has not
 * committed yet); on SQLite the transaction itself serialises writers.
 */
export async function withCountersHeld<T>(db: Db, keys: readonly string[], work: (trx: Db) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (trx) => {
    if (trx.getExecutor().adapter instanceof PostgresAdapter) {
      for (const key of [...new Set(keys)].sort()) await sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(trx);
    }
    return work(trx);
  });
}

/** Records an answer to "password again" not yet checked, and returns how many that session now has, itself included. */
export async function chargeReauthAnswer(db: Db, failure: LoginFailure & { device: string }): Promise<number> {
  return withCountersHeld(db, [`reauth:${failure.device}`], async (trx) => {
    await trx
      .insertInto('staff_login_failures')
      .values({ ...failure, kind: 'reauth' })
      .execute();
    const row = await trx
      .selectFrom('staff_login_failures')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('kind', '=', 'reauth')
      .where('device', '=', failure.device)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  });
}

export async function forgetReauthFailures(db: Db, session: string): Promise<void> {
  await db.deleteFrom('staff_login_failures').where('kind', '=', 'reauth').where('device', '=', session).execute();
}

/** The lockout rows of these counters, in force or not (their reset_at bounds what counts). */
async function lockoutsOf(db: Db, counters: readonly LoginCounter[]): Promise<LockoutRow[]> {
  if (counters.length === 0) return [];
  const rows = await db
    .selectFrom('staff_login_lockouts')
    .selectAll()
    .where((eb) => eb.or(counters.map((c) => eb.and([eb('scope', '=', c.scope), eb('key', '=', c.key)]))))
    .execute();
  return rows as LockoutRow[];
}

/**
 * Puts a counter's lockout in force, unless one already is: true when this call did (so that
 * its crossing is audited once, whichever instance saw it). A row lifted before is reused.
 */
async function startLockout(db: Db, lockout: StartedLockout): Promise<boolean> {
  const result = await db
    .insertInto('staff_login_lockouts')
    .values({ ...lockout, lifted_at: null, reset_at: null })
    .onConflict((oc) =>
      oc
        .columns(['scope', 'key'])
        .doUpdateSet({
          email: lockout.email,
          ip: lockout.ip,
          failures: lockout.failures,
          locked_at: lockout.locked_at,
          until: lockout.until,
          lifted_at: null,
        })
        .where('staff_login_lockouts.lifted_at', 'is not', null),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** Every lockout in force now, the one ending last first, with whether its email is an account's. */
export async function listLockoutsInForce(db: Db, now: string): Promise<(LockoutRow & { account_id: number | null })[]> {
  const rows = await db
    .selectFrom('staff_login_lockouts')
    .leftJoin('staff_users', 'staff_users.email', 'staff_login_lockouts.email')
    .selectAll('staff_login_lockouts')
    .select('staff_users.id as account_id')
    .where('staff_login_lockouts.lifted_at', 'is', null)
    .where('staff_login_lockouts.until', '>', now)
    .orderBy('staff_login_lockouts.until', 'desc')
    .orderBy('staff_login_lockouts.id')
    .limit(500)
    .execute();
  return rows as (LockoutRow & { account_id: number | null })[];
}

/**
 * Marks as lifted the lockouts whose time has run out (lifted at their `until`): the rows this
 * call lifted, to be audited (another instance's concurrent call gets the others).
 */
export async function liftExpiredLockouts(db: Db, now: string): Promise<LockoutRow[]> {
  const rows = await db
    .updateTable('staff_login_lockouts')
    .set((eb) => ({ lifted_at: eb.ref('until') }))
    .where('lifted_at', 'is', null)
    .where('until', '<=', now)
    .returningAll()
    .execute();
  return rows as LockoutRow[];
}

/** An administrator lifts a lockout in force: failures before now stop counting for its key. The row, or undefined. */
export async function liftLockoutNow(db: Db, id: number, now: string): Promise<LockoutRow | undefined> {
  const row = await db
    .updateTable('staff_login_lockouts')
    .set({ lifted_at: now, reset_at: now })
    .where('id', '=', id)
    .where('lifted_at', 'is', null)
    .where('until', '>', now)
    .returningAll()
    .executeTakeFirst();
  return row as LockoutRow | undefined;
}

/**
 * How failures count (login-limits.ts's rules): each counter's limit, the window's start (older
 * failures count for nothing), and when a lockout started now ends, from its counted failures.
 */
export interface CountingRules {
  now: string;
  windowStart: string;
  /** Reauth answers older than this count for nothing (no session is that old). */
  reauthBefore: string;
  limits: Record<LockScope, number>;
  lockedUntil: (times: readonly string[], limit: number) => string;
}

/**
 * The failures that count for `counter` now: those of the window, after an administrator's
 * lifting; with `upTo`, only those charged before that row (so that of attempts charged at once,
 * the first ones in go ahead, rather than each seeing all the others and none going ahead).
 */
function countedTimes(db: Db, counter: LoginCounter, lockouts: readonly LockoutRow[], windowStart: string, upTo?: number) {
  const reset = lockouts.find((row) => row.scope === counter.scope && row.key === counter.key)?.reset_at;
  return loginFailureTimes(db, counter, reset && reset > windowStart ? reset : windowStart, upTo);
}

/**
 * Runs `work` with `counters` held (withCountersHeld: advisory locks on PostgreSQL; on SQLite the
 * lifting, its first statement, takes the write lock), once the lockouts whose time ran out are
 * lifted: it is given the counters' lockout rows; the rows it lifted come back beside its answer,
 * to be audited.
 */
async function withCountersLifted<T extends object>(
  db: Db,
  counters: readonly LoginCounter[],
  now: string,
  work: (trx: Db, lockouts: LockoutRow[]) => Promise<T>,
): Promise<T & { lifted: LockoutRow[] }> {
  return withCountersHeld(
    db,
    counters.map((c) => `${c.scope}:${c.key}`),
    async (trx) => {
      const lifted = await liftExpiredLockouts(trx, now);
      return { ...(await work(trx, await lockoutsOf(trx, counters))), lifted };
    },
  );
}

/**
 * A login attempt, charged: `locked` (a lockout of its counters in force: the one ending last),
 * `over` (charged at the same time as others that took its counter's allowance: taken back, with
 * the failures that count), or `charged` (its row, a failure until settled). `lifted`: the
 * lockouts whose time had run out, lifted by this call, to be audited.
 */
type Charge =
  | { outcome: 'locked'; lockout: LockoutRow }
  | { outcome: 'over'; counter: LoginCounter; times: string[] }
  | { outcome: 'charged'; id: number };
export type ChargedAttempt = Charge & { lifted: LockoutRow[] };

/**
 * Charges a login attempt in advance, in one transaction with its counters held: refuses it while
 * one of its counters is locked, or records it and counts each counter's failures up to it.
 * Failures too old to count are pruned first.
 */
export async function chargeLoginAttempt(
  db: Db,
  failure: LoginFailure,
  counters: readonly LoginCounter[],
  rules: CountingRules,
): Promise<ChargedAttempt> {
  await pruneLoginThrottle(db, rules.windowStart, rules.reauthBefore);
  return withCountersLifted(db, counters, rules.now, async (trx, lockouts): Promise<Charge> => {
    const [lockout] = lockouts
      .filter((row) => row.lifted_at === null && row.until > rules.now)
      .sort((a, b) => b.until.localeCompare(a.until));
    if (lockout) return { outcome: 'locked', lockout };
    const id = await recordLoginFailure(trx, failure);
    for (const counter of counters) {
      const times = await countedTimes(trx, counter, lockouts, rules.windowStart, id);
      if (times.length <= rules.limits[counter.scope]) continue;
      await deleteLoginFailure(trx, id);
      return { outcome: 'over', counter, times: await countedTimes(trx, counter, lockouts, rules.windowStart) };
    }
    return { outcome: 'charged', id };
  });
}

/**
 * A charged attempt settled as a failure: the lockout of each of its counters that has reached
 * its limit put in force, in one transaction with the counters held. `started`: the lockouts this
 * call started (audited once, whichever instance); `lifted`: those it found run out first.
 */
export async function lockCountersAtLimit(
  db: Db,
  failure: Pick<LoginFailure, 'email' | 'ip'>,
  counters: readonly LoginCounter[],
  rules: CountingRules,
): Promise<{ started: StartedLockout[]; lifted: LockoutRow[] }> {
  // A lock that ran out unnoticed is lifted (and audited) before a new one takes its row.
  return withCountersLifted(db, counters, rules.now, async (trx, lockouts) => {
    const started: StartedLockout[] = [];
    for (const counter of counters) {
      const times = await countedTimes(trx, counter, lockouts, rules.windowStart);
      const limit = rules.limits[counter.scope];
      if (times.length < limit) continue;
      const row = {
        scope: counter.scope,
        key: counter.key,
        email: counter.scope === 'account' || counter.scope === 'device' ? failure.email : null,
        ip: failure.ip,
        failures: times.length,
        locked_at: rules.now,
        until: rules.lockedUntil(times, limit),
      };
      if (await startLockout(trx, row)) started.push(row);
    }
    return { started };
  });
}

/** A charged attempt settled as a success: its row taken back, and the failures of the counter it was charged to forgotten. */
export async function settleLoginSuccess(db: Db, id: number, counter: LoginCounter | undefined): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await deleteLoginFailure(trx, id);
    if (counter) await forgetLoginFailures(trx, counter);
  });
}
