/** `npm run secrets -- rotate <session|preview-links>` (server/operations/secrets.ts). */
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { runSecretsCommand } from '../operations/secrets';

const config = loadConfig();
const db = openDatabase(config.database);
try {
  await migrateToLatest(db);
  const result = await runSecretsCommand(process.argv.slice(2), { db, now: new Date() });
  process.stdout.write(result.out);
  process.stderr.write(result.err);
  process.exitCode = result.code;
} finally {
  await db.destroy();
}
