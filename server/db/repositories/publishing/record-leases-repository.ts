/** Who has a record's form open, and since when (src/common/gestao/record-lease.ts): a row per person and record. */
import type { RecordEditor } from '../../../../src/common/gestao/api/answers';
import type { Db } from '../../database';

export interface LeasePlace {
  type: string;
  id: string;
  userId: number;
}

/**
 * Takes or renews a person's lease at `at`: renewed, it keeps its `since`; lapsed (no heartbeat
 * since `lapsedBefore`), it starts again, as a form opened anew.
 */
export async function holdLease(db: Db, place: LeasePlace, at: string, lapsedBefore: string): Promise<void> {
  const mine = db
    .deleteFrom('record_leases')
    .where('record_type', '=', place.type)
    .where('record_id', '=', place.id)
    .where('user_id', '=', place.userId);
  await mine.where('heartbeat_at', '<', lapsedBefore).execute();
  await db
    .insertInto('record_leases')
    .values({ record_type: place.type, record_id: place.id, user_id: place.userId, since: at, heartbeat_at: at })
    .onConflict((oc) => oc.columns(['record_type', 'record_id', 'user_id']).doUpdateSet({ heartbeat_at: at }))
    .execute();
}

export async function releaseLease(db: Db, place: LeasePlace): Promise<void> {
  await db
    .deleteFrom('record_leases')
    .where('record_type', '=', place.type)
    .where('record_id', '=', place.id)
    .where('user_id', '=', place.userId)
    .execute();
}

/** Every lease of a person (at logout: their forms close with the session). */
export async function releaseLeasesOf(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('record_leases').where('user_id', '=', userId).execute();
}

/** The other people whose lease on the record is still alive, the earliest first. */
export async function otherEditors(db: Db, place: LeasePlace, lapsedBefore: string): Promise<RecordEditor[]> {
  const rows = await db
    .selectFrom('record_leases')
    .innerJoin('staff_users', 'staff_users.id', 'record_leases.user_id')
    .select(['staff_users.email', 'record_leases.since'])
    .where('record_leases.record_type', '=', place.type)
    .where('record_leases.record_id', '=', place.id)
    .where('record_leases.user_id', '!=', place.userId)
    .where('record_leases.heartbeat_at', '>=', lapsedBefore)
    .where('staff_users.disabled_at', 'is', null)
    .orderBy('record_leases.since')
    .execute();
  return rows.map((r) => ({ email: r.email, since: r.since }));
}
