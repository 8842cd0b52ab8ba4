/**
 * docs/operations.md, run as written: every `sh` block of the runbook, in order, in one bash,
 * against a PostgreSQL database of its own with two real instances (first deploy, health and
 * metrics, a rolling restart, an upgrade with its backup and migration, a restore into a new
 * database, the rotation of secrets). `npm ci` and `npm run build` are left out: they are what
 * .ci/run runs before the tests, and they would replace the very installation under test.
 *
 * PostgreSQL only (vitest.config.ts): the runbook is for the festival's topology, several
 * instances on one database.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, REPOSITORY } from '../support/server-process';
import { createTestDatabase, FESTIVAL_START } from './helper';

const RUNBOOK = join(REPOSITORY, 'docs/operations.md');
/** Run by .ci/run itself before every test. */
const LEFT_OUT = new Set(['npm ci', 'npm run build']);

/** The runbook's shell blocks, in order. */
function shellBlocks(markdown: string): string[] {
  return [...markdown.matchAll(/^```sh\n([\s\S]*?)^```$/gm)].map((match) => match[1]!);
}

interface Run {
  code: number | null;
  output: string;
}

function runBash(script: string, env: NodeJS.ProcessEnv, timeoutMs: number): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn('bash', ['-c', script], { cwd: REPOSITORY, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let runDir: string;
let restoreName: string;
const maintenanceUrl = process.env.TEST_PG_URL ?? '';

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
  database = await createTestDatabase();
  runDir = mkdtempSync(join(tmpdir(), 'festa-runbook-'));
  restoreName = `festa_test_restore_${process.pid}_${Date.now()}`;
});

afterAll(async () => {
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
  await maintenance(`DROP DATABASE IF EXISTS ${restoreName} WITH (FORCE)`).catch(() => undefined);
  await database?.drop();
  rmSync(runDir, { recursive: true, force: true });
});

describe('docs/operations.md', () => {
  it('runs every shell block as written, on two instances and one PostgreSQL database', async () => {
    const blocks = shellBlocks(readFileSync(RUNBOOK, 'utf8'));
    expect(blocks.length).toBeGreaterThanOrEqual(6);
    const lines = blocks.flatMap((block) => block.split('\n')).filter((line) => !LEFT_OUT.has(line.trim()));
    const restoreUrl = new URL(database.location);
    restoreUrl.pathname = `/${restoreName}`;
    const [portA, portB] = [await freePort(), await freePort()];
    const backupDir = join(runDir, 'backups');
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      DATABASE: database.location,
      FESTIVAL_START,
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${portA}`,
      TRUST_PROXY: '127.0.0.1',
      PORT_A: String(portA),
      PORT_B: String(portB),
      RUN_DIR: runDir,
      BACKUP_DIR: backupDir,
      ADMIN_EMAIL: 'direcao@festa.pt',
      ADMIN_PASSWORD: 'uma frase longa que só a direção conhece',
      PG_ADMIN_URL: maintenanceUrl,
      RESTORE_DATABASE: restoreUrl.toString(),
    };

    const run = await runBash(['set -euo pipefail', ...lines].join('\n'), env, 280_000);
    expect(run.code, run.output).toBe(0);

    // First deploy: the account; liveness and readiness, and the metrics asked for.
    expect(run.output).toContain('Conta criada: direcao@festa.pt (administracao).');
    expect(run.output.match(/^\{"status":"ok"\}$/gm)).toHaveLength(2);
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
    const backups = readdirSync(backupDir).filter((file) => file.endsWith('.pgdump'));
    expect(backups).toHaveLength(1);
    const restored = execFileSync('psql', [restoreUrl.toString(), '-tAc', 'select email from staff_users'], { encoding: 'utf8' });
    expect(restored.trim()).toBe('direcao@festa.pt');
    // The audit log's chain, intact after all of the above.
    expect(run.output).toMatch(/Registo íntegro: \d+ entradas? verificadas?\./);
    // Both secrets rotated.
    expect(run.output).toContain('Segredo «session» substituído');
    expect(run.output).toContain('Segredo «preview-links» substituído');
    expect(run.output).toContain('Segredo «device-cookies» substituído');
  }, 300_000);
});
