/*
 * Frozen in time: this migration must never import application code, and never change once
 * released. A change of schema is a new migration with a later date.
 *
 * The press material and programme attachments tell the dates of the configured edition, so the
 * import writes them (PDFs) instead of reading finished files: their bytes live here, one row per
 * file name, replaced by every import like the rest of the content.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('content_files')
    .addColumn('file_name', 'text', (c) => c.primaryKey())
    // bytea on PostgreSQL; SQLite keeps a Buffer as a BLOB whatever the declared type.
    .addColumn('data', 'bytea', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('content_files').execute();
}
