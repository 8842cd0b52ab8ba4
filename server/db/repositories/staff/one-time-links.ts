/**
 * What the back office's one-time links share (an invitation, a link to choose a new password):
 * each row is kept by the SHA-256 of its token (the token itself is only in the link), and is good
 * once, before it expires.
 */
import type { Db } from '../../database';

export type OneTimeLinkTable = 'staff_invitations' | 'staff_password_resets';

export async function findOneTimeLink(db: Db, table: OneTimeLinkTable, tokenHash: string) {
  return db.selectFrom(table).selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

/**
 * Marks an unused, unexpired link used; false when it was not (already used, perhaps by a request
 * at the same instant on another instance: the conditional update lets one win).
 */
export async function claimOneTimeLink(db: Db, table: OneTimeLinkTable, tokenHash: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable(table)
    .set({ used_at: at })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', at)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
