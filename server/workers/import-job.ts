/**
 * The programme import's dry run and application as a worker thread runs them, on a database
 * connection of its own (the rules and their SQL are programme-spreadsheets.ts's and the repositories').
 *
 * PostgreSQL: as on the main thread, in one transaction (the dry run rolled back): its row locks
 * only make another save of the same session wait, and pg waits without blocking anything.
 *
 * SQLite: the file has one write lock, and a writer on the main thread (a visitor's form, a login,
 * the audit log) that meets it waits synchronously in better-sqlite3, event loop and all, then
 * fails after busy_timeout. An import of 5,000 rows holds a transaction for seconds, so it never
 * runs on the live file: the dry run runs in a private copy (import-copy.ts) and is thrown away
 * with it; the application runs in a copy too, and what it wrote there is written to the file in
 * one short transaction, provided the file still reads as the copy did (importedState). When
 * someone saved a session meanwhile, it is worked out again on a fresh copy.
 */
import type { DryRun, SheetMapping } from '../../src/common/gestao/programme-sheet';
import { openDatabase, type Db } from '../db/database';
import { applyImport, appliedWrites, dryRunImport, importedState, writeApplied } from '../gestao/editing/programme-spreadsheets';
import type { Actor } from '../gestao/editing/records';
import { importCopy } from './import-copy';

export interface ImportRequest {
  /** config.database: the worker opens its own connection. */
  database: string;
  actor: Actor;
  at: string;
  id: number;
  mapping: SheetMapping;
}

export type AppliedImport = DryRun & { created: number; changed: number };

const onPostgres = (location: string) => /^postgres(ql)?:\/\//.test(location);

async function using<T>(db: Db, run: (db: Db) => Promise<T>): Promise<T> {
  try {
    return await run(db);
  } finally {
    await db.destroy();
  }
}

export async function dryRunJob(request: ImportRequest): Promise<DryRun> {
  const { database, actor, at, id, mapping } = request;
  const db = onPostgres(database) ? openDatabase(database) : await importCopy(database, id);
  return await using(db, (on) => dryRunImport(on, actor, at, id, mapping));
}

/**
 * Copies worked out before the application is done in place (each new one because a session
 * was saved or a release published while the last was worked out).
 */
const ATTEMPTS = 3;

export async function applyJob(request: ImportRequest): Promise<AppliedImport> {
  const { database, actor, at, id, mapping } = request;
  if (onPostgres(database)) return await using(openDatabase(database), (db) => applyImport(db, actor, at, id, mapping));
  return await using(openDatabase(database), async (live) => {
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const worked = await using(await importCopy(database, id), async (copy) => {
        const state = await importedState(copy);
        const answer = await applyImport(copy, actor, at, id, mapping);
        return { state, answer, writes: await appliedWrites(copy, id) };
      });
      if (await writeApplied(live, actor, at, id, mapping, worked.writes, worked.state)) return worked.answer;
    }
    // The programme keeps changing under it: done in place, holding the write lock as long as it takes.
    return await applyImport(live, actor, at, id, mapping);
  });
}
