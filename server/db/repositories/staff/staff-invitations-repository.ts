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
