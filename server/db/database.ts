import SQLite from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema';

export type Db = Kysely<Database>;

/**
 * Opens the database named by DATABASE: a SQLite file path (the embedded default), ':memory:',
 * or a postgres:// URL for when one machine is no longer enough.
 */
export function openDatabase(location: string): Db {
  if (/^postgres(ql)?:\/\//.test(location)) {
    return new Kysely<Database>({
      dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: location, max: 10 }) }),
    });
  }
  if (location !== ':memory:') mkdirSync(dirname(location), { recursive: true });
  const sqlite = new SQLite(location);
  // WAL lets readers run beside the one writer; FULL makes an acknowledged submission survive a
  // power cut; foreign keys are off by default in SQLite.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
}
