/**
 * The back office's draft and history: pending records over the live tables, and every save as a
 * version. All the SQL of records lives here; the rules (roles, validation, conflicts) live in
 * server/gestao/content/.
 */
import type { Db } from '../database';
import type { RecordType } from '../../../src/common/gestao/roles';

export type Row = Record<string, unknown>;

export interface DraftRow {
  record_type: RecordType;
  record_id: string;
  /** The record's whole row as it will be published; null when the draft removes it. */
  row: Row | null;
  version: number;
}

const ID_COLUMN = 'id';

export async function liveRows(db: Db, type: RecordType): Promise<Row[]> {
  return await db.selectFrom(type).selectAll().orderBy(ID_COLUMN).execute();
}

export async function liveRow(db: Db, type: RecordType, id: string): Promise<Row | undefined> {
  const numeric = Number(id);
  if (!Number.isSafeInteger(numeric)) return undefined;
  return await db.selectFrom(type).selectAll().where(ID_COLUMN, '=', numeric).executeTakeFirst();
}

const toDraft = (row: { record_type: string; record_id: string; row_json: string | null; version: number }): DraftRow => ({
  record_type: row.record_type as RecordType,
  record_id: row.record_id,
  row: row.row_json === null ? null : (JSON.parse(row.row_json) as Row),
  version: row.version,
});

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

/** A type's rows as the draft would publish them: live rows with their drafts applied, new ones added, removed ones left out. */
export async function draftedRows(db: Db, type: RecordType): Promise<Row[]> {
  const [live, pending] = await Promise.all([liveRows(db, type), drafts(db, type)]);
  const rows = new Map(live.map((row) => [String(row.id), row]));
  for (const d of pending) {
    if (d.row) rows.set(d.record_id, d.row);
    else rows.delete(d.record_id);
  }
  return [...rows.values()];
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

/** The highest id a new record of a type may not take: live rows and drafts alike. */
export async function highestId(db: Db, type: RecordType): Promise<number> {
  const live = await db
    .selectFrom(type)
    .select((eb) => eb.fn.max(ID_COLUMN).as('id'))
    .executeTakeFirst();
  const pending = await db.selectFrom('content_drafts').select('record_id').where('record_type', '=', type).execute();
  return Math.max(Number(live?.id ?? 0), ...pending.map((d) => Number(d.record_id)).filter(Number.isSafeInteger));
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
      release_number: null,
    })
    .execute();
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

/**
 * Applies every draft to the live tables, in the caller's transaction: parents written before
 * children, children removed before parents. The drafts are then gone and their history names the release.
 */
export async function applyDrafts(trx: Db, pending: DraftRow[], releaseNumber: number): Promise<void> {
  // Parents first: a venue's city, a film's section, a session's film and venue.
  const order: RecordType[] = [
    'cities',
    'sections',
    'venues',
    'movies',
    'sessions',
    'news',
    'sponsor_groups',
    'sponsors',
    'posters',
    'press_items',
  ];
  for (const type of order) {
    for (const d of pending.filter((p) => p.record_type === type && p.row !== null)) {
      const row = d.row as Row;
      const exists = await liveRow(trx, type, d.record_id);
      if (exists) await trx.updateTable(type).set(row).where(ID_COLUMN, '=', Number(d.record_id)).execute();
      // The row was built and validated for this table by the records service.
      else
        await trx
          .insertInto(type)
          .values(row as never)
          .execute();
    }
  }
  for (const type of [...order].reverse()) {
    for (const d of pending.filter((p) => p.record_type === type && p.row === null)) {
      await trx.deleteFrom(type).where(ID_COLUMN, '=', Number(d.record_id)).execute();
    }
  }
  await trx.deleteFrom('content_drafts').execute();
  await trx.updateTable('content_history').set({ release_number: releaseNumber }).where('release_number', 'is', null).execute();
}
