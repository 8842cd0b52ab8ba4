/** One-time invitations to the back office, by the SHA-256 of their token (the token is only in the link). */
import type { Selectable } from 'kysely';
import type { Db } from '../../database';
import type { StaffInvitationsTable } from '../../schema';

export type StaffInvitationRow = Selectable<StaffInvitationsTable>;

export async function insertStaffInvitation(db: Db, invitation: Omit<StaffInvitationRow, 'used_at'>): Promise<void> {
  await db
    .insertInto('staff_invitations')
    .values({ ...invitation, used_at: null })
    .execute();
}

export async function findStaffInvitation(db: Db, tokenHash: string): Promise<StaffInvitationRow | undefined> {
  return db.selectFrom('staff_invitations').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

/**
 * Marks an unused, unexpired invitation used; false when it was not (already used, perhaps by a
 * request at the same instant on another instance: the conditional update lets one win).
 */
export async function claimStaffInvitation(db: Db, tokenHash: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('staff_invitations')
    .set({ used_at: at })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', at)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
