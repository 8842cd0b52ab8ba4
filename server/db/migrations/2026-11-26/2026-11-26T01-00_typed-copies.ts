/*
 * Frozen in time: this migration must never import application code, and never change once
 * released. A change of schema is a new migration with a later date.
 *
 * What an editor has typed in a back-office form and not saved yet, kept every few seconds per
 * person and per record: another device, or the same one after a crash, finds it again. It is not
 * content (no version, no release): saving the record forgets it.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('staff_typed_copies')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('staff_users.id').onDelete('cascade'))
    .addColumn('record_key', 'text', (c) => c.notNull())
    .addColumn('fields_json', 'text', (c) => c.notNull())
    .addColumn('base_version', 'integer', (c) => c.notNull())
    .addColumn('saved_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('staff_typed_copies_pk', ['user_id', 'record_key'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('staff_typed_copies').execute();
}
