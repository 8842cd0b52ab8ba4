/**
 * The back office's accounts (the failed logins counted against them: login-throttle-repository.ts).
 * Emails are stored lower-cased (the caller normalises them with normaliseEmail), so one address
 * is one account.
 */
import type { Selectable } from 'kysely';
import type { Db } from '../../database';
import type { StaffUsersTable } from '../../schema';

export type StaffUserRow = Selectable<StaffUsersTable>;

export async function findStaffUserByEmail(db: Db, email: string): Promise<StaffUserRow | undefined> {
  return db.selectFrom('staff_users').selectAll().where('email', '=', email).executeTakeFirst();
}

export async function findStaffUserById(db: Db, id: number): Promise<StaffUserRow | undefined> {
  return db.selectFrom('staff_users').selectAll().where('id', '=', id).executeTakeFirst();
}

export type StaffUserSummary = Pick<StaffUserRow, 'id' | 'email' | 'role' | 'created_at' | 'disabled_at' | 'totp_enabled_at'>;

/** Every account, oldest first (the password hashes and TOTP secrets stay here). */
export async function listStaffUsers(db: Db): Promise<StaffUserSummary[]> {
  return db
    .selectFrom('staff_users')
    .select(['id', 'email', 'role', 'created_at', 'disabled_at', 'totp_enabled_at'])
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** Adds an account; a second account with the same email breaks the unique index (the caller answers 409). */
export async function insertStaffUser(
  db: Db,
  user: { email: string; role: string; passwordHash: string; createdAt: string },
): Promise<number> {
  const row = await db
    .insertInto('staff_users')
    .values({ email: user.email, role: user.role, password_hash: user.passwordHash, created_at: user.createdAt, disabled_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function updateStaffUserRole(db: Db, id: number, role: string): Promise<void> {
  await db.updateTable('staff_users').set({ role }).where('id', '=', id).execute();
}

/** Disables (a time) or enables (null) an account. */
export async function setStaffUserDisabled(db: Db, id: number, disabledAt: string | null): Promise<void> {
  await db.updateTable('staff_users').set({ disabled_at: disabledAt }).where('id', '=', id).execute();
}

/** A new password (its argon2id hash): changed by its owner, or chosen from a reset link. */
export async function setStaffUserPassword(db: Db, id: number, passwordHash: string): Promise<void> {
  await db.updateTable('staff_users').set({ password_hash: passwordHash }).where('id', '=', id).execute();
}

/** A new address (normalised by the caller); one already taken breaks the unique index (the caller answers 409). */
export async function setStaffUserEmail(db: Db, id: number, email: string): Promise<void> {
  await db.updateTable('staff_users').set({ email }).where('id', '=', id).execute();
}

/** Accounts of a role that may log in (the last administrator must not lock everyone out). */
export async function countActiveStaffWithRole(db: Db, role: string): Promise<number> {
  const row = await db
    .selectFrom('staff_users')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('role', '=', role)
    .where('disabled_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Stores a new TOTP secret, not yet in force (a code must confirm it: enableStaffTotp). */
export async function setPendingStaffTotp(db: Db, id: number, secret: string): Promise<void> {
  await db
    .updateTable('staff_users')
    .set({ totp_secret: secret, totp_enabled_at: null, totp_last_step: null })
    .where('id', '=', id)
    .execute();
}

export async function enableStaffTotp(db: Db, id: number, at: string, step: number): Promise<void> {
  await db.updateTable('staff_users').set({ totp_enabled_at: at, totp_last_step: step }).where('id', '=', id).execute();
}

/**
 * Records that a code of time step `step` was used; false when one of that step or a later one
 * already was (a replayed code, or two logins with one code at the same instant).
 */
export async function claimStaffTotpStep(db: Db, id: number, step: number): Promise<boolean> {
  const result = await db
    .updateTable('staff_users')
    .set({ totp_last_step: step })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Turns two-step login off (an administrator's help after a lost phone). */
export async function clearStaffTotp(db: Db, id: number): Promise<void> {
  await db
    .updateTable('staff_users')
    .set({ totp_secret: null, totp_enabled_at: null, totp_last_step: null })
    .where('id', '=', id)
    .execute();
}
