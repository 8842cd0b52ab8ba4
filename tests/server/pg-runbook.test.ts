/**
 * docs/operations.md, run as written: every `sh` block of the runbook, in order, in one bash,
 * against a PostgreSQL database of its own with two real instances (first deploy, health and
 * metrics, a rolling restart, an upgrade with its backup and migration, a restore into a new
 * database and the verification of its audit log, the rotation of secrets). `npm ci` and
 * `npm run build` are left out: they are what .ci/run runs before the tests, and they would
 * replace the very installation under test.
 *
 * As an operator runs it: with the two roles the page recommends, neither a superuser (an owner
 * that migrates, MIGRATION_DATABASE, and the instances' role, DATABASE), made with the page's own
 * SQL by the superuser of TEST_PG_URL, which is only the runbook's PG_ADMIN_URL (createdb).
 *
 * PostgreSQL only (vitest.config.ts): the runbook is for the festival's topology, several
 * instances on one database.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/database';
import { migrateOrCheckAppRole } from '../../server/db/database-roles';
import {
  localhostCertificates,
  missingTools,
  nginxMainConfig,
  runNginx,
  siteConfig,
  which,
  type RunningNginx,
} from '../support/nginx-site';
import { fencedBlocks, RUNBOOK, runBash, shellBlocks } from '../support/runbook';
import { freePort, REPOSITORY } from '../support/server-process';
import { FESTIVAL_START } from './helper';

/** Run by .ci/run itself before every test. */
const LEFT_OUT = new Set(['npm ci', 'npm run build']);

/** The runbook's SQL for a new database with two roles, as a superuser, once (run by psql: it has `\connect`). */
function twoRolesSql(
  markdown: string,
  { owner, app, database, password }: Record<'owner' | 'app' | 'database' | 'password', string>,
): string {
  const block = fencedBlocks(markdown, 'sql').find((sql) => sql.includes('CREATE DATABASE'));
  if (!block) throw new Error('docs/operations.md has no SQL block that creates the database for the two roles');
  return block
    .replace(/\bfesta_owner\b/g, owner)
    .replace(/\bfesta_app\b/g, app)
    .replace(/\bfesta\b/g, database)
    .replace(/PASSWORD '…'/g, `PASSWORD '${password}'`);
}

const suffix = randomBytes(4).toString('hex');
/** The two roles of docs/operations.md, named for this run only. */
const OWNER = `festa_dono_${suffix}`;
const APP = `festa_app_${suffix}`;
const PASSWORD = `senha-${suffix}`;
const LIVE = `festa_test_runbook_${suffix}`;
const RESTORED = `festa_test_restore_${suffix}`;
/** A database made by the administrator for nobody (createdb without --owner). */
const UNOWNED = `festa_test_sem_dono_${suffix}`;
const AUDIT_MAC_KEYS = `runbook:${randomBytes(32).toString('hex')}`;
let runDir: string;
/** The upgrade's backup, restored by the runbook and again by the next test. */
let backupFile: string | undefined;
/** nginx with deploy/nginx-site.conf in front of the two instances, as the runbook's first deploy sets it up. */
let nginx: RunningNginx | undefined;
let ports: { a: number; b: number; https: number };
let certificateAuthority: string;
const METRICS_TOKEN = `metricas-${randomBytes(18).toString('hex')}`;
const maintenanceUrl = process.env.TEST_PG_URL ?? '';

/** The server of TEST_PG_URL, as `role` on `database`. */
function urlOf(database: string, role: string): string {
  const url = new URL(maintenanceUrl);
  url.username = role;
  url.password = PASSWORD;
  url.pathname = `/${database}`;
  return url.toString();
}

/** psql's answer to `query`, as TEST_PG_URL's superuser on `database`. */
function asAdmin(database: string, query: string): string {
  const url = new URL(maintenanceUrl);
  url.pathname = `/${database}`;
  return execFileSync('psql', [url.toString(), '-tAc', query], { encoding: 'utf8' }).trim();
}

async function maintenance(query: string): Promise<void> {
  const client = new pg.Client({ connectionString: maintenanceUrl });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  const missing = missingTools();
  if (missing) throw new Error(`pg-runbook.test.ts runs the shipped nginx site: ${missing}`);
  runDir = mkdtempSync(join(tmpdir(), 'festa-runbook-'));
  // The site file filled in as the runbook says, before the instances start (nginx waits for them).
  ports = { a: await freePort(), b: await freePort(), https: await freePort() };
  const certificates = localhostCertificates(runDir);
  certificateAuthority = certificates.ca;
  const site = siteConfig({
    serverName: 'localhost',
    certificate: certificates.cert,
    certificateKey: certificates.key,
    upstreams: [`127.0.0.1:${ports.a}`, `127.0.0.1:${ports.b}`],
    httpPort: await freePort(),
    httpsPort: ports.https,
  });
  nginx = await runNginx(which('nginx')!, runDir, nginxMainConfig(runDir, site, { connections: 256 }), ports.https);
  // docs/operations.md, "Two roles": a new database, as a superuser, once.
  const setup = twoRolesSql(readFileSync(RUNBOOK, 'utf8'), { owner: OWNER, app: APP, database: LIVE, password: PASSWORD });
  execFileSync('psql', ['--no-psqlrc', '-v', 'ON_ERROR_STOP=1', '-q', maintenanceUrl], { input: setup, encoding: 'utf8' });
}, 60_000);

afterAll(async () => {
  await nginx?.stop();
  // The instances the runbook left running.
  for (const name of ['festa-a.pid', 'festa-b.pid']) {
    const file = join(runDir, name);
    if (!existsSync(file)) continue;
    try {
      process.kill(Number(readFileSync(file, 'utf8').trim()), 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
  for (const name of [UNOWNED, RESTORED, LIVE]) await maintenance(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await maintenance(`DROP ROLE IF EXISTS ${APP}; DROP ROLE IF EXISTS ${OWNER}`);
  rmSync(runDir, { recursive: true, force: true });
}, 60_000);

describe('docs/operations.md', () => {
  it('runs every shell block as written, on two instances and one PostgreSQL database, with two roles that are not superusers', async () => {
    const blocks = shellBlocks(readFileSync(RUNBOOK, 'utf8'));
    expect(blocks.length).toBeGreaterThanOrEqual(6);
    const lines = blocks.flatMap((block) => block.split('\n')).filter((line) => !LEFT_OUT.has(line.trim()));
    const restoreUrl = urlOf(RESTORED, APP);
    const { a: portA, b: portB } = ports;
    const backupDir = join(runDir, 'backups');
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      // The environment file's, with two roles.
      DATABASE: urlOf(LIVE, APP),
      MIGRATION_DATABASE: urlOf(LIVE, OWNER),
      AUDIT_MAC_KEYS,
      FESTIVAL_START,
      HOST: '127.0.0.1',
      PUBLIC_URL: `https://localhost:${ports.https}`,
      METRICS_TOKEN,
      // curl trusts the throw-away authority, as it trusts the real one in production.
      CURL_CA_BUNDLE: certificateAuthority,
      TRUST_PROXY: '127.0.0.1',
      PORT_A: String(portA),
      PORT_B: String(portB),
      RUN_DIR: runDir,
      BACKUP_DIR: backupDir,
      ADMIN_EMAIL: 'direcao@festa.pt',
      ADMIN_PASSWORD: 'uma frase longa que só a direção conhece',
      PG_ADMIN_URL: maintenanceUrl,
      RESTORE_DATABASE: restoreUrl,
      PG_OWNER: OWNER,
    };
    expect(asAdmin('postgres', `select count(*) from pg_roles where rolsuper and rolname in ('${OWNER}', '${APP}')`)).toBe('0');

    const run = await runBash(lines.join('\n'), env, 280_000);
    const backups = existsSync(backupDir) ? readdirSync(backupDir).filter((file) => file.endsWith('.pgdump')) : [];
    if (backups.length === 1) backupFile = join(backupDir, backups[0]!);
    expect(run.code, run.output).toBe(0);

    // First deploy: the account; liveness and readiness, and the metrics asked for.
    expect(run.output).toContain('Conta criada: direcao@festa.pt (administracao).');
    // Liveness, then readiness, which tells this machine which instance answered.
    expect(run.output).toMatch(new RegExp(`^\\{"status":"ok"\\}\\n\\{"status":"ok","port":${portA}\\}$`, 'm'));
    expect(run.output).toMatch(/^festa_http_requests_total\{/m);
    expect(run.output).toMatch(/^nodejs_eventloop_lag_p99_seconds /m);
    // The rolling restart: each instance drained on SIGTERM and a new one answers now.
    for (const [name, port] of [
      ['a', portA],
      ['b', portB],
    ] as const) {
      expect(readFileSync(join(runDir, `festa-${name}.log`), 'utf8')).toContain('SIGTERM: a terminar');
      const ready = await fetch(`http://127.0.0.1:${port}/readyz`);
      expect(ready.status).toBe(200);
    }
    // The upgrade's backup, restored into a database of its own: the administrator is there.
    expect(backups).toHaveLength(1);
    const restored = execFileSync('psql', [restoreUrl, '-tAc', 'select email from staff_users'], { encoding: 'utf8' });
    expect(restored.trim()).toBe('direcao@festa.pt');
    expect(run.output).toContain(`Cópia ${join(backupDir, backups[0]!)} reposta na base de dados PostgreSQL`);
    // Restored as the owner, into the database DATABASE named, never the live one the environment's
    // MIGRATION_DATABASE names; the app's role got what the instances may do, and no more.
    expect(asAdmin(RESTORED, `select string_agg(distinct tableowner, ',') from pg_tables where schemaname = 'public'`)).toBe(OWNER);
    expect(
      asAdmin(
        RESTORED,
        `select string_agg(t || '=' || has_table_privilege('${APP}', t, 'UPDATE'), ',' order by t)
           from unnest(array['audit_chain_head', 'audit_log', 'audit_log_seal', 'staff_users']) as t`,
      ),
    ).toBe('audit_chain_head=false,audit_log=false,audit_log_seal=false,staff_users=true');
    // What an instance started on it checks first, as the app's role: nothing pending, nothing to refuse.
    const restoredAsApp = openDatabase(restoreUrl);
    try {
      await migrateOrCheckAppRole(restoredAsApp, { ownerMigrated: true });
    } finally {
      await restoredAsApp.destroy();
    }
    // The audit log, intact and sealed, in the live database and in the restored one.
    const verified = [...run.output.matchAll(/^Registo íntegro: (\d+) entradas? verificadas?\.\nSelos: \d+ com a chave «runbook»\.$/gm)];
    expect(verified, run.output).toHaveLength(2);
    // Both secrets rotated.
    expect(run.output).toContain('Segredo «session» substituído');
    expect(run.output).toContain('Segredo «preview-links» substituído');
    expect(run.output).toContain('Segredo «device-cookies» substituído');
  }, 300_000);

  it('refuses, in pt-PT and touching nothing, a database created without --owner, and audit:verify says why it cannot verify one', async () => {
    expect(backupFile, 'the runbook took a backup').toBeDefined();
    // What the reviewer did: createdb as the administrator. Since PostgreSQL 15 the owner role may
    // not create tables in its public schema.
    await maintenance(`CREATE DATABASE ${UNOWNED}`);
    const env = { ...process.env, DATABASE: urlOf(UNOWNED, APP), MIGRATION_DATABASE: urlOf(LIVE, OWNER), AUDIT_MAC_KEYS };
    const npm = (script: string, args: string[]) => {
      try {
        return {
          code: 0,
          output: execFileSync('npm', ['run', '--silent', script, ...args], { cwd: REPOSITORY, env, encoding: 'utf8', stdio: 'pipe' }),
        };
      } catch (error) {
        const failed = error as { status: number | null; stdout: string; stderr: string };
        return { code: failed.status, output: failed.stdout + failed.stderr };
      }
    };
    const restore = npm('restore', ['--', backupFile!]);
    expect(restore).toEqual({
      code: 1,
      output:
        `A reposição foi recusada: o papel ${OWNER} (o de MIGRATION_DATABASE, dono das tabelas) não pode criar tabelas no esquema public da base de dados PostgreSQL 127.0.0.1:5432/${UNOWNED}. ` +
        `Crie a base de dados para esse papel, como um papel que possa criar bases de dados (createdb --owner=${OWNER} ${UNOWNED}), ` +
        `ou passe-lha (ALTER DATABASE ${UNOWNED} OWNER TO ${OWNER};), e volte a correr a reposição (docs/operations.md, Backup and restore).\n`,
    });
    expect(asAdmin(UNOWNED, `select count(*) from pg_tables where schemaname = 'public'`)).toBe('0');
    // Nothing restored, nothing to verify: said in one line, exit 2, never a stack trace.
    const verify = npm('audit:verify', []);
    expect(verify.code).toBe(2);
    expect(verify.output).toMatch(
      /^Não foi possível verificar o registo: a base de dados de DATABASE não tem as tabelas do registo \(relation "\w+" does not exist\): está vazia ou por migrar \(npm run migrate\), ou a reposição não se fez\.\n$/,
    );
  }, 60_000);
});
