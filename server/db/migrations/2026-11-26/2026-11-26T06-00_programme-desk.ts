/*
 * Frozen in time: this migration must never import application code, and never change once
 * released. A change of schema is a new migration with a later date.
 *
 * The programmer's desk: a venue's turnover between sessions and its opening hours (what the
 * schedule grid and its clash rules measure by); a session's status for last-minute changes
 * (cancelled, sold out, few seats left, moved, delayed) with the reason visitors read, the guest
 * who attends it (a director at a Q&A) and the stable code a spreadsheet row is matched by.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('venues')
    .addColumn('turnover_min', 'integer', (c) => c.notNull().defaultTo(15))
    .execute();
  await db.schema
    .alterTable('venues')
    .addColumn('opens_at', 'text', (c) => c.notNull().defaultTo('10:00'))
    .execute();
  await db.schema
    .alterTable('venues')
    .addColumn('closes_at', 'text', (c) => c.notNull().defaultTo('02:00'))
    .execute();
  await db.schema
    .alterTable('sessions')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('sessions')
    .addColumn('status_note', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('sessions')
    .addColumn('guest', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('sessions')
    .addColumn('code', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await sql`update sessions set code = 'S-' || cast(id as text) where code = ''`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ['code', 'guest', 'status_note', 'status']) await db.schema.alterTable('sessions').dropColumn(column).execute();
  for (const column of ['closes_at', 'opens_at', 'turnover_min']) await db.schema.alterTable('venues').dropColumn(column).execute();
}
