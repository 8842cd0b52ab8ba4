import { Migrator, sql, type Migration, type MigrationResultSet } from 'kysely';
import type { Db } from './database';
import { migrations } from './migrations/migration-list';

/**
 * Brings the database to the latest migration; throws with the failing migration's name. `list` is
 * the site's migrations, or those and a test's own (a throw-away field's column).
 */
export async function migrateToLatest(db: Db, list: Record<string, Migration> = migrations): Promise<MigrationResultSet['results']> {
  const migrator = new Migrator({ db, provider: { getMigrations: () => Promise.resolve(list) } });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'desconhecida';
    throw new Error(`A migração ${failed} falhou: ${error instanceof Error ? error.message : JSON.stringify(error)}`);
  }
  return results;
}

/** Writes one row without changing it (the migration lock): fails on a database that cannot be written. */
export async function proveWritable(db: Db): Promise<void> {
  await sql`update kysely_migration_lock set is_locked = is_locked where id = 'migration_lock'`.execute(db);
}

/**
 * The newest migration this code knows that the database has not run (undefined: up to date).
 * Migration names carry their date, so the newest is the greatest; one cheap query, for readiness.
 */
export async function missingLatestMigration(db: Db): Promise<string | undefined> {
  const latest = Object.keys(migrations).sort().at(-1);
  if (latest === undefined) return undefined;
  const row = await sql<{ name: string | null }>`select max(name) as name from kysely_migration`.execute(db);
  const applied = row.rows[0]?.name ?? '';
  return applied >= latest ? undefined : latest;
}
