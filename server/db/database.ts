import { SQLite, type SqliteDatabase } from './sqlite-driver';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { Kysely, PostgresDialect, SqliteDialect, SqliteDriver, type DatabaseConnection, type Driver } from 'kysely';
import pg from 'pg';
import { AuditKeysPlugin, type AuditKeys } from './audit-seal';
import type { Database } from './schema';

export type Db = Kysely<Database>;

/**
 * Kysely's SQLite driver with a rollback that does not hide the error that caused it. SQLite
 * rolls a transaction back by itself after some errors (SQLITE_FULL, SQLITE_IOERR, SQLITE_NOMEM,
 * SQLITE_BUSY, SQLITE_INTERRUPT); Kysely then sends its own ROLLBACK, which fails with "cannot
 * rollback - no transaction is active" and is thrown instead of the real cause. The rollback is
 * only sent while a transaction is open, so the original error reaches the caller and the log.
 */
class SqliteDriverKeepingCause extends SqliteDriver {
  constructor(private readonly sqlite: SqliteDatabase) {
    super({ database: sqlite });
  }

  override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    if (!this.sqlite.inTransaction) return;
    await super.rollbackTransaction(connection);
  }
}

class SqliteDialectKeepingCause extends SqliteDialect {
  constructor(private readonly sqlite: SqliteDatabase) {
    super({ database: sqlite });
  }

  override createDriver(): Driver {
    return new SqliteDriverKeepingCause(this.sqlite);
  }
}

/**
 * An idle pooled connection that the server closes (a PostgreSQL restart, a failover, an
 * administrator's pg_terminate_backend, a database dropped WITH (FORCE)) is reported by pg as an
 * 'error' event on the pool; with no listener Node throws it and the whole site stops. The pool has
 * already discarded that connection and opens a new one for the next query, so this only tells the
 * engineer on call. While the pool is being closed, connections ending is what was asked for.
 */
function reportIdleConnectionLost(pool: pg.Pool, error: Error): void {
  if (pool.ending) return;
  const { code } = error as { code?: unknown };
  const cause = typeof code === 'string' ? code : error.message;
  console.warn(`PostgreSQL: uma ligação inativa foi fechada pelo servidor (${cause}); a próxima consulta abre outra.`);
}

/** Each PostgreSQL database's pool, for the metrics (SQLite has one connection and no pool). */
const pools = new WeakMap<Db, pg.Pool>();

/** The connection pool's counts, or undefined for SQLite. */
export function poolCounts(db: Db): { total: number; idle: number; waiting: number } | undefined {
  const pool = pools.get(db);
  return pool && { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount };
}

export interface OpenOptions {
  /** AUDIT_MAC_KEYS: the audit entries written through this handle are sealed, and verified, with them. */
  auditKeys?: AuditKeys | undefined;
}

/**
 * Opens the database named by DATABASE: a SQLite file path (the embedded default), ':memory:',
 * or a postgres:// URL for when one machine is no longer enough.
 */
export function openDatabase(location: string, { auditKeys }: OpenOptions = {}): Db {
  const plugins = auditKeys ? [new AuditKeysPlugin(auditKeys)] : [];
  if (/^postgres(ql)?:\/\//.test(location)) {
    const pool = new pg.Pool({ connectionString: location, max: 10 });
    pool.on('error', (error) => reportIdleConnectionLost(pool, error));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins });
    pools.set(db, pool);
    return db;
  }
  if (location !== ':memory:') mkdirSync(dirname(location), { recursive: true });
  const sqlite = new SQLite(location);
  // WAL lets readers run beside the one writer; FULL makes an acknowledged submission survive a
  // power cut; foreign keys are off by default in SQLite.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  return new Kysely<Database>({ dialect: new SqliteDialectKeepingCause(sqlite), plugins });
}
