/*
 * Frozen in time: this migration must never import application code, and never change once
 * released. A change of schema is a new migration with a later date.
 *
 * The pictures uploaded in /gestao: their bytes (already re-encoded, without metadata) live in the
 * database, not on one instance's disk, so that every instance sharing it serves them and makes
 * their responsive copies. A picture is named by its content (`uploads/<hash>.jpg`) and never
 * changes; its alt text and focal point are edited beside it.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('media_uploads')
    .addColumn('path', 'text', (c) => c.primaryKey())
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    // bytea on PostgreSQL; SQLite keeps a Buffer as a BLOB whatever the declared type.
    .addColumn('data', 'bytea', (c) => c.notNull())
    .addColumn('original_name', 'text', (c) => c.notNull())
    .addColumn('alt', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('focal_x', 'integer', (c) => c.notNull().defaultTo(50))
    .addColumn('focal_y', 'integer', (c) => c.notNull().defaultTo(50))
    .addColumn('uploaded_by', 'text', (c) => c.notNull())
    .addColumn('uploaded_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('media_uploads').execute();
}
