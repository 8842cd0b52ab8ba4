/*
 * Frozen in time: this migration must never import application code, and never change once
 * released. A change of schema is a new migration with a later date.
 *
 * The offline programme as each content version answered it (gzipped JSON, answers by path), so
 * that a visitor holding an older version downloads only what changed since. Not content: a
 * cache every instance shares, pruned to the latest few versions.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('programme_snapshots')
    .addColumn('version', 'text', (c) => c.primaryKey())
    .addColumn('made_at', 'text', (c) => c.notNull())
    // bytea on PostgreSQL; SQLite keeps a Buffer as a BLOB whatever the declared type.
    .addColumn('answers_gz', 'bytea', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('programme_snapshots').execute();
}
