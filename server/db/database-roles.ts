/**
 * PostgreSQL with two roles (docs/operations.md): the owner of the tables runs the migrations
 * (MIGRATION_DATABASE), the app runs as a role that may read and add to the audit log but neither
 * change, delete nor truncate it, and cannot disable its triggers or drop it, because it owns
 * nothing (DATABASE). With one role, or on SQLite, DATABASE migrates as it always has.
 */
import { PostgresAdapter, sql } from 'kysely';
import { openDatabase, type Db } from './database';
import { migrateToLatest, missingLatestMigration } from './migrate';

const onPostgres = (db: Db) => db.getExecutor().adapter instanceof PostgresAdapter;

const SEE_DOCS = 'veja docs/operations.md, os dois papéis do PostgreSQL';

/** Migrates through the owner's URL, then closes that connection: the app never keeps it. */
export async function migrateAsOwner(migrationDatabase: string): Promise<void> {
  const owner = openDatabase(migrationDatabase);
  try {
    await migrateToLatest(owner);
  } finally {
    await owner.destroy();
  }
}

/**
 * Whether this connection's role can apply migrations: it owns the migrations' table (or is a
 * member of its owner, or a superuser), or, on a database never migrated, may create tables.
 */
async function mayMigrate(db: Db): Promise<boolean> {
  const { rows } = await sql<{ may: boolean }>`
    SELECT CASE
      WHEN to_regclass('kysely_migration') IS NULL THEN has_schema_privilege(current_schema(), 'CREATE')
      ELSE pg_has_role(current_user, (SELECT relowner FROM pg_class WHERE oid = to_regclass('kysely_migration')), 'USAGE')
    END AS may`.execute(db);
  return rows[0]?.may === true;
}

/** The newest migration not applied, on a database that may never have been migrated. */
async function pendingMigration(db: Db): Promise<string | undefined> {
  const { rows } = await sql<{ exists: boolean }>`SELECT to_regclass('kysely_migration') IS NOT NULL AS exists`.execute(db);
  if (rows[0]?.exists !== true) return 'todas';
  return missingLatestMigration(db);
}

function pendingError(pending: string): Error {
  const which = pending === 'todas' ? 'nenhuma migração foi aplicada' : `falta aplicar a migração ${pending}`;
  return new Error(
    `${which}, e o papel de DATABASE não é o dono das tabelas: defina MIGRATION_DATABASE com o URL do papel dono (${SEE_DOCS}), ou aplique-as com MIGRATION_DATABASE=… npm run migrate`,
  );
}

/**
 * Refuses an app role that could rewrite the audit log: the owner of its table (or a member of the
 * owner's role), a superuser, or a role granted UPDATE, DELETE or TRUNCATE on it or on its seals,
 * or any write on its chain's head. Says which grant to take back.
 */
async function refuseRoleThatCanRewriteAudit(db: Db): Promise<void> {
  const { rows } = await sql<{
    role: string;
    superuser: boolean;
    owns: boolean;
    log: string | null;
    head: string | null;
    seal: string | null;
  }>`
    SELECT quote_ident(current_user) AS role,
      (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) AS superuser,
      pg_has_role(current_user, (SELECT relowner FROM pg_class WHERE oid = to_regclass('audit_log')), 'USAGE') AS owns,
      nullif(concat_ws(', ',
        CASE WHEN has_table_privilege('audit_log', 'UPDATE') THEN 'UPDATE' END,
        CASE WHEN has_table_privilege('audit_log', 'DELETE') THEN 'DELETE' END,
        CASE WHEN has_table_privilege('audit_log', 'TRUNCATE') THEN 'TRUNCATE' END), '') AS log,
      nullif(concat_ws(', ',
        CASE WHEN has_table_privilege('audit_chain_head', 'INSERT') THEN 'INSERT' END,
        CASE WHEN has_table_privilege('audit_chain_head', 'UPDATE') THEN 'UPDATE' END,
        CASE WHEN has_table_privilege('audit_chain_head', 'DELETE') THEN 'DELETE' END,
        CASE WHEN has_table_privilege('audit_chain_head', 'TRUNCATE') THEN 'TRUNCATE' END), '') AS head,
      nullif(concat_ws(', ',
        CASE WHEN has_table_privilege('audit_log_seal', 'UPDATE') THEN 'UPDATE' END,
        CASE WHEN has_table_privilege('audit_log_seal', 'DELETE') THEN 'DELETE' END,
        CASE WHEN has_table_privilege('audit_log_seal', 'TRUNCATE') THEN 'TRUNCATE' END), '') AS seal`.execute(db);
  const found = rows[0];
  if (!found) return;
  const role = found.role;
  if (found.superuser) {
    throw new Error(`o papel de DATABASE (${role}) é superutilizador: pode reescrever o registo de auditoria (${SEE_DOCS})`);
  }
  if (found.owns) {
    throw new Error(
      `o papel de DATABASE (${role}) é dono da tabela audit_log (ou membro do papel dono): pode desativar os seus triggers e apagá-la; use em DATABASE o papel da aplicação (${SEE_DOCS})`,
    );
  }
  const grants = [
    found.log && `REVOKE ${found.log} ON audit_log FROM ${role};`,
    found.head && `REVOKE ${found.head} ON audit_chain_head FROM ${role};`,
    found.seal && `REVOKE ${found.seal} ON audit_log_seal FROM ${role};`,
  ];
  const revoke = grants.filter(Boolean).join(' ');
  if (revoke) {
    throw new Error(
      `o papel de DATABASE (${role}) pode alterar ou apagar o registo de auditoria: o dono das tabelas tem de executar ${revoke}`,
    );
  }
}

/**
 * At start-up, once the owner has migrated (MIGRATION_DATABASE) or when there is no owner's URL:
 * SQLite, and a PostgreSQL role that may migrate, migrate as before; a role that may not is
 * refused while a migration is pending, and, when MIGRATION_DATABASE is set, also when it could
 * rewrite the audit log (the point of two roles).
 */
export async function migrateOrCheckAppRole(db: Db, { ownerMigrated }: { ownerMigrated: boolean }): Promise<void> {
  if (!onPostgres(db)) {
    await migrateToLatest(db);
    return;
  }
  if (!ownerMigrated && (await mayMigrate(db))) {
    await migrateToLatest(db);
    return;
  }
  const pending = await pendingMigration(db);
  if (pending !== undefined) throw pendingError(pending);
  if (ownerMigrated) await refuseRoleThatCanRewriteAudit(db);
}

/** `npm run migrate` with a role that may not: one pt-PT line rather than PostgreSQL's "permission denied". */
export async function refuseRoleThatMayNotMigrate(db: Db): Promise<void> {
  if (!onPostgres(db) || (await mayMigrate(db))) return;
  const pending = await pendingMigration(db);
  if (pending !== undefined) throw pendingError(pending);
}
