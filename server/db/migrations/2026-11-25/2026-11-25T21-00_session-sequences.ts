/*
 * Frozen in time: this migration must never import application code, and never change once
 * released. A change of schema is a new migration with a later date.
 *
 * A calendar app that subscribes to a visitor's agenda keeps an event per session and replaces it
 * only when the event's SEQUENCE grows (RFC 5545). Each session's last known version (time, venue,
 * city) and how many times it changed are kept here across imports, which replace the content:
 * not content, so no import deletes these rows.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('session_sequences')
    .addColumn('session_id', 'integer', (c) => c.primaryKey())
    .addColumn('version', 'text', (c) => c.notNull())
    .addColumn('sequence', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('session_sequences').execute();
}
