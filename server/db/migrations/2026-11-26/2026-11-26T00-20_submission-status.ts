/*
 * Frozen in time: this migration must never import application code, and never change once
 * released. A change of schema is a new migration with a later date.
 *
 * The forms inbox of the back office: each submission (newsletter, accreditation, ticket request)
 * is "novo" until someone marks it "tratado". Kept beside the submissions, not in them, so that the
 * visitors' posts stay as they were written; no row means "novo".
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('submission_status')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('submission_id', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('handled_by', 'text', (c) => c.notNull())
    .addColumn('handled_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('submission_status_pk', ['kind', 'submission_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('submission_status').execute();
}
