/**
 * The back office's draft and history: pending records over the live tables, and every save as a
 * version. All the SQL of records lives here; the rules (roles, validation, conflicts) live in
 * server/gestao/editing/.
 */
import { sql, type Kysely, type Selectable } from 'kysely';
import { COLLECTIONS, RECORD_TYPES, type Collections, type RecordType } from '../../../../src/common/gestao/collections';
import { DB_INTEGER_MAX } from '../../../../src/common/gestao/record-schemas';
import { SETTINGS_KEYS, SETTINGS_RECORD_ID, settingsRecord, settingsRows as settingsRowsOf } from '../../../content/settings-record';
import type { Db } from '../../database';
import type { ContentDraftsTable } from '../../schema';
import {
  CONTENT_TABLES,
  itemsTable,
  recordTable,
  type ContentSnapshot,
  type ContentTable,
  type ItemsTable,
} from '../content/content-repository';

export type Row = Record<string, unknown>;

export interface DraftRow {
  record_type: RecordType;
  record_id: string;
  /** The record's whole row as it will be published; null when the draft removes it. */
  row: Row | null;
  version: number;
  /** Who saved it last, and when: the draft's author on the publish screen. */
  updatedBy: string;
  updatedAt: string;
}

/** One column of a record's key. */
interface KeyColumn {
  column: string;
  numeric: boolean;
}

/**
 * How a record type sits in the database: its table, its key (its id is the key's values joined
 * by "-": "12", "1-3" for a pair of cities, "settings"), whether a new record takes the next
 * number, and the rows of another table kept inside it (a page's cards). Worked out per type in
 * storageOf from its collection (its key fields, its list), so that the browser never carries it.
 * The settings record is made of several site_settings rows (settings-record.ts).
 */
interface RecordStorage {
  table: Exclude<ContentTable, 'content_files'>;
  key: readonly KeyColumn[];
  /** A new record takes the highest id + 1; otherwise its key is in its fields. */
  serial: boolean;
  /**
   * Rows of another table edited inside the record (a page's cards, a past edition's films, a
   * programme entry's attachments), in order by `position`.
   */
  children?: {
    table: ItemsTable;
    field: string;
    parentColumn: string;
    columns: readonly string[];
  };
}

/** A type's storage among these collections: its key fields, and its list's table (ListSpec.rowsIn). */
function storageOf(collections: Collections, type: RecordType): RecordStorage {
  const table = recordTable(type);
  if (type === 'settings') return { table, key: [{ column: 'key', numeric: false }], serial: false };
  const fields = Object.entries(collections[type].fields);
  const keys = fields.filter(([, f]) => f.key).map(([column, f]) => ({ column, numeric: f.rule.type === 'number' }));
  const list = fields.find(([, f]) => f.list);
  const rowsIn = list?.[1].list?.rowsIn;
  const items = itemsTable(collections, type);
  return {
    table,
    key: keys.length > 0 ? keys : [{ column: 'id', numeric: true }],
    serial: keys.length === 0,
    ...(list && rowsIn && items
      ? {
          children: {
            table: items,
            field: list[0],
            parentColumn: rowsIn.parentColumn,
            columns: [...Object.keys(list[1].list!.items), ...(rowsIn.serverColumns ?? [])],
          },
        }
      : {}),
  };
}

export const RECORD_STORAGE: Record<RecordType, RecordStorage> = Object.fromEntries(
  RECORD_TYPES.map((type) => [type, storageOf(COLLECTIONS, type)]),
) as Record<RecordType, RecordStorage>;

/** A record's id: its key's values joined by "-". */
export function recordId(type: RecordType, row: Row): string {
  return RECORD_STORAGE[type].key.map((k) => String(row[k.column])).join('-');
}

/** The key's values of an id; undefined when the id cannot be one of this type. */
function keyOf(type: RecordType, id: string): Record<string, string | number> | undefined {
  const { key } = RECORD_STORAGE[type];
  const parts = key.length === 1 ? [id] : id.split('-');
  if (parts.length !== key.length) return undefined;
  const values: Record<string, string | number> = {};
  for (const [i, k] of key.entries()) {
    const value = k.numeric ? Number(parts[i]) : parts[i]!;
    // Beyond the database's integers it is no record's key (PostgreSQL would refuse the query).
    if (k.numeric && !(Number.isSafeInteger(value) && Math.abs(value as number) <= DB_INTEGER_MAX)) return undefined;
    values[k.column] = value;
  }
  return values;
}

/** Kysely cannot type a table chosen at run time; the storage description above names real tables and columns. */
type LooseDb = Kysely<Record<string, Row>>;
const loose = (db: Db) => db as unknown as LooseDb;

function whereKey<Q extends { where: (column: string, op: '=', value: string | number) => Q }>(
  query: Q,
  key: Record<string, string | number>,
): Q {
  return Object.entries(key).reduce((q, [column, value]) => q.where(column, '=', value), query);
}

/** The settings record, read from its rows. */
async function settingsRows(db: Db): Promise<Row[]> {
  const rows = await db
    .selectFrom('site_settings')
    .select(['key', 'value'])
    .where('key', 'in', [...SETTINGS_KEYS])
    .execute();
  const record = settingsRecord(rows);
  return record ? [record] : [];
}

/** The children's columns the form edits, in order. */
const childFields = (columns: readonly string[], child: Row) => Object.fromEntries(columns.map((c) => [c, child[c]]));

/** A page's cards (a past edition's films), in order, as its form edits them. */
async function withChildren(db: Db, type: RecordType, rows: Row[]): Promise<Row[]> {
  const { children, key } = RECORD_STORAGE[type];
  if (!children || rows.length === 0) return rows;
  const list = await loose(db).selectFrom(children.table).selectAll().orderBy('position').execute();
  return rows.map((row) => ({
    ...row,
    [children.field]: list
      .filter((c) => String(c[children.parentColumn]) === String(row[key[0]!.column]))
      .map((c) => childFields(children.columns, c)),
  }));
}

export async function liveRows(db: Db, type: RecordType): Promise<Row[]> {
  if (type === 'settings') return await settingsRows(db);
  const { table, key } = RECORD_STORAGE[type];
  const rows = await key.reduce((q, k) => q.orderBy(k.column), loose(db).selectFrom(table).selectAll()).execute();
  return await withChildren(db, type, rows);
}

export async function liveRow(db: Db, type: RecordType, id: string): Promise<Row | undefined> {
  const key = keyOf(type, id);
  if (!key) return undefined;
  if (type === 'settings') return id === SETTINGS_RECORD_ID ? (await settingsRows(db))[0] : undefined;
  const row = await whereKey(loose(db).selectFrom(RECORD_STORAGE[type].table).selectAll(), key).executeTakeFirst();
  return row && (await withChildren(db, type, [row]))[0];
}

const toDraft = (row: Selectable<ContentDraftsTable>): DraftRow => ({
  record_type: row.record_type as RecordType,
  record_id: row.record_id,
  row: row.row_json === null ? null : (JSON.parse(row.row_json) as Row),
  version: row.version,
  updatedBy: row.updated_by,
  updatedAt: row.updated_at,
});

/** A draft's key among the others ("sessions/12"): how a chosen set of drafts is named. */
export const draftKey = (type: RecordType, id: string) => `${type}/${id}`;

export async function drafts(db: Db, type?: RecordType): Promise<DraftRow[]> {
  let query = db.selectFrom('content_drafts').selectAll();
  if (type) query = query.where('record_type', '=', type);
  return (await query.orderBy('record_type').orderBy('record_id').execute()).map(toDraft);
}

export async function draft(db: Db, type: RecordType, id: string): Promise<DraftRow | undefined> {
  const row = await db
    .selectFrom('content_drafts')
    .selectAll()
    .where('record_type', '=', type)
    .where('record_id', '=', id)
    .executeTakeFirst();
  return row && toDraft(row);
}

/**
 * A type's rows as the draft would publish them: live rows with their drafts applied, new ones
 * added, removed ones left out; only the drafts named in `only` when it is given (a chosen set).
 */
export async function draftedRows(db: Db, type: RecordType, only?: ReadonlySet<string>): Promise<Row[]> {
  const [live, pending] = await Promise.all([liveRows(db, type), drafts(db, type)]);
  const rows = new Map(live.map((row) => [recordId(type, row), row]));
  for (const d of pending) {
    if (only && !only.has(draftKey(type, d.record_id))) continue;
    if (d.row) rows.set(d.record_id, d.row);
    else rows.delete(d.record_id);
  }
  return [...rows.values()];
}

/** One record as the draft would publish it (its draft's row, else the live one); undefined when absent or removed. */
export async function draftedRow(db: Db, type: RecordType, id: string): Promise<Row | undefined> {
  const pending = await draft(db, type, id);
  return pending ? (pending.row ?? undefined) : await liveRow(db, type, id);
}

/** The record's latest saved version (0: never saved in the back office). */
export async function currentVersion(db: Db, type: RecordType, id: string): Promise<number> {
  const row = await db
    .selectFrom('content_history')
    .select((eb) => eb.fn.max('version').as('version'))
    .where('record_type', '=', type)
    .where('record_id', '=', id)
    .executeTakeFirst();
  return Number(row?.version ?? 0);
}

/** Every saved record's latest version for a type, by id. */
export async function currentVersions(db: Db, type: RecordType): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('content_history')
    .select(['record_id', (eb) => eb.fn.max('version').as('version')])
    .where('record_type', '=', type)
    .groupBy('record_id')
    .execute();
  return new Map(rows.map((r) => [r.record_id, Number(r.version)]));
}

/** The highest id a new record of a (serial) type may not take: live rows and drafts alike. */
export async function highestId(db: Db, type: RecordType): Promise<number> {
  const { table, key, serial } = RECORD_STORAGE[type];
  if (!serial) throw new Error(`${type}: a new record's key is in its fields`);
  const live = await loose(db)
    .selectFrom(table)
    .select((eb) => eb.fn.max(key[0]!.column).as('id'))
    .executeTakeFirst();
  // A record made and then dropped before publishing (its draft discarded, an import undone) keeps
  // its history: its id is never given to another record. A serial type's ids are whole numbers.
  const highest = (table: 'content_drafts' | 'content_history') =>
    db
      .selectFrom(table)
      .select(sql<number | string | null>`max(cast(record_id as integer))`.as('id'))
      .where('record_type', '=', type)
      .executeTakeFirst();
  const [pending, saved] = await Promise.all([highest('content_drafts'), highest('content_history')]);
  return Math.max(Number(live?.id ?? 0), Number(pending?.id ?? 0), Number(saved?.id ?? 0));
}

/**
 * The highest id a new programme attachment may not take: the published attachments' and those
 * of every entry's draft (so that two drafts never number two attachments alike).
 */
export async function highestAttachmentId(db: Db): Promise<number> {
  const live = await db
    .selectFrom('programme_attachments')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  const pending = (await drafts(db, 'programme_entries')).flatMap((d) => (d.row?.attachments ?? []) as Row[]);
  return Math.max(Number(live?.id ?? 0), ...pending.map((a) => Number(a.id)).filter(Number.isSafeInteger));
}

export interface SaveVersion {
  type: RecordType;
  id: string;
  row: Row | null;
  version: number;
  changedFields: string[];
  actorEmail: string;
  at: string;
}

/** Writes a record's draft and its version in the history, in the caller's transaction. */
export async function saveDraft(trx: Db, save: SaveVersion): Promise<void> {
  const rowJson = save.row === null ? null : JSON.stringify(save.row);
  await trx.deleteFrom('content_drafts').where('record_type', '=', save.type).where('record_id', '=', save.id).execute();
  await trx
    .insertInto('content_drafts')
    .values({
      record_type: save.type,
      record_id: save.id,
      row_json: rowJson,
      version: save.version,
      updated_by: save.actorEmail,
      updated_at: save.at,
    })
    .execute();
  await insertHistory(trx, save, rowJson, null);
}

/** A record's version in the history: `releaseNumber` null while what it holds is still a draft. */
async function insertHistory(trx: Db, save: Omit<SaveVersion, 'row'>, rowJson: string | null, releaseNumber: number | null): Promise<void> {
  await trx
    .insertInto('content_history')
    .values({
      record_type: save.type,
      record_id: save.id,
      version: save.version,
      row_json: rowJson,
      changed_fields: JSON.stringify(save.changedFields),
      actor_email: save.actorEmail,
      at: save.at,
      release_number: releaseNumber,
    })
    .execute();
}

/**
 * Publishes one record's change on its own, in the caller's transaction (a last-minute change of a
 * session): its live row written and its version in the history, every other draft left as it is.
 * A pending draft of the same record takes the change too (`draftRow`, kept as the draft and as
 * this version), so that publishing that draft later never undoes it; the version then names no
 * release yet, because what it holds is still a draft.
 */
export async function publishRecordChange(
  trx: Db,
  save: Omit<SaveVersion, 'row'> & { live: Row; draftRow?: Row; releaseNumber: number },
): Promise<void> {
  await writeRecord(trx, save.type, save.id, save.live);
  if (save.draftRow) {
    await saveDraft(trx, { ...save, row: save.draftRow });
    return;
  }
  await insertHistory(trx, save, JSON.stringify(save.live), save.releaseNumber);
}

/**
 * A version that a release made by itself, the live row already written (a rollback): in the
 * history under that release, so that a form opened before it is a version behind.
 */
export async function insertReleasedVersion(trx: Db, save: SaveVersion & { releaseNumber: number }): Promise<void> {
  await insertHistory(trx, save, save.row === null ? null : JSON.stringify(save.row), save.releaseNumber);
}

/** Drops a record's draft (the record goes back to what visitors see), keeping its history. */
export async function discardDraft(trx: Db, type: RecordType, id: string): Promise<void> {
  await trx.deleteFrom('content_drafts').where('record_type', '=', type).where('record_id', '=', id).execute();
}

export interface HistoryEntry {
  version: number;
  changedFields: string[];
  actorEmail: string;
  at: string;
  releaseNumber: number | null;
  row: Row | null;
}

export async function recordHistory(db: Db, type: RecordType, id: string): Promise<HistoryEntry[]> {
  const rows = await db
    .selectFrom('content_history')
    .selectAll()
    .where('record_type', '=', type)
    .where('record_id', '=', id)
    .orderBy('version', 'desc')
    .execute();
  return rows.map((r) => ({
    version: r.version,
    changedFields: JSON.parse(r.changed_fields) as string[],
    actorEmail: r.actor_email,
    at: r.at,
    releaseNumber: r.release_number,
    row: r.row_json === null ? null : (JSON.parse(r.row_json) as Row),
  }));
}

/** Writes a record's row (and its children, or the settings' rows) in place of the live one. */
async function writeRecord(trx: Db, type: RecordType, id: string, row: Row): Promise<void> {
  if (type === 'settings') {
    // Only the record's own rows: content_version is publishing's.
    await trx
      .deleteFrom('site_settings')
      .where('key', 'in', [...SETTINGS_KEYS])
      .execute();
    await trx.insertInto('site_settings').values(settingsRowsOf(row)).execute();
    return;
  }
  const { table, children } = RECORD_STORAGE[type];
  const key = keyOf(type, id)!;
  const main = { ...row };
  if (children) delete main[children.field];
  const exists = await whereKey(loose(trx).selectFrom(table).select(Object.keys(key)), key).executeTakeFirst();
  if (exists) await whereKey(loose(trx).updateTable(table).set(main), key).execute();
  else await loose(trx).insertInto(table).values(main).execute();
  if (children) {
    const parent = Object.values(key)[0]!;
    await loose(trx).deleteFrom(children.table).where(children.parentColumn, '=', parent).execute();
    const list = (row[children.field] ?? []) as Row[];
    if (list.length > 0) {
      await loose(trx)
        .insertInto(children.table)
        .values(list.map((child, position) => ({ ...childFields(children.columns, child), [children.parentColumn]: parent, position })))
        .execute();
    }
  }
}

async function removeRecord(trx: Db, type: RecordType, id: string): Promise<void> {
  const { table, children } = RECORD_STORAGE[type];
  const key = keyOf(type, id)!;
  if (children) await loose(trx).deleteFrom(children.table).where(children.parentColumn, '=', Object.values(key)[0]!).execute();
  await whereKey(loose(trx).deleteFrom(table), key).execute();
}

/**
 * Parents first (a venue's city, a film's section, a session's film and venue, a menu's page): the
 * order in which the import writes the content tables, so the two can never disagree.
 */
const APPLY_ORDER: RecordType[] = CONTENT_TABLES.flatMap((table) => RECORD_TYPES.filter((type) => RECORD_STORAGE[type].table === table));

/** A menu's top entries before the entries inside them (and removed after them). */
const topLevelFirst = (a: Row | null | undefined, b: Row | null | undefined) => Number(a?.parent_id != null) - Number(b?.parent_id != null);

/**
 * Applies the drafts `pending` to the live tables, in the caller's transaction: parents written
 * before children, children removed before parents. Those drafts are then gone and their history
 * names the release; `everyDraft` false when they are a chosen few, the others left pending.
 */
export async function applyDrafts(trx: Db, pending: DraftRow[], releaseNumber: number, everyDraft = true): Promise<void> {
  for (const type of APPLY_ORDER) {
    const writes = pending.filter((p) => p.record_type === type && p.row !== null).sort((a, b) => topLevelFirst(a.row, b.row));
    for (const d of writes) await writeRecord(trx, type, d.record_id, d.row!);
  }
  for (const type of [...APPLY_ORDER].reverse()) {
    const removals = await Promise.all(
      pending
        .filter((p) => p.record_type === type && p.row === null)
        .map(async (d) => ({ d, live: await liveRow(trx, type, d.record_id) })),
    );
    removals.sort((a, b) => topLevelFirst(b.live, a.live));
    for (const { d } of removals) await removeRecord(trx, type, d.record_id);
  }
  if (everyDraft) {
    await trx.deleteFrom('content_drafts').execute();
    await trx.updateTable('content_history').set({ release_number: releaseNumber }).where('release_number', 'is', null).execute();
    return;
  }
  // A chosen few: the other drafts, and their versions waiting for a release, stay as they are.
  for (const d of pending) {
    await trx.deleteFrom('content_drafts').where('record_type', '=', d.record_type).where('record_id', '=', d.record_id).execute();
    await trx
      .updateTable('content_history')
      .set({ release_number: releaseNumber })
      .where('record_type', '=', d.record_type)
      .where('record_id', '=', d.record_id)
      .where('release_number', 'is', null)
      .execute();
  }
}

/**
 * The content with one record's row written, in memory (the changelog's preview, and the content
 * after a release without reading it again): the same storage description as writeRecord and
 * removeRecord, on a snapshot's rows. An existing row takes the columns given, as the update does.
 */
export function applyDraftToSnapshot(snapshot: ContentSnapshot, d: Pick<DraftRow, 'record_type' | 'record_id' | 'row'>): void {
  const type = d.record_type;
  if (type === 'settings') {
    if (!d.row) return;
    const kept = snapshot.site_settings.filter((r) => !(SETTINGS_KEYS as readonly string[]).includes(r.key));
    snapshot.site_settings = [...kept, ...settingsRowsOf(d.row)];
    return;
  }
  const { table, children } = RECORD_STORAGE[type];
  const list = snapshot[table] as unknown as Row[];
  const index = list.findIndex((row) => recordId(type, row) === d.record_id);
  const main = d.row && { ...d.row };
  if (children && main) delete main[children.field];
  if (!main) {
    if (index >= 0) list.splice(index, 1);
  } else if (index >= 0) list[index] = { ...list[index], ...main };
  else list.push(main);
  if (children) {
    const parent = Object.values(keyOf(type, d.record_id)!)[0]!;
    const rows = snapshot[children.table] as unknown as Row[];
    const others = rows.filter((c) => String(c[children.parentColumn]) !== String(parent));
    const mine = ((d.row?.[children.field] ?? []) as Row[]).map((c, position) => ({
      ...childFields(children.columns, c),
      [children.parentColumn]: parent,
      position,
    }));
    (snapshot as unknown as Record<string, Row[]>)[children.table] = [...others, ...mine];
  }
}

/** Which drafts there are and their versions (not their rows): what the draft's preview is kept by. */
export async function draftVersions(db: Db): Promise<{ record_type: string; record_id: string; version: number }[]> {
  return await db
    .selectFrom('content_drafts')
    .select(['record_type', 'record_id', 'version'])
    .orderBy('record_type')
    .orderBy('record_id')
    .execute();
}
