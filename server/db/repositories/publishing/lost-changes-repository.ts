/** Values people lost to a colleague's settled conflict, kept until they have seen them (server/gestao/editing/lost-changes.ts). */
import type { Selectable } from 'kysely';
import type { Db } from '../../database';
import type { LostChangesTable } from '../../schema';

export type LostChangeRow = Selectable<LostChangesTable>;

export async function insertLostChange(db: Db, change: Omit<LostChangeRow, 'id' | 'settled_at'>): Promise<void> {
  await db
    .insertInto('lost_changes')
    .values({ ...change, settled_at: null })
    .execute();
}

/** A person's changes lost and not yet seen, the latest first. */
export async function unsettledLostChanges(db: Db, userId: number): Promise<LostChangeRow[]> {
  return db
    .selectFrom('lost_changes')
    .selectAll()
    .where('user_id', '=', userId)
    .where('settled_at', 'is', null)
    .orderBy('replaced_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** One of them, only if it is this person's and still unseen. */
export async function unsettledLostChange(db: Db, id: number, userId: number): Promise<LostChangeRow | undefined> {
  return db
    .selectFrom('lost_changes')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('settled_at', 'is', null)
    .executeTakeFirst();
}

/** Seen: put back or let go. Says whether it was still unseen (a second tab's click does nothing twice). */
export async function settleLostChange(db: Db, id: number, at: string): Promise<boolean> {
  const result = await db
    .updateTable('lost_changes')
    .set({ settled_at: at })
    .where('id', '=', id)
    .where('settled_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
