/**
 * `npm run audit:verify [-- --ancora <id>:<hash>]` (server/operations/audit-verify.ts): reads only,
 * never migrates, as DATABASE's role, on DATABASE's database. The seals are checked with
 * AUDIT_MAC_KEYS, "now" is CLOCK_AT's when set. MIGRATION_DATABASE is not used: it may name
 * another database (the live one, when DATABASE names a restored copy, docs/operations.md).
 * Whatever stops it is said in one pt-PT line, exit 2.
 */
import { existsSync } from 'node:fs';
import { loadConfig, type Config } from '../config';
import { openDatabase } from '../db/database';
import { runAuditVerify } from '../operations/audit-verify';

const cannotVerify = (why: string) => {
  process.stderr.write(`Não foi possível verificar o registo: ${why}\n`);
  process.exitCode = 2;
};

/** What stopped the verification, with what to do about it where PostgreSQL's code tells. */
function whyNot(error: unknown): string {
  const cause = error instanceof Error ? error.message : String(error);
  switch ((error as { code?: unknown }).code) {
    case '42501':
      return `o papel de DATABASE não pode ler o registo (${cause}): dê-lhe as permissões de docs/operations.md (Two roles); npm run restore dá-lhas.`;
    case '42P01':
      return `a base de dados de DATABASE não tem as tabelas do registo (${cause}): está vazia ou por migrar (npm run migrate), ou a reposição não se fez.`;
    case '3D000':
      return `a base de dados de DATABASE não existe (${cause}).`;
    case '28P01':
    case '28000':
      return `o PostgreSQL recusou as credenciais de DATABASE (${cause}).`;
    case 'ECONNREFUSED':
    case 'ENOTFOUND':
      return `o servidor de DATABASE não responde (${cause}).`;
    default:
      return `${cause}. As migrações foram aplicadas (npm run migrate)?`;
  }
}

let config: Config | undefined;
try {
  const { MIGRATION_DATABASE: _unused, ...env } = process.env;
  config = loadConfig(env);
} catch (error) {
  cannotVerify(error instanceof Error ? error.message : String(error));
}
const isFile = (database: string) => database !== ':memory:' && !/^postgres(ql)?:\/\//.test(database);
if (!config) {
  // Said above.
} else if (isFile(config.database) && !existsSync(config.database)) {
  // Opening it would create an empty database, and report an empty log as intact.
  cannotVerify(`o ficheiro ${config.database} não existe.`);
} else {
  const db = openDatabase(config.database, { auditKeys: config.auditKeys });
  try {
    const result = await runAuditVerify(process.argv.slice(2), { db, now: config.clockAt ?? new Date() });
    process.stdout.write(result.out);
    process.stderr.write(result.err);
    process.exitCode = result.code;
  } catch (error) {
    cannotVerify(whyNot(error));
  } finally {
    await db.destroy();
  }
}
