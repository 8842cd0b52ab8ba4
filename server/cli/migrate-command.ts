/**
 * `npm run migrate`: brings the database to the latest migration, through MIGRATION_DATABASE (the
 * owner of the tables) when it is set, else through DATABASE.
 */
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { refuseRoleThatMayNotMigrate } from '../db/database-roles';
import { migrateToLatest } from '../db/migrate';

const config = loadConfig();
const db = openDatabase(config.migrationDatabase ?? config.database);
try {
  if (config.migrationDatabase === undefined) await refuseRoleThatMayNotMigrate(db);
  const results = (await migrateToLatest(db)) ?? [];
  console.log(results.length ? results.map((r) => `${r.migrationName}: ${r.status}`).join('\n') : 'A base de dados já está atualizada.');
} catch (error) {
  const message = error instanceof Error ? error.message : String(error);
  console.error(message.charAt(0).toUpperCase() + message.slice(1));
  process.exitCode = 1;
} finally {
  await db.destroy();
}
