/**
 * What `npm run backup` and `npm run restore` read from the environment, validated before anything
 * is touched: the server's own DATABASE (and the rest of server/config.ts, so that a command run
 * with the server's environment fails on the same bad value the server would), plus where the
 * backups go and how many are kept.
 *
 * MIGRATION_DATABASE is read for its role only: these commands work on the database DATABASE
 * names, which for a restore is a new one while the environment file's MIGRATION_DATABASE still
 * names the live one (docs/operations.md, Backup and restore).
 */
import { resolve } from 'node:path';
import { number, object, string, ValidationError } from 'yup';
import { ConfigError, loadConfig } from '../config';

/** Two weeks of daily backups; hourly ones during the festival want more (BACKUP_KEEP=48 keeps two days). */
export const DEFAULT_BACKUP_KEEP = 14;

export interface BackupConfig {
  /** A SQLite file path or a postgres:// URL, as the server's DATABASE. */
  database: string;
  backupDir: string;
  /** How many of the newest backups stay in backupDir; older ones are deleted after each backup. */
  keep: number;
  /**
   * PostgreSQL with two roles: MIGRATION_DATABASE, whose role (name and password) owns the tables.
   * Only its role is used, on the database DATABASE names (restore.ts); never its database.
   */
  migrationDatabase: string | undefined;
}

const backupSchema = object({
  BACKUP_DIR: string().trim().min(1, 'BACKUP_DIR tem de ser o caminho de uma pasta').optional(),
  BACKUP_KEEP: number()
    .typeError('BACKUP_KEEP tem de ser um número inteiro (quantas cópias se guardam)')
    .integer('BACKUP_KEEP tem de ser um número inteiro (quantas cópias se guardam)')
    .min(1, 'BACKUP_KEEP tem de ser pelo menos 1 (a cópia acabada de fazer fica sempre)')
    .default(DEFAULT_BACKUP_KEEP),
});

/** Reads and validates the environment; every problem at once, each naming its variable (ConfigError). */
export function loadBackupConfig(env: NodeJS.ProcessEnv = process.env): BackupConfig {
  const problems: string[] = [];
  // The server checks that MIGRATION_DATABASE names DATABASE's database; here DATABASE may be another.
  const { MIGRATION_DATABASE: migrationDatabase, ...serverEnv } = env;
  let server: ReturnType<typeof loadConfig> | undefined;
  try {
    server = loadConfig(serverEnv);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    problems.push(...error.problems);
  }
  const raw = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  let own: { BACKUP_DIR?: string; BACKUP_KEEP: number } | undefined;
  try {
    own = backupSchema.validateSync(raw, { abortEarly: false, stripUnknown: true });
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    problems.push(...error.errors);
  }
  const migration = migrationDatabase?.trim() || undefined;
  if (migration !== undefined && !isPostgresUrl(migration)) {
    problems.push('MIGRATION_DATABASE tem de ser um URL postgres:// (o papel dono das tabelas, que aplica as migrações)');
  } else if (migration !== undefined && server && !isPostgresUrl(server.database)) {
    problems.push('MIGRATION_DATABASE só serve com PostgreSQL: DATABASE tem de ser um URL postgres://');
  }
  if (!server || !own || problems.length > 0) throw new ConfigError(problems);
  if (server.database === ':memory:') {
    throw new ConfigError(['DATABASE=:memory: só existe dentro de um processo: não há base de dados para copiar nem onde repor']);
  }
  return {
    database: server.database,
    backupDir: own.BACKUP_DIR ? resolve(own.BACKUP_DIR) : resolve(server.rootDir, 'data/backups'),
    keep: own.BACKUP_KEEP,
    migrationDatabase: migration,
  };
}

export const isPostgresUrl = (location: string) => /^postgres(ql)?:\/\//.test(location);

/** The database as a message names it, after an article: the file, or PostgreSQL's host and database (never a password). */
export function describeDatabase(location: string): string {
  if (!isPostgresUrl(location)) return `base de dados SQLite ${location}`;
  const url = new URL(location);
  return `base de dados PostgreSQL ${url.host}${url.pathname}`;
}
