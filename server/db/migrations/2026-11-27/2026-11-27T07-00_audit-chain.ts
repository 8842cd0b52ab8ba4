/*
 * Frozen in time: this migration must never import application code, and never change once
 * released. A change of schema is a new migration with a later date.
 *
 * The audit log becomes a hash chain, so that a change, a removal or an insertion made outside
 * the app (a console session, the file itself) shows (`npm run audit:verify`): every entry stores
 * the hash of the entry before it (prev_hash) and its own (hash), SHA-256 over a canonical JSON
 * of its content and prev_hash; audit_chain_head keeps the id and hash of the last entry written,
 * so that entries removed from the end, or added after it, show too.
 *
 * The entries already there are chained here, in id order, as they stand now: the chain vouches
 * for them from this migration on, not for what happened to them before it.
 *
 * PostgreSQL: a trigger chains every insert (SECURITY DEFINER: it runs as the table's owner), so
 * the app's role needs no write access to the chain's head, cannot choose an entry's prev_hash or
 * id, and an instance still running the previous release (which knows nothing of the chain) writes
 * chained entries too during a rolling upgrade. The id is taken inside the trigger, under the
 * head's row lock, so that id order is chain order when instances insert at once. Every role but
 * the owner loses UPDATE, DELETE and TRUNCATE on audit_log and any write on audit_chain_head,
 * whatever grants or default privileges gave it (docs/operations.md, the two roles).
 *
 * SQLite: the app computes the chain (server/db/audit-chain.ts) in the write transaction; the
 * columns default to '' only because SQLite cannot add a NOT NULL column without one (an entry
 * written without a hash fails the verification).
 */
import { createHash } from 'node:crypto';
import { PostgresAdapter, sql, type Kysely } from 'kysely';

const onPostgres = (db: Kysely<any>) => db.getExecutor().adapter instanceof PostgresAdapter;

const GENESIS = '0'.repeat(64);

/** The chain's hash as of this migration (server/db/audit-chain.ts is the app's copy). */
function entryHash(row: Record<string, unknown>, prevHash: string): string {
  const text = JSON.stringify({
    action: row.action,
    actor_email: row.actor_email ?? null,
    actor_id: row.actor_id === null || row.actor_id === undefined ? null : Number(row.actor_id),
    after_json: row.after_json ?? null,
    at: row.at,
    before_json: row.before_json ?? null,
    ip: row.ip ?? null,
    outcome: row.outcome,
    prev_hash: prevHash,
    subject: row.subject ?? null,
    v: 1,
  });
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

async function addColumnsAndHead(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('audit_log')
    .addColumn('prev_hash', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('audit_log')
    .addColumn('hash', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .createTable('audit_chain_head')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('last_id', 'integer', (c) => c.notNull())
    .addColumn('last_hash', 'text', (c) => c.notNull())
    .execute();
}

async function upSqlite(db: Kysely<any>): Promise<void> {
  // Kysely runs SQLite's migrations outside a transaction: this one is all or nothing.
  await db.transaction().execute(async (trx) => {
    await addColumnsAndHead(trx);
    await sql`DROP TRIGGER audit_log_no_update`.execute(trx);
    const rows = await trx.selectFrom('audit_log').selectAll().orderBy('id').execute();
    let prev = GENESIS;
    let lastId = 0;
    for (const row of rows) {
      const hash = entryHash(row, prev);
      await trx.updateTable('audit_log').set({ prev_hash: prev, hash }).where('id', '=', row.id).execute();
      prev = hash;
      lastId = Number(row.id);
    }
    await sql`
      CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log
      BEGIN SELECT RAISE(ABORT, 'audit_log is append-only: UPDATE refused'); END`.execute(trx);
    await trx.insertInto('audit_chain_head').values({ id: 1, last_id: lastId, last_hash: prev }).execute();
  });
}

async function upPostgres(db: Kysely<any>): Promise<void> {
  await addColumnsAndHead(db);
  // The same canonical JSON as entryHash above: to_json() escapes text as JSON.stringify does.
  await sql`
    CREATE FUNCTION audit_log_entry_hash(
      p_prev_hash text, p_at text, p_actor_id integer, p_actor_email text, p_ip text,
      p_action text, p_subject text, p_outcome text, p_before_json text, p_after_json text
    ) RETURNS text LANGUAGE sql STABLE AS $$
      SELECT encode(sha256(convert_to(
        '{"action":' || coalesce(to_json(p_action)::text, 'null') ||
        ',"actor_email":' || coalesce(to_json(p_actor_email)::text, 'null') ||
        ',"actor_id":' || coalesce(p_actor_id::text, 'null') ||
        ',"after_json":' || coalesce(to_json(p_after_json)::text, 'null') ||
        ',"at":' || coalesce(to_json(p_at)::text, 'null') ||
        ',"before_json":' || coalesce(to_json(p_before_json)::text, 'null') ||
        ',"ip":' || coalesce(to_json(p_ip)::text, 'null') ||
        ',"outcome":' || coalesce(to_json(p_outcome)::text, 'null') ||
        ',"prev_hash":' || coalesce(to_json(p_prev_hash)::text, 'null') ||
        ',"subject":' || coalesce(to_json(p_subject)::text, 'null') ||
        ',"v":1}', 'UTF8')), 'hex')
    $$`.execute(db);

  await sql`ALTER TABLE audit_log DISABLE TRIGGER audit_log_no_change`.execute(db);
  await sql`
    DO $$
    DECLARE
      r record;
      prev text := ${sql.lit(GENESIS)};
      next_hash text;
      last_seen integer := 0;
    BEGIN
      FOR r IN SELECT * FROM audit_log ORDER BY id LOOP
        next_hash := audit_log_entry_hash(prev, r.at, r.actor_id, r.actor_email, r.ip, r.action, r.subject, r.outcome, r.before_json, r.after_json);
        UPDATE audit_log SET prev_hash = prev, hash = next_hash WHERE id = r.id;
        prev := next_hash;
        last_seen := r.id;
      END LOOP;
      INSERT INTO audit_chain_head (id, last_id, last_hash) VALUES (1, last_seen, prev);
    END
    $$`.execute(db);
  await sql`ALTER TABLE audit_log ENABLE TRIGGER audit_log_no_change`.execute(db);

  // A SECURITY DEFINER function finds tables through its own search path, never the caller's
  // (pg_temp last: a temporary table of the caller's cannot stand in for the head).
  const schema = (await sql<{ schema: string }>`SELECT current_schema() AS schema`.execute(db)).rows[0]?.schema ?? 'public';
  await sql`
    CREATE FUNCTION audit_log_chain() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER
    SET search_path = ${sql.id(schema)}, pg_temp AS $$
    DECLARE
      head_hash text;
    BEGIN
      SELECT last_hash INTO head_hash FROM audit_chain_head WHERE id = 1 FOR UPDATE;
      IF NOT FOUND THEN
        RAISE EXCEPTION 'audit_chain_head has no row: the audit chain cannot go on';
      END IF;
      NEW.id := nextval(pg_get_serial_sequence('audit_log', 'id'));
      NEW.prev_hash := head_hash;
      NEW.hash := audit_log_entry_hash(NEW.prev_hash, NEW.at, NEW.actor_id, NEW.actor_email, NEW.ip,
        NEW.action, NEW.subject, NEW.outcome, NEW.before_json, NEW.after_json);
      UPDATE audit_chain_head SET last_id = NEW.id, last_hash = NEW.hash WHERE id = 1;
      RETURN NEW;
    END
    $$`.execute(db);
  // The trigger gives every id; a default would spend a number of the sequence on each insert.
  await sql`ALTER TABLE audit_log ALTER COLUMN id DROP DEFAULT`.execute(db);
  await sql`
    CREATE TRIGGER audit_log_chain BEFORE INSERT ON audit_log
    FOR EACH ROW EXECUTE FUNCTION audit_log_chain()`.execute(db);

  // Whatever grants and default privileges gave other roles (the app's among them): on the log,
  // reading and adding only; on the head, reading only (the trigger writes it as the owner).
  await sql`
    DO $$
    DECLARE
      t record;
    BEGIN
      FOR t IN
        SELECT DISTINCT c.relname AS name, a.grantee
        FROM pg_class c, aclexplode(c.relacl) a
        WHERE c.oid IN ('audit_log'::regclass, 'audit_chain_head'::regclass) AND a.grantee <> c.relowner
      LOOP
        EXECUTE format('REVOKE %s ON %I FROM %s',
          CASE WHEN t.name = 'audit_log' THEN 'UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER'
               ELSE 'INSERT, UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER' END,
          t.name,
          CASE WHEN t.grantee = 0 THEN 'PUBLIC' ELSE t.grantee::regrole::text END);
      END LOOP;
    END
    $$`.execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  if (onPostgres(db)) await upPostgres(db);
  else await upSqlite(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (onPostgres(db)) {
    await sql`DROP TRIGGER audit_log_chain ON audit_log`.execute(db);
    await sql`DROP FUNCTION audit_log_chain()`.execute(db);
    await sql`ALTER TABLE audit_log ALTER COLUMN id SET DEFAULT nextval('audit_log_id_seq'::regclass)`.execute(db);
    await sql`DROP FUNCTION audit_log_entry_hash(text, text, integer, text, text, text, text, text, text, text)`.execute(db);
  }
  await db.schema.dropTable('audit_chain_head').execute();
  await db.schema.alterTable('audit_log').dropColumn('hash').execute();
  await db.schema.alterTable('audit_log').dropColumn('prev_hash').execute();
}
