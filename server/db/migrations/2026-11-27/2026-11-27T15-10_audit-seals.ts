/*
 * Frozen in time: this migration must never import application code, and never change once
 * released. A change of schema is a new migration with a later date.
 *
 * The audit log's seals (server/db/audit-seal.ts): one row per entry the app writes, its key's id
 * and an HMAC-SHA-256 made with a key held outside the database (AUDIT_MAC_KEYS), so that an entry
 * added by whoever holds the app's database role, chained but unsealed, is named by
 * `npm run audit:verify`. A table of its own, because on PostgreSQL the trigger gives an entry its
 * id and hash, and the app's role may not update audit_log once it has them.
 *
 * Like the log, append-only: triggers refuse UPDATE and DELETE (and TRUNCATE on PostgreSQL), and on
 * PostgreSQL every role but the owner loses UPDATE, DELETE and TRUNCATE on it, whatever grants or
 * default privileges gave it: a seal removed would turn a genuine entry into one named as forged.
 * No foreign key: the log's checks, not this table's, say when an entry is missing.
 *
 * Nothing is sealed here: the entries already written stay unsealed, and the verification reports
 * those before the first sealed entry as such (docs/operations.md).
 */
import { PostgresAdapter, sql, type Kysely } from 'kysely';

const onPostgres = (db: Kysely<any>) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('audit_log_seal')
    .addColumn('entry_id', 'integer', (c) => c.primaryKey())
    .addColumn('key_id', 'text', (c) => c.notNull())
    .addColumn('mac', 'text', (c) => c.notNull())
    .execute();
  if (!onPostgres(db)) {
    await sql`
      CREATE TRIGGER audit_log_seal_no_update BEFORE UPDATE ON audit_log_seal
      BEGIN SELECT RAISE(ABORT, 'audit_log_seal is append-only: UPDATE refused'); END`.execute(db);
    await sql`
      CREATE TRIGGER audit_log_seal_no_delete BEFORE DELETE ON audit_log_seal
      BEGIN SELECT RAISE(ABORT, 'audit_log_seal is append-only: DELETE refused'); END`.execute(db);
    return;
  }
  await sql`
    CREATE FUNCTION audit_log_seal_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'audit_log_seal is append-only: % refused', TG_OP;
    END
    $$`.execute(db);
  await sql`
    CREATE TRIGGER audit_log_seal_no_change BEFORE UPDATE OR DELETE ON audit_log_seal
    FOR EACH ROW EXECUTE FUNCTION audit_log_seal_append_only()`.execute(db);
  await sql`
    CREATE TRIGGER audit_log_seal_no_truncate BEFORE TRUNCATE ON audit_log_seal
    FOR EACH STATEMENT EXECUTE FUNCTION audit_log_seal_append_only()`.execute(db);
  await sql`
    DO $$
    DECLARE
      t record;
    BEGIN
      FOR t IN
        SELECT DISTINCT a.grantee
        FROM pg_class c, aclexplode(c.relacl) a
        WHERE c.oid = 'audit_log_seal'::regclass AND a.grantee <> c.relowner
      LOOP
        EXECUTE format('REVOKE UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER ON audit_log_seal FROM %s',
          CASE WHEN t.grantee = 0 THEN 'PUBLIC' ELSE t.grantee::regrole::text END);
      END LOOP;
    END
    $$`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('audit_log_seal').execute();
  if (onPostgres(db)) await sql`DROP FUNCTION IF EXISTS audit_log_seal_append_only()`.execute(db);
}
