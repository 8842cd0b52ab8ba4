/*
 * Frozen in time: this migration must never import application code, and never change once
 * released. A change of schema is a new migration with a later date.
 *
 * Every published change to a session that people plan by (its time, venue or status), one row per
 * session per release, with the session as it was and as it now is (JSON): what the public
 * markers ("Mudou: era às 18:00"), the changes page and its Atom feed, the door sheet and the
 * printed programme read. Not content: kept across imports and rollbacks (a history).
 */
import { PostgresAdapter, sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const table = db.schema.createTable('programme_changes');
  await (
    pg ? table.addColumn('id', 'serial', (c) => c.primaryKey()) : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('release_number', 'integer', (c) => c.notNull())
    .addColumn('published_at', 'text', (c) => c.notNull())
    .addColumn('session_id', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('was_json', 'text', (c) => c.notNull())
    .addColumn('now_json', 'text', (c) => c.notNull())
    .execute();
  await sql`CREATE INDEX programme_changes_session ON programme_changes (session_id, id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('programme_changes').execute();
}
