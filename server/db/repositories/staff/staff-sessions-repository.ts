/**
 * Staff sessions (server/gestao/auth/session-store.ts keeps @fastify/session's sessions here), by
 * the SHA-256 of the session id. `handle` names a session to its owner and to administrators
 * without giving away anything that could be replayed as a cookie.
 */
import type { Selectable } from 'kysely';
import type { Db } from '../../database';
import type { StaffSessionsTable } from '../../schema';

export type StaffSessionRow = Selectable<StaffSessionsTable>;

export async function findStaffSession(db: Db, idHash: string): Promise<StaffSessionRow | undefined> {
  return db.selectFrom('staff_sessions').selectAll().where('id_hash', '=', idHash).executeTakeFirst();
}

/** A new session's row (or the row of a session saved twice in its first request). */
export async function upsertStaffSession(db: Db, row: StaffSessionRow): Promise<void> {
  await db
    .insertInto('staff_sessions')
    .values(row)
    .onConflict((oc) =>
      oc.column('id_hash').doUpdateSet({
        user_id: row.user_id,
        data: row.data,
        last_seen_at: row.last_seen_at,
        expires_at: row.expires_at,
        ip: row.ip,
        user_agent: row.user_agent,
      }),
    )
    .execute();
}

/**
 * Saves a session that was read from the table, only while its row is still there: a session
 * ended (logout, an administrator, a disabled account) during a request is not brought back by
 * that request's save. Returns whether it was.
 */
export async function updateStaffSession(
  db: Db,
  idHash: string,
  fields: Pick<StaffSessionRow, 'user_id' | 'data' | 'last_seen_at' | 'expires_at'>,
): Promise<boolean> {
  const result = await db.updateTable('staff_sessions').set(fields).where('id_hash', '=', idHash).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteStaffSession(db: Db, idHash: string): Promise<void> {
  await db.deleteFrom('staff_sessions').where('id_hash', '=', idHash).execute();
}

export async function deleteStaffSessionByHandle(db: Db, handle: string): Promise<void> {
  await db.deleteFrom('staff_sessions').where('handle', '=', handle).execute();
}

/** Ends every session of an account (disabled, or its role changed). */
export async function deleteStaffSessionsOfUser(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('staff_sessions').where('user_id', '=', userId).execute();
}

/** Ends every session of an account but one (`keepIdHash`, the one that changed the password). */
export async function deleteOtherStaffSessionsOfUser(db: Db, userId: number, keepIdHash: string): Promise<number> {
  const result = await db.deleteFrom('staff_sessions').where('user_id', '=', userId).where('id_hash', '<>', keepIdHash).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function findStaffSessionByHandle(db: Db, handle: string): Promise<StaffSessionRow | undefined> {
  return db.selectFrom('staff_sessions').selectAll().where('handle', '=', handle).executeTakeFirst();
}

/** An account's sessions still alive at `now`, most recently seen first. */
export async function listStaffSessionsOfUser(db: Db, userId: number, now: string): Promise<StaffSessionRow[]> {
  return db
    .selectFrom('staff_sessions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('expires_at', '>', now)
    .orderBy('last_seen_at', 'desc')
    .orderBy('handle')
    .execute();
}

/** Rows of sessions that can no longer be used. */
export async function deleteExpiredStaffSessions(db: Db, now: string): Promise<void> {
  await db.deleteFrom('staff_sessions').where('expires_at', '<=', now).execute();
}
