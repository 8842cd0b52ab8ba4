/**
 * The one writer of content tables: an import, a publication or a rollback replaces content in one
 * transaction (server/publishing/releases.ts, which records the sessions' versions in it too).
 */
import { PostgresAdapter, sql, type Insertable } from 'kysely';
import type { Db } from '../../database';
import type { Database } from '../../schema';

export type ContentTable =
  | 'site_settings'
  | 'sections'
  | 'cities'
  | 'venues'
  | 'travel_times'
  | 'movies'
  | 'sessions'
  | 'news'
  | 'sponsor_groups'
  | 'sponsors'
  | 'posters'
  | 'press_items'
  | 'content_files'
  | 'programme_entries'
  | 'programme_attachments'
  | 'custom_pages'
  | 'custom_page_cards'
  | 'history_editions'
  | 'history_movies'
  | 'menu_items';

export type ContentRows = { [T in ContentTable]: Insertable<Database[T]>[] };

/** Parents before children: inserted in this order, deleted in the reverse. */
export const CONTENT_TABLES: readonly ContentTable[] = [
  'site_settings',
  'sections',
  'cities',
  'venues',
  'travel_times',
  'movies',
  'sessions',
  'news',
  'sponsor_groups',
  'sponsors',
  'posters',
  'press_items',
  'content_files',
  'programme_entries',
  'programme_attachments',
  'custom_pages',
  'custom_page_cards',
  'history_editions',
  'history_movies',
  'menu_items',
];

const BATCH = 200;

/**
 * Replaces the given content tables with these rows, inside the caller's transaction: the import
 * replaces every table; a rollback to a release every table but the files (kept by name, never deleted).
 */
export async function writeContentTables(trx: Db, rows: Partial<ContentRows>, tables: readonly ContentTable[]): Promise<void> {
  // PostgreSQL, several instances: two imports at once (two servers starting on an empty
  // database) would insert the same ids and the second would fail on a primary key. The lock
  // makes the second wait for the first and then replace it. (SQLite has a single writer.)
  await lockContent(trx);
  const chosen = CONTENT_TABLES.filter((table) => tables.includes(table));
  // Child menu items point at their parents: clear the links before the rows.
  if (chosen.includes('menu_items')) await trx.updateTable('menu_items').set({ parent_id: null }).execute();
  for (const table of [...chosen].reverse()) await trx.deleteFrom(table).execute();
  for (const table of chosen) {
    const list = (rows[table] ?? []) as Insertable<Database[ContentTable]>[];
    for (let i = 0; i < list.length; i += BATCH) {
      // Kysely cannot narrow a union of tables; each list was typed against its own table above.
      await trx
        .insertInto(table)
        .values(list.slice(i, i + BATCH))
        .execute();
    }
  }
}

/** Serialises writers of content on PostgreSQL (imports, publications, rollbacks), held to the end of the transaction. */
export async function lockContent(trx: Db): Promise<void> {
  if (trx.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`LOCK TABLE site_settings IN SHARE ROW EXCLUSIVE MODE`.execute(trx);
  }
}

/** Every content row but the files' bytes: what a release keeps to be rolled back to. */
export type ContentSnapshot = Omit<ContentRows, 'content_files'>;
export const SNAPSHOT_TABLES = CONTENT_TABLES.filter((t): t is Exclude<ContentTable, 'content_files'> => t !== 'content_files');

export async function readSnapshot(db: Db): Promise<ContentSnapshot> {
  const entries = await Promise.all(
    SNAPSHOT_TABLES.map(async (table) => [table, await db.selectFrom(table).selectAll().execute()] as const),
  );
  return Object.fromEntries(entries) as unknown as ContentSnapshot;
}

/** True once some content has been imported. */
export async function hasContent(db: Db): Promise<boolean> {
  const row = await db.selectFrom('site_settings').select('key').where('key', '=', 'settings').executeTakeFirst();
  return row !== undefined;
}
