/** `npm run staff -- add <email> --role <role> --password-stdin` (server/gestao/run-staff-command.ts). */
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { runStaffCommand } from '../gestao/run-staff-command';

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const config = loadConfig();
const db = openDatabase(config.database, { auditKeys: config.auditKeys });
try {
  await migrateToLatest(db);
  const result = await runStaffCommand(process.argv.slice(2), { db, now: new Date(), readStdin });
  process.stdout.write(result.out);
  process.stderr.write(result.err);
  process.exitCode = result.code;
} finally {
  await db.destroy();
}
