/** One-time invitations to the back office, by the SHA-256 of their token (the token is only in the link). */
import type { Selectable } from 'kysely';
import type { Db } from '../../database';
import type { StaffInvitationsTable } from '../../schema';
import { claimOneTimeLink, findOneTimeLink } from './one-time-links';

export type StaffInvitationRow = Selectable<StaffInvitationsTable>;

export async function insertStaffInvitation(db: Db, invitation: Omit<StaffInvitationRow, 'used_at'>): Promise<void> {
  await db
    .insertInto('staff_invitations')
    .values({ ...invitation, used_at: null })
    .execute();
}

export async function findStaffInvitation(db: Db, tokenHash: string): Promise<StaffInvitationRow | undefined> {
  return findOneTimeLink(db, 'staff_invitations', tokenHash);
}

/** Marks an unused, unexpired invitation used; false when it was not (one-time-links.ts). */
export function claimStaffInvitation(db: Db, tokenHash: string, at: string): Promise<boolean> {
  return claimOneTimeLink(db, 'staff_invitations', tokenHash, at);
}

/** The invitations not yet accepted (the expired ones too: they may be sent again), newest first, with who sent each. */
export async function listPendingInvitations(db: Db) {
  return db
    .selectFrom('staff_invitations')
    .leftJoin('staff_users', 'staff_users.id', 'staff_invitations.invited_by')
    .select([
      'staff_invitations.token_hash',
      'staff_invitations.email',
      'staff_invitations.role',
      'staff_invitations.created_at',
      'staff_invitations.expires_at',
      'staff_users.email as invited_by_email',
    ])
    .where('staff_invitations.used_at', 'is', null)
    .orderBy('staff_invitations.created_at', 'desc')
    .execute();
}

/** A pending invitation by its hash; undefined once accepted or gone. */
export async function findPendingInvitation(db: Db, tokenHash: string): Promise<StaffInvitationRow | undefined> {
  return db.selectFrom('staff_invitations').selectAll().where('token_hash', '=', tokenHash).where('used_at', 'is', null).executeTakeFirst();
}

/** Withdraws a pending invitation (its link stops working); false when it was not pending. */
export async function deletePendingInvitation(db: Db, tokenHash: string): Promise<boolean> {
  const result = await db
    .deleteFrom('staff_invitations')
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Gives a pending invitation a new token and 72 hours more (the old link stops working); false when it was not pending. */
export async function renewPendingInvitation(
  db: Db,
  tokenHash: string,
  renewed: Pick<StaffInvitationRow, 'token_hash' | 'created_at' | 'expires_at' | 'invited_by'>,
): Promise<boolean> {
  const result = await db
    .updateTable('staff_invitations')
    .set(renewed)
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
