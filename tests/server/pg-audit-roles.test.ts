/**
 * PostgreSQL with two roles (docs/operations.md): the owner of the tables migrates
 * (MIGRATION_DATABASE), the server runs as the app's role (DATABASE), which may read and add to
 * the audit log but neither change, delete, truncate, disable its triggers nor drop it. The roles
 * are made here with the SQL the operations guide gives; the real server (server/main.ts) starts
 * as the app's role, refuses to start when that role could rewrite the log or cannot migrate, and
 * two instances of the app writing at once keep one chain. A row the app's role adds by itself,
 * chained by the trigger but without the seal's key (AUDIT_MAC_KEYS), is named by audit:verify.
 *
 * PostgreSQL only: vitest.config.ts includes this file only when TEST_DATABASE=postgres.
 */
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditKeysOf } from '../../server/db/audit-seal';
import { openDatabase, type Db } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';
import { appendAudit, type AuditEntry } from '../../server/db/repositories/audit/audit-log-repository';
import { runAuditVerify } from '../../server/operations/audit-verify';
import { REPOSITORY, spawnServer, startServer, type ServerProcess } from '../support/server-process';
import { addStaffAccount, STAFF_PASSWORD } from './gestao-browser';
import { createTestDatabase, FESTIVAL_START, onPostgres } from './helper';

const run = promisify(execFile);

const suffix = randomBytes(4).toString('hex');
const OWNER = `festa_dono_${suffix}`;
const APP = `festa_app_${suffix}`;
const PASSWORD = `senha-${suffix}`;
/** The seal's key: the app's, never the database's. */
const AUDIT_MAC_KEYS = `papeis:${randomBytes(32).toString('hex')}`;
const openAsApp = () => openDatabase(appUrl, { auditKeys: auditKeysOf(AUDIT_MAC_KEYS) });
/** The row the app's role inserts straight into audit_log. */
let forgedId: number | undefined;

let database: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
let ownerUrl: string;
let appUrl: string;
let superuserDb: Db | undefined;
let appDb: Db | undefined;
let server: ServerProcess | undefined;

const asRole = (location: string, role: string) => {
  const url = new URL(location);
  url.username = role;
  url.password = PASSWORD;
  return url.toString();
};

async function asSuperuser(connectionString: string, statements: string[]): Promise<void> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    for (const statement of statements) await client.query(statement);
  } finally {
    await client.end();
  }
}

/** The server's environment: the app's role, and the owner's for migrations unless left out. */
const serverEnv = (env: Record<string, string> = {}) => ({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  FESTIVAL_START,
  MEDIA_CACHE_DIR: join(database!.dir, 'media-variants'),
  DATABASE: appUrl,
  MIGRATION_DATABASE: ownerUrl,
  AUDIT_MAC_KEYS,
  ...env,
});

/** Starts server/main.ts and waits for it to stop by itself; its exit code and what it printed. */
async function refusedStart(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const spawned = spawnServer({ PORT: '0', HOST: '127.0.0.1', ...env });
  const [code] = (await once(spawned.child, 'exit')) as [number | null];
  return { code, output: spawned.output() };
}

async function npmRun(script: string, env: Record<string, string>, args: string[] = []) {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', script, ...args], {
      cwd: REPOSITORY,
      env: { ...process.env, ...env },
    });
    return { code: 0, out: stdout, err: stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, out: failed.stdout ?? '', err: failed.stderr ?? '' };
  }
}

// Now, not the tests' NOW: the server process writes by the real clock, and `at` must not go back.
const entry = (action: string): AuditEntry => ({
  at: new Date().toISOString(),
  actorId: null,
  actorEmail: null,
  ip: '192.0.2.44',
  action,
  subject: null,
  outcome: 'ok',
});

beforeAll(async () => {
  if (!onPostgres) throw new Error('pg-audit-roles.test.ts runs only with TEST_DATABASE=postgres');
  database = await createTestDatabase();
  const { location } = database;
  const name = new URL(location).pathname.slice(1);
  ownerUrl = asRole(location, OWNER);
  appUrl = asRole(location, APP);
  const maintenance = new URL(location);
  maintenance.pathname = '/postgres';
  // docs/operations.md, "Os dois papéis do PostgreSQL": as a superuser, once.
  await asSuperuser(maintenance.toString(), [
    `CREATE ROLE ${OWNER} LOGIN PASSWORD '${PASSWORD}'`,
    `CREATE ROLE ${APP} LOGIN PASSWORD '${PASSWORD}'`,
    `ALTER DATABASE ${name} OWNER TO ${OWNER}`,
  ]);
  await asSuperuser(location, [
    `ALTER SCHEMA public OWNER TO ${OWNER}`,
    `REVOKE CREATE ON SCHEMA public FROM PUBLIC`,
    `GRANT USAGE ON SCHEMA public TO ${APP}`,
    `ALTER DEFAULT PRIVILEGES FOR ROLE ${OWNER} IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO ${APP}`,
    `ALTER DEFAULT PRIVILEGES FOR ROLE ${OWNER} IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO ${APP}`,
  ]);
  superuserDb = openDatabase(location);
}, 60_000);

afterAll(async () => {
  await server?.stop();
  await appDb?.destroy();
  await superuserDb?.destroy();
  await database?.drop();
  if (database) {
    const maintenance = new URL(database.location);
    maintenance.pathname = '/postgres';
    await asSuperuser(maintenance.toString(), [`DROP ROLE IF EXISTS ${APP}`, `DROP ROLE IF EXISTS ${OWNER}`]);
  }
}, 60_000);

describe('PostgreSQL with an owner and an app role', () => {
  it('the app role alone cannot migrate: the server and npm run migrate refuse in pt-PT, naming MIGRATION_DATABASE', async () => {
    const started = await refusedStart(serverEnv({ MIGRATION_DATABASE: '' }));
    expect(started.code).toBe(1);
    expect(started.output).toContain(
      'nenhuma migração foi aplicada, e o papel de DATABASE não é o dono das tabelas: defina MIGRATION_DATABASE com o URL do papel dono',
    );
    const migrated = await npmRun('server/cli/migrate-command.ts', { DATABASE: appUrl, MIGRATION_DATABASE: '' });
    expect(migrated.code).toBe(1);
    expect(migrated.err).toContain('Nenhuma migração foi aplicada, e o papel de DATABASE não é o dono das tabelas');
  }, 60_000);

  it('the server migrates as the owner and serves as the app role; a staff login is audited and the chain verifies', async () => {
    server = await startServer(serverEnv());
    const owners = await sql<{ tableowner: string }>`
      SELECT DISTINCT tableowner FROM pg_tables WHERE schemaname = 'public'`.execute(superuserDb!);
    expect(owners.rows.map((row) => row.tableowner)).toEqual([OWNER]);

    appDb = openAsApp();
    // What the other commands (staff, seed, secrets...) do first: nothing pending, nothing to refuse.
    expect(await migrateToLatest(appDb)).toEqual([]);
    await addStaffAccount(appDb, 'edicao@festa.pt', 'edicao');
    const session = await fetch(`${server.url}/gestao/api/session`);
    const cookie = session.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const { csrfToken } = (await session.json()) as { csrfToken: string };
    const login = await fetch(`${server.url}/gestao/api/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, 'x-csrf-token': csrfToken },
      body: JSON.stringify({ email: 'edicao@festa.pt', password: STAFF_PASSWORD }),
    });
    expect(login.status).toBe(200);
    const actions = await appDb.selectFrom('audit_log').select('action').orderBy('id').execute();
    expect(actions.map((row) => row.action)).toEqual(expect.arrayContaining(['user.create', 'login']));

    const verified = await npmRun('server/cli/audit-verify-command.ts', { DATABASE: appUrl, MIGRATION_DATABASE: '', AUDIT_MAC_KEYS });
    expect(verified.out).toMatch(/^Registo íntegro: \d+ entradas verificadas\.\n/);
    expect(verified.code).toBe(0);
    expect((await npmRun('server/cli/migrate-command.ts', { DATABASE: appUrl, MIGRATION_DATABASE: ownerUrl })).out).toBe(
      'A base de dados já está atualizada.\n',
    );
  }, 120_000);

  it('the app role may add to the audit log, but not update, delete, truncate, disable its triggers, drop it, move its head or take back a seal; what it adds without the key is named', async () => {
    const db = appDb!;
    await appendAudit(db, entry('papel.app'));
    const denied = { code: '42501' };
    await expect(sql`UPDATE audit_log SET outcome = 'denied'`.execute(db)).rejects.toMatchObject(denied);
    await expect(sql`DELETE FROM audit_log`.execute(db)).rejects.toMatchObject(denied);
    await expect(sql`TRUNCATE audit_log`.execute(db)).rejects.toMatchObject(denied);
    await expect(sql`ALTER TABLE audit_log DISABLE TRIGGER audit_log_no_change`.execute(db)).rejects.toMatchObject(denied);
    await expect(sql`ALTER TABLE audit_log DISABLE TRIGGER USER`.execute(db)).rejects.toMatchObject(denied);
    await expect(sql`DROP TRIGGER audit_log_chain ON audit_log`.execute(db)).rejects.toMatchObject(denied);
    await expect(sql`DROP TABLE audit_log`.execute(db)).rejects.toMatchObject(denied);
    await expect(sql`UPDATE audit_chain_head SET last_id = 0`.execute(db)).rejects.toMatchObject(denied);
    await expect(sql`DELETE FROM audit_chain_head`.execute(db)).rejects.toMatchObject(denied);
    await expect(sql`UPDATE audit_log_seal SET key_id = 'outra'`.execute(db)).rejects.toMatchObject(denied);
    await expect(sql`DELETE FROM audit_log_seal`.execute(db)).rejects.toMatchObject(denied);
    await expect(sql`TRUNCATE audit_log_seal`.execute(db)).rejects.toMatchObject(denied);
    expect((await runAuditVerify([], { db })).code).toBe(0);

    // An insert that names its own id and link is given the chain's instead, by the owner's trigger.
    const before = await db.selectFrom('audit_chain_head').select(['last_id', 'last_hash']).executeTakeFirstOrThrow();
    await sql`
      INSERT INTO audit_log (id, at, action, outcome, prev_hash, hash)
      VALUES (1, ${new Date().toISOString()}, 'forjada', 'ok', ${'f'.repeat(64)}, ${'e'.repeat(64)})`.execute(db);
    const forged = await db.selectFrom('audit_log').select(['id', 'prev_hash']).where('action', '=', 'forjada').executeTakeFirstOrThrow();
    expect(forged).toEqual({ id: before.last_id + 1, prev_hash: before.last_hash });
    forgedId = forged.id;

    // Other tables keep what the default privileges gave: the app works as before.
    const privileges = await sql<{ table: string; update: boolean }>`
      SELECT t AS table, has_table_privilege(${APP}, t, 'UPDATE') AS update
      FROM unnest(ARRAY['staff_users', 'kysely_migration_lock', 'audit_log', 'audit_chain_head', 'audit_log_seal']) AS t`.execute(
      superuserDb!,
    );
    expect(Object.fromEntries(privileges.rows.map((row) => [row.table, row.update]))).toEqual({
      staff_users: true,
      kysely_migration_lock: true,
      audit_log: false,
      audit_chain_head: false,
      audit_log_seal: false,
    });
    // Chained by the owner's trigger, so the chain is whole: the missing seal is what names it.
    const verified = await npmRun('server/cli/audit-verify-command.ts', { DATABASE: appUrl, MIGRATION_DATABASE: '', AUDIT_MAC_KEYS });
    expect(verified).toEqual({
      code: 1,
      out: `Registo adulterado: a entrada #${forgedId} não confere:\n  #${forgedId}: não tem selo, e a primeira entrada selada é a #1: foi inserida fora da aplicação, por quem não tem a chave do registo (ou por uma instância sem AUDIT_MAC_KEYS).\n`,
      err: '',
    });
  });

  it('two instances of the app, as the app role, writing at once keep one chain', async () => {
    const second = openAsApp();
    try {
      const count = async () =>
        Number(
          (
            await appDb!
              .selectFrom('audit_log')
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      const before = await count();
      await Promise.all(
        [appDb!, second].flatMap((db, instance) =>
          Array.from({ length: 100 }, (_, n) => appendAudit(db, { ...entry('concorrente'), subject: `instância ${instance}, n.º ${n}` })),
        ),
      );
      expect(await count()).toBe(before + 200);
      const result = await runAuditVerify([], { db: second });
      // Every entry the two wrote is sealed: the only one named is the row added without the key.
      expect(result.out.split('\n')).toEqual([
        `Registo adulterado: a entrada #${forgedId} não confere:`,
        expect.stringMatching(new RegExp(`^  #${forgedId}: não tem selo`)),
        '',
      ]);
      expect(result.code).toBe(1);
    } finally {
      await second.destroy();
    }
  }, 60_000);

  it('the server refuses to start as a role that could rewrite the audit log, saying what to revoke', async () => {
    await asSuperuser(database!.location, [
      `GRANT UPDATE, DELETE ON audit_log TO ${APP}`,
      `GRANT UPDATE ON audit_chain_head TO ${APP}`,
      `GRANT DELETE ON audit_log_seal TO ${APP}`,
    ]);
    const granted = await refusedStart(serverEnv());
    expect(granted.code).toBe(1);
    expect(granted.output).toContain(
      `o papel de DATABASE (${APP}) pode alterar ou apagar o registo de auditoria: o dono das tabelas tem de executar REVOKE UPDATE, DELETE ON audit_log FROM ${APP}; REVOKE UPDATE ON audit_chain_head FROM ${APP}; REVOKE DELETE ON audit_log_seal FROM ${APP};`,
    );
    await asSuperuser(database!.location, [
      `REVOKE UPDATE, DELETE ON audit_log FROM ${APP}`,
      `REVOKE UPDATE ON audit_chain_head FROM ${APP}`,
      `REVOKE DELETE ON audit_log_seal FROM ${APP}`,
    ]);

    const owner = await refusedStart(serverEnv({ DATABASE: ownerUrl }));
    expect(owner.code).toBe(1);
    expect(owner.output).toContain(`o papel de DATABASE (${OWNER}) é dono da tabela audit_log`);
  }, 60_000);
});
