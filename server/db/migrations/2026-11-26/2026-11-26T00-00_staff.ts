/*
 * Frozen in time: this migration must never import application code, and never change once
 * released. A change of schema is a new migration with a later date.
 *
 * The back office's staff (docs/decisions/2026-11-25-back-office.md): accounts, their sessions
 * (stored here so that several instances share them; only a hash of each session id, so a copy of
 * the table lets nobody in), failed logins (counted here, not in one instance's memory, so the
 * limit holds behind a load balancer), one-time invitations (hashed tokens), the secrets every
 * instance must share (the session cookie's signing key), and the audit log.
 *
 * The audit log is append-only: the repository has no update or delete, and triggers refuse both
 * (and TRUNCATE on PostgreSQL) so that not even a stray query or a console session rewrites it.
 * Times are UTC ISO 8601 text, as elsewhere in the schema: they compare as text on both engines.
 */
import { PostgresAdapter, sql, type CreateTableBuilder, type Kysely } from 'kysely';

const onPostgres = (db: Kysely<any>) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: Kysely<any>): Promise<void> {
  const pg = onPostgres(db);
  // A growing integer key: SQLite's rowid alias, PostgreSQL's serial.
  const serialKey = (table: CreateTableBuilder<any, any>) =>
    pg ? table.addColumn('id', 'serial', (c) => c.primaryKey()) : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());

  await serialKey(db.schema.createTable('staff_users'))
    // Stored lower-cased by the application; unique so that one address is one account.
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('disabled_at', 'text')
    .execute();

  await db.schema
    .createTable('staff_sessions')
    // SHA-256 of the session id (hex): the id itself is only ever in the visitor's cookie.
    .addColumn('id_hash', 'text', (c) => c.primaryKey())
    // What the sessions page shows and ends a session by: never the session id or its hash.
    .addColumn('handle', 'text', (c) => c.notNull().unique())
    // Null until someone logs in (the CSRF secret lives in the session before the login).
    .addColumn('user_id', 'integer', (c) => c.references('staff_users.id').onDelete('cascade'))
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    // The earlier of the idle limit (from last_seen_at) and the absolute limit (from created_at).
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .execute();
  await db.schema.createIndex('staff_sessions_user_idx').on('staff_sessions').column('user_id').execute();
  await db.schema.createIndex('staff_sessions_expires_idx').on('staff_sessions').column('expires_at').execute();

  await serialKey(db.schema.createTable('staff_login_failures'))
    // The address typed (lower-cased), whether or not an account has it.
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('staff_login_failures_email_idx').on('staff_login_failures').columns(['email', 'at']).execute();
  await db.schema.createIndex('staff_login_failures_ip_idx').on('staff_login_failures').columns(['ip', 'at']).execute();

  await db.schema
    .createTable('staff_invitations')
    // SHA-256 of the token (hex): the token is only in the link given to the administrator.
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('invited_by', 'integer', (c) => c.references('staff_users.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();

  await db.schema
    .createTable('staff_secrets')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await serialKey(db.schema.createTable('audit_log'))
    .addColumn('at', 'text', (c) => c.notNull())
    // No foreign key: the log outlives the accounts it names, and the email is kept beside the id.
    .addColumn('actor_id', 'integer')
    .addColumn('actor_email', 'text')
    .addColumn('ip', 'text')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('subject', 'text')
    .addColumn('outcome', 'text', (c) => c.notNull().check(sql`outcome in ('ok', 'denied', 'failed')`))
    .addColumn('before_json', 'text')
    .addColumn('after_json', 'text')
    .execute();
  await db.schema.createIndex('audit_log_at_idx').on('audit_log').column('at').execute();
  await db.schema.createIndex('audit_log_actor_idx').on('audit_log').columns(['actor_id', 'at']).execute();

  if (pg) {
    await sql`
      CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP;
      END
      $$`.execute(db);
    await sql`
      CREATE TRIGGER audit_log_no_change BEFORE UPDATE OR DELETE ON audit_log
      FOR EACH ROW EXECUTE FUNCTION audit_log_append_only()`.execute(db);
    await sql`
      CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
      FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only()`.execute(db);
  } else {
    await sql`
      CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log
      BEGIN SELECT RAISE(ABORT, 'audit_log is append-only: UPDATE refused'); END`.execute(db);
    await sql`
      CREATE TRIGGER audit_log_no_delete BEFORE DELETE ON audit_log
      BEGIN SELECT RAISE(ABORT, 'audit_log is append-only: DELETE refused'); END`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('audit_log').execute();
  if (onPostgres(db)) await sql`DROP FUNCTION IF EXISTS audit_log_append_only()`.execute(db);
  await db.schema.dropTable('staff_secrets').execute();
  await db.schema.dropTable('staff_invitations').execute();
  await db.schema.dropTable('staff_login_failures').execute();
  await db.schema.dropTable('staff_sessions').execute();
  await db.schema.dropTable('staff_users').execute();
}
