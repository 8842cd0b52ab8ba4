/** `npm run migrate`: brings the database to the latest migration. */
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';

const config = loadConfig();
const db = openDatabase(config.database);
try {
  const results = (await migrateToLatest(db)) ?? [];
  console.log(results.length ? results.map((r) => `${r.migrationName}: ${r.status}`).join('\n') : 'A base de dados já está atualizada.');
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await db.destroy();
}
