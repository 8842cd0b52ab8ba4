/**
 * `npm run audit:verify [-- --ancora <id>:<hash>]` (server/operations/audit-verify.ts): reads only,
 * never migrates. The seals are checked with AUDIT_MAC_KEYS, "now" is CLOCK_AT's when set.
 */
import { existsSync } from 'node:fs';
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { runAuditVerify } from '../operations/audit-verify';

const config = loadConfig();
const isFile = config.database !== ':memory:' && !/^postgres(ql)?:\/\//.test(config.database);
if (isFile && !existsSync(config.database)) {
  // Opening it would create an empty database, and report an empty log as intact.
  process.stderr.write(`Não foi possível verificar o registo: o ficheiro ${config.database} não existe.\n`);
  process.exitCode = 2;
} else {
  const db = openDatabase(config.database, { auditKeys: config.auditKeys });
  try {
    const result = await runAuditVerify(process.argv.slice(2), { db, now: config.clockAt ?? new Date() });
    process.stdout.write(result.out);
    process.stderr.write(result.err);
    process.exitCode = result.code;
  } catch (error) {
    const cause = error instanceof Error ? error.message : String(error);
    process.stderr.write(`Não foi possível verificar o registo: ${cause}. As migrações foram aplicadas (npm run migrate)?\n`);
    process.exitCode = 2;
  } finally {
    await db.destroy();
  }
}
