/**
 * A private in-memory copy of what a programme import reads, for SQLite: the import is worked out
 * there (server/workers/import-job.ts) instead of in a transaction on the live file, which would
 * hold SQLite's only write lock for the seconds a 5,000-row file takes. Every other writer (a
 * visitor's form, a login, the audit log) would wait that long, and better-sqlite3 waits
 * synchronously: the whole site would.
 *
 * The copy is migrated by the same migrations as the live file, then filled from it in one read
 * transaction (one consistent state, read beside the writers as WAL allows; nothing of the live
 * file is written): the tables runRows and saveRecordIn read for sessions, and the one upload. Pictures, PDFs, the audit log and the submissions stay out.
 */
import { sql } from 'kysely';
import { resolve } from 'node:path';
import { openDatabase, type Db } from '../db/database';
import { migrateToLatest } from '../db/migrate';

/**
 * What an import reads: the sessions and the films, venues and cities a row names (live rows),
 * every draft and version (the sessions' versions and ids, the drafts of the others).
 */
const WHOLE_TABLES = ['sessions', 'movies', 'venues', 'cities', 'content_drafts', 'content_history'] as const;

/** A copy, in memory, of what importing upload `uploadId` reads from the SQLite file at `location`. */
export async function importCopy(location: string, uploadId: number): Promise<Db> {
  const copy = openDatabase(':memory:');
  try {
    await migrateToLatest(copy);
    // Rows as the live file holds them, already consistent there; the copy is thrown away after.
    await sql`pragma foreign_keys = off`.execute(copy);
    const tables = await copy.introspection.getTables();
    // Only ever read (better-sqlite3's SQLite takes no `file:...?mode=ro` address): every write of
    // the copy names tables of its own main database, which has them all.
    await sql`attach database ${resolve(location)} as live`.execute(copy);
    const columnsOf = (name: string) => {
      const table = tables.find((t) => t.name === name);
      if (!table) throw new Error(`importCopy: a tabela ${name} não existe`);
      // Named, never `*`: the order of columns is the copy's, whatever order the file's took.
      return sql.join(table.columns.map((c) => sql.ref(c.name)));
    };
    await copy.transaction().execute(async (trx) => {
      for (const name of WHOLE_TABLES) {
        const columns = columnsOf(name);
        await sql`insert into main.${sql.table(name)} (${columns}) select ${columns} from ${sql.table(`live.${name}`)}`.execute(trx);
      }
      const columns = columnsOf('programme_imports');
      await sql`insert into main.programme_imports (${columns}) select ${columns} from live.programme_imports where id = ${uploadId}`.execute(
        trx,
      );
    });
    await sql`detach database live`.execute(copy);
    return copy;
  } catch (error) {
    await copy.destroy();
    throw error;
  }
}
