/** One-time links to choose a new password, by the SHA-256 of their token (the token is only in the link). */
import type { Selectable } from 'kysely';
import type { Db } from '../../database';
import type { StaffPasswordResetsTable } from '../../schema';
import { claimOneTimeLink, findOneTimeLink } from './one-time-links';

export type StaffPasswordResetRow = Selectable<StaffPasswordResetsTable>;

/** Stores a new link for the person; the links sent them before stop working (only the latest is good). */
export async function insertStaffPasswordReset(db: Db, reset: Omit<StaffPasswordResetRow, 'used_at'>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('staff_password_resets')
      .set({ used_at: reset.created_at })
      .where('user_id', '=', reset.user_id)
      .where('used_at', 'is', null)
      .execute();
    await trx
      .insertInto('staff_password_resets')
      .values({ ...reset, used_at: null })
      .execute();
  });
}

export async function findStaffPasswordReset(db: Db, tokenHash: string): Promise<StaffPasswordResetRow | undefined> {
  return findOneTimeLink(db, 'staff_password_resets', tokenHash);
}

/** Marks an unused, unexpired link used; false when it was not (one-time-links.ts). */
export function claimStaffPasswordReset(db: Db, tokenHash: string, at: string): Promise<boolean> {
  return claimOneTimeLink(db, 'staff_password_resets', tokenHash, at);
}

/** Ends the person's unused links (the account was disabled). */
export async function revokeStaffPasswordResets(db: Db, userId: number, at: string): Promise<void> {
  await db.updateTable('staff_password_resets').set({ used_at: at }).where('user_id', '=', userId).where('used_at', 'is', null).execute();
}
