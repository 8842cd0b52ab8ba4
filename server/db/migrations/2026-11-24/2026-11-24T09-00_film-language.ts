/*
 * Frozen in time: this migration must never import application code, and never change once
 * released. A change of schema is a new migration with a later date.
 *
 * A film page says near its top in which language a film is shown and with which subtitles:
 * content like the rest, filled by every import ('' for parallel events, which have neither).
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('movies')
    .addColumn('language', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('movies')
    .addColumn('subtitles', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('movies').dropColumn('subtitles').execute();
  await db.schema.alterTable('movies').dropColumn('language').execute();
}
