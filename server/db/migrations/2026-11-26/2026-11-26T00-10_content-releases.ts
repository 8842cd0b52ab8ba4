/*
 * Frozen in time: this migration must never import application code, and never change once
 * released. A change of schema is a new migration with a later date.
 *
 * The back office edits content in a draft over the live tables (which stay what visitors see):
 * - content_drafts: a pending record (its new row as JSON, or a deletion when row_json is null);
 * - content_history: every save, a version per record (who, when, which fields, the row);
 * - content_releases: each publication, numbered, with its changelog and a snapshot of every
 *   content row, so that the whole site can be rolled back to it.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('content_drafts')
    .addColumn('record_type', 'text', (c) => c.notNull())
    .addColumn('record_id', 'text', (c) => c.notNull())
    .addColumn('row_json', 'text')
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('updated_by', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('content_drafts_pk', ['record_type', 'record_id'])
    .execute();
  await db.schema
    .createTable('content_history')
    .addColumn('record_type', 'text', (c) => c.notNull())
    .addColumn('record_id', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('row_json', 'text')
    .addColumn('changed_fields', 'text', (c) => c.notNull())
    .addColumn('actor_email', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('release_number', 'integer')
    .addPrimaryKeyConstraint('content_history_pk', ['record_type', 'record_id', 'version'])
    .execute();
  await db.schema
    .createTable('content_releases')
    .addColumn('number', 'integer', (c) => c.primaryKey())
    .addColumn('published_at', 'text', (c) => c.notNull())
    .addColumn('published_by', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('changelog_json', 'text', (c) => c.notNull())
    .addColumn('snapshot_json', 'text', (c) => c.notNull())
    .execute();
  await sql`CREATE INDEX content_history_at ON content_history (at)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('content_releases').execute();
  await db.schema.dropTable('content_history').execute();
  await db.schema.dropTable('content_drafts').execute();
}
