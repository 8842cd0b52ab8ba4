/**
 * The one writer of content tables: an import replaces all content in one transaction, and records
 * the sessions' versions for the calendar feed's SEQUENCE in it.
 */
import { PostgresAdapter, sql, type Insertable } from 'kysely';
import type { Db } from '../database';
import type { Database } from '../schema';
import { recordSessionVersions } from './session-sequences-repository';

type ContentTable =
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
const ORDER: ContentTable[] = [
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

export async function replaceContent(db: Db, rows: ContentRows): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // PostgreSQL, several instances: two imports at once (two servers starting on an empty
    // database) would insert the same ids and the second would fail on a primary key. The lock
    // makes the second wait for the first and then replace it. (SQLite has a single writer.)
    if (trx.getExecutor().adapter instanceof PostgresAdapter) {
      await sql`LOCK TABLE site_settings IN SHARE ROW EXCLUSIVE MODE`.execute(trx);
    }
    // Child menu items point at their parents: clear the links before the rows.
    await trx.updateTable('menu_items').set({ parent_id: null }).execute();
    for (const table of [...ORDER].reverse()) await trx.deleteFrom(table).execute();
    for (const table of ORDER) {
      const list = rows[table] as Insertable<Database[ContentTable]>[];
      for (let i = 0; i < list.length; i += BATCH) {
        // Kysely cannot narrow a union of tables; each list was typed against its own table above.
        await trx
          .insertInto(table)
          .values(list.slice(i, i + BATCH))
          .execute();
      }
    }
    // In the same transaction: a subscribed calendar never sees a moved session without a higher SEQUENCE.
    await recordSessionVersions(trx);
  });
}

/** True once some content has been imported. */
export async function hasContent(db: Db): Promise<boolean> {
  const row = await db.selectFrom('site_settings').select('key').where('key', '=', 'settings').executeTakeFirst();
  return row !== undefined;
}
