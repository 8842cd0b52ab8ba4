/**
 * The programme's spreadsheet imports (server/gestao/editing/programme-spreadsheets.ts holds the rules):
 * a file as uploaded, then applied once, then perhaps undone once. All their SQL is here.
 */
import type { Db } from '../../database';
import type { Row } from '../publishing/drafts-repository';

/** A session an applied import touched: its draft before the import (null: it had none) and its version after. */
export interface TouchedSession {
  id: string;
  before: { row: Row | null; version: number } | null;
  versionAfter: number;
}

export interface ProgrammeImport {
  id: number;
  fileName: string;
  headers: string[];
  cells: string[][];
  uploadedBy: string;
  uploadedAt: string;
  appliedBy: string | null;
  appliedAt: string | null;
  touched: TouchedSession[];
  createdCount: number;
  changedCount: number;
  undoneBy: string | null;
  undoneAt: string | null;
}

export async function insertProgrammeUpload(
  db: Db,
  upload: { fileName: string; headers: string[]; cells: string[][]; by: string; at: string },
): Promise<number> {
  const row = await db
    .insertInto('programme_imports')
    .values({
      file_name: upload.fileName,
      headers_json: JSON.stringify(upload.headers),
      cells_json: JSON.stringify(upload.cells),
      uploaded_by: upload.by,
      uploaded_at: upload.at,
      applied_by: null,
      applied_at: null,
      mapping_json: null,
      touched_json: null,
      undone_by: null,
      undone_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Uploads never applied (a file looked at and left) are forgotten after a while: they hold a whole programme each. */
export async function forgetUnappliedUploads(db: Db, uploadedBefore: string): Promise<void> {
  await db.deleteFrom('programme_imports').where('applied_at', 'is', null).where('uploaded_at', '<', uploadedBefore).execute();
}

export async function findProgrammeImport(db: Db, id: number): Promise<ProgrammeImport | undefined> {
  const row = await db.selectFrom('programme_imports').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    fileName: row.file_name,
    headers: JSON.parse(row.headers_json) as string[],
    cells: JSON.parse(row.cells_json) as string[][],
    uploadedBy: row.uploaded_by,
    uploadedAt: row.uploaded_at,
    appliedBy: row.applied_by,
    appliedAt: row.applied_at,
    touched: row.touched_json === null ? [] : (JSON.parse(row.touched_json) as TouchedSession[]),
    createdCount: Number(row.created_count),
    changedCount: Number(row.changed_count),
    undoneBy: row.undone_by,
    undoneAt: row.undone_at,
  };
}

/** Marks an upload applied, in the caller's transaction; false when it already was (two clicks, two tabs). */
export async function markProgrammeImportApplied(
  trx: Db,
  id: number,
  applied: { by: string; at: string; mapping: object; touched: TouchedSession[]; created: number; changed: number },
): Promise<boolean> {
  const result = await trx
    .updateTable('programme_imports')
    .set({
      applied_by: applied.by,
      applied_at: applied.at,
      mapping_json: JSON.stringify(applied.mapping),
      touched_json: JSON.stringify(applied.touched),
      created_count: applied.created,
      changed_count: applied.changed,
    })
    .where('id', '=', id)
    .where('applied_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Marks an applied import undone, in the caller's transaction; false when it already was. */
export async function markProgrammeImportUndone(trx: Db, id: number, by: string, at: string): Promise<boolean> {
  const result = await trx
    .updateTable('programme_imports')
    .set({ undone_by: by, undone_at: at })
    .where('id', '=', id)
    .where('applied_at', 'is not', null)
    .where('undone_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The latest applied imports, newest first. */
export async function recentProgrammeImports(db: Db, limit: number) {
  return await db
    .selectFrom('programme_imports')
    .select(['id', 'file_name', 'applied_by', 'applied_at', 'created_count', 'changed_count', 'undone_by', 'undone_at'])
    .where('applied_at', 'is not', null)
    .orderBy('applied_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
