/*
 * Frozen in time: this migration must never import application code, and never change once
 * released. A change of schema is a new migration with a later date.
 *
 * A programmer may accept a clash of the schedule (two screenings in one venue, a guest in two
 * places) with a reason, so that the draft can be published. The acceptance is kept by the clash's
 * key, which names the sessions with their venues and start times: it lapses as soon as one of them
 * moves. Not content: kept across imports and releases.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('clash_acceptances')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('accepted_by', 'text', (c) => c.notNull())
    .addColumn('accepted_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('clash_acceptances').execute();
}
