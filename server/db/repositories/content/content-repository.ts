/**
 * The one writer of content tables: an import, a publication or a rollback replaces content in one
 * transaction (server/publishing/releases.ts, which records the sessions' versions in it too).
 */
import { PostgresAdapter, sql, type Insertable } from 'kysely';
import type { Db } from '../../database';
import type { Database } from '../../schema';
import { COLLECTIONS, dependantsIn, RECORD_TYPES, type Collections, type RecordType } from '../../../../src/common/gestao/collections';

/**
 * The tables a record type's rows are kept in, by the schema's names (Kysely's): the settings as
 * rows of site_settings, every other type in the table named after it, and a list's items in the
 * table its collection names (ListSpec.rowsIn); besides them the files the import writes.
 */
export type ItemsTable = 'custom_page_cards' | 'history_movies' | 'programme_attachments';
export type ContentTable = Exclude<RecordType, 'settings'> | 'site_settings' | ItemsTable | 'content_files';

export type ContentRows = { [T in ContentTable]: Insertable<Database[T]>[] };

/** The table a type's records are kept in. */
export const recordTable = (type: RecordType): Exclude<ContentTable, ItemsTable | 'content_files'> =>
  type === 'settings' ? 'site_settings' : type;

/** The table a type's list items are kept in (a page's cards), if it has a list. */
export function itemsTable(collections: Collections, type: RecordType): ItemsTable | undefined {
  const rowsIn = Object.values(collections[type].fields).find((f) => f.list)?.list?.rowsIn;
  // The collection names the table; the schema's names are Kysely's, and every import writes each.
  return rowsIn?.table as ItemsTable | undefined;
}

/** The types, each after those its records point at (what points at a record is its collection's dependants). */
function parentsFirst(collections: Collections): RecordType[] {
  const order: RecordType[] = [];
  const parentsOf = (type: RecordType) =>
    RECORD_TYPES.filter((parent) => parent !== type && dependantsIn(collections, parent).some((d) => d.type === type));
  const visit = (type: RecordType) => {
    if (order.includes(type)) return;
    parentsOf(type).forEach(visit);
    order.push(type);
  };
  RECORD_TYPES.forEach(visit);
  return order;
}

/**
 * Parents before children: inserted in this order, deleted in the reverse. The files first (no
 * row points at them by key), then each type after its parents, its list's items after it.
 */
export const CONTENT_TABLES: readonly ContentTable[] = [
  'content_files',
  ...parentsFirst(COLLECTIONS).flatMap((type) => {
    const items = itemsTable(COLLECTIONS, type);
    return items ? [recordTable(type), items] : [recordTable(type)];
  }),
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
