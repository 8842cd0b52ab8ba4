/*
 * Frozen in time: this migration must never import application code, and never change once
 * released. A change of schema is a new migration with a later date.
 *
 * Publications set for a time ("publicar o rascunho às 10:00 de sábado"): every instance looks for
 * due ones every few seconds and at start-up; one claims a row (a conditional UPDATE of its state)
 * before publishing it, so it is published once however many instances share the database.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('scheduled_releases')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('run_at', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('claimed_at', 'text')
    .addColumn('release_number', 'integer')
    .addColumn('message', 'text')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('scheduled_releases').execute();
}
