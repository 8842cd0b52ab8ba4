/**
 * npm run bench:rolling — the runbook's rolling restart, as written, five times in a row under
 * load, through the shipped proxy:
 *   1. builds if needed; makes a PostgreSQL database of its own (BENCH_PG_URL, else TEST_PG_URL: a
 *      postgres:// URL whose user may create databases) and starts two instances of the server on
 *      it as the runbook's first deploy does (NODE_ENV=production, TRUST_PROXY=127.0.0.1, a pid
 *      file each under RUN_DIR);
 *   2. runs nginx with deploy/nginx-site.conf (TLS with a throw-away certificate, both instances in
 *      its upstream) on free ports of 127.0.0.1, with as many workers as cores (`worker_processes
 *      auto`, Debian's own nginx.conf);
 *   3. runs wrk against the proxy (pages and API answers in turn) while docs/operations.md's
 *      "Rolling restart" block runs --rounds times in bash, one after the other, with the
 *      variables it names (PUBLIC_URL is the proxy, METRICS_TOKEN the instances'); wrk stops when
 *      the last round has ended;
 *   4. prints the requests, the answers that were not 2xx or 3xx and the socket errors (wrk's
 *      counts), and each round's time. Fails when a request failed (not 2xx/3xx, or a connect,
 *      read or write error) or a round did. wrk's "timeout" counts answers still awaited after
 *      --timeout (every 2 s while awaited): printed, as slowness.
 * Flags: --rounds 5, --connections 32, --threads 1, --warmup 3 (s of load before the first
 * round), --timeout 10 (s: wrk's own).
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { localhostCertificates, missingTools, siteConfig } from '../tests/support/nginx-site';
import { runBash, runbookPid, runbookSection, stopPid } from '../tests/support/runbook';
import { children, dir, fmt, freePort, getRaw, start, startNginx, stopAll, waitFor, which } from './bench-kit';

const { values: flags } = parseArgs({
  options: {
    rounds: { type: 'string', default: '5' },
    connections: { type: 'string', default: '32' },
    threads: { type: 'string', default: '1' },
    warmup: { type: 'string', default: '3' },
    timeout: { type: 'string', default: '10' },
  },
});
const ROUNDS = Math.max(1, Math.round(Number(flags.rounds)));
const WARMUP_MS = Math.max(0, Number(flags.warmup)) * 1000;
/** Longer than any run of the rounds: wrk is stopped (SIGINT, which prints its figures) when they end. */
const WRK_LIMIT_S = 3600;
const PATHS = ['/', '/programacao', '/admin/api/cities', '/admin/api/movie/101', '/admin/api/sessions', '/healthz'];
const METRICS_TOKEN = randomBytes(18).toString('base64url');

const maintenanceUrl = process.env.BENCH_PG_URL ?? process.env.TEST_PG_URL;

async function maintenance(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: maintenanceUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** The instances' environment and the runbook's variables, in one (the runbook's shell passes it on). */
function runbookEnvironment(database: string, ports: { a: number; b: number; https: number }, ca: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    DATABASE: database,
    PUBLIC_URL: `https://localhost:${ports.https}`,
    TRUST_PROXY: '127.0.0.1',
    LOG_LEVEL: 'warn',
    METRICS_TOKEN,
    // The load comes from one address: the per-client GET limit would answer 429 after 600.
    RATE_LIMIT_GETS: '1000000000',
    PORT_A: String(ports.a),
    PORT_B: String(ports.b),
    RUN_DIR: dir,
    // curl trusts the throw-away authority, as it trusts the real one in production.
    CURL_CA_BUNDLE: ca,
  };
}

interface WrkFigures {
  requests: number;
  non2xx3xx: number;
  socketErrors: { connect: number; read: number; write: number; timeout: number };
  requestsPerSecond: number;
  p99: string;
}

function parseWrk(output: string): WrkFigures {
  const number = (pattern: RegExp) => Number(pattern.exec(output)?.[1] ?? 0);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output);
  return {
    requests: number(/(\d+) requests in/),
    non2xx3xx: number(/Non-2xx or 3xx responses: (\d+)/),
    socketErrors: {
      connect: Number(socket?.[1] ?? 0),
      read: Number(socket?.[2] ?? 0),
      write: Number(socket?.[3] ?? 0),
      timeout: Number(socket?.[4] ?? 0),
    },
    requestsPerSecond: number(/Requests\/sec:\s+([\d.]+)/),
    p99: /\s99%\s+(\S+)/.exec(output)?.[1] ?? '?',
  };
}

const databaseName = `festa_bench_${randomBytes(6).toString('hex')}`;
let created = false;
try {
  const missing = missingTools() ?? (which('wrk') ? undefined : 'wrk not found on PATH (Debian: apt-get install -y wrk)');
  if (missing) throw new Error(missing);
  if (!maintenanceUrl || !/^postgres(ql)?:\/\//.test(maintenanceUrl)) {
    throw new Error(
      'bench:rolling needs BENCH_PG_URL (or TEST_PG_URL)=postgres://user:password@host:port/postgres: two instances share one database',
    );
  }
  const block = runbookSection('Rolling restart').join('\n');
  await maintenance(`CREATE DATABASE ${databaseName} TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C' LC_CTYPE 'C'`);
  created = true;
  const url = new URL(maintenanceUrl);
  url.pathname = `/${databaseName}`;
  const ports = { a: await freePort(), b: await freePort(), https: await freePort() };
  const httpPort = await freePort();
  const certificates = localhostCertificates(dir, 'Festa bench CA');
  const env = runbookEnvironment(url.toString(), ports, certificates.ca);

  // Both at once on the empty database, as the runbook's first deploy: both migrate, one imports the content.
  for (const [name, port] of [
    ['a', ports.a],
    ['b', ports.b],
  ] as const) {
    const child = start(process.execPath, ['--import', 'tsx', 'server/main.ts'], { ...env, PORT: String(port) });
    writeFileSync(join(dir, `festa-${name}.pid`), String(child.pid));
  }
  await Promise.all(
    [ports.a, ports.b].map((port, i) => waitFor(`http://127.0.0.1:${port}/readyz`, children[i]!, `a instância da porta ${port}`)),
  );

  const upstreams = [ports.a, ports.b].map((port) => `127.0.0.1:${port}`);
  const site = siteConfig({
    serverName: 'localhost',
    certificate: certificates.cert,
    certificateKey: certificates.key,
    upstreams,
    httpPort,
    httpsPort: ports.https,
  });
  await startNginx(which('nginx')!, site, `http://127.0.0.1:${httpPort}/`, { workers: 'auto' });

  // Each instance's first pages are rendered cold (seconds on a busy machine): warmed before the
  // load, so that the figures are the restarts', not the first start's.
  for (const port of [ports.a, ports.b])
    for (const path of PATHS) for (let i = 0; i < 3; i++) await getRaw(`http://127.0.0.1:${port}${path}`);

  const script = join(dir, 'rotate.lua');
  writeFileSync(
    script,
    `local paths = { ${PATHS.map((p) => `"${p}"`).join(', ')} }
local i = 0
request = function()
  i = i % #paths + 1
  return wrk.format("GET", paths[i], { ["Host"] = "localhost", ["Accept-Encoding"] = "br, gzip" })
end
`,
  );
  console.log(
    `wrk: ${flags.connections} connections (timeout ${flags.timeout} s) against https://localhost:${ports.https} (deploy/nginx-site.conf, worker_processes auto, two instances on PostgreSQL) while docs/operations.md's rolling restart runs ${ROUNDS} times; ${PATHS.join(' ')}`,
  );
  const wrk = spawn(
    which('wrk')!,
    [
      '-t',
      String(flags.threads),
      '-c',
      String(flags.connections),
      '-d',
      `${WRK_LIMIT_S}s`,
      '--timeout',
      `${flags.timeout}s`,
      '--latency',
      '-s',
      script,
      `https://127.0.0.1:${ports.https}`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  children.push(wrk);
  let wrkOutput = '';
  wrk.stdout.on('data', (chunk: Buffer) => (wrkOutput += chunk.toString()));
  const wrkDone = new Promise<number | null>((resolve) => wrk.once('exit', resolve));
  let wrkEnded = false;
  void wrkDone.then(() => (wrkEnded = true));

  const loadStarted = performance.now();
  await delay(WARMUP_MS);
  let roundsFailed = 0;
  for (let round = 1; round <= ROUNDS && !wrkEnded; round++) {
    const { ms, code, output } = await runBash(block, env, 600_000);
    console.log(
      `  round ${round}: both instances restarted in ${fmt(ms / 1000, 1)} s (ended ${fmt((performance.now() - loadStarted) / 1000, 1)} s into the load)${code === 0 ? '' : `: the block FAILED (exit ${code})\n${output}`}`,
    );
    if (code !== 0) {
      roundsFailed++;
      break;
    }
  }
  const roundsEndedInLoad = !wrkEnded;
  wrk.kill('SIGINT');
  const code = await wrkDone;
  if (code !== 0) throw new Error(`wrk terminou com o código ${code}:\n${wrkOutput}`);
  const figures = parseWrk(wrkOutput);
  const { connect, read, write, timeout } = figures.socketErrors;
  const failed = figures.non2xx3xx + connect + read + write;
  console.log(`\n${wrkOutput.trim()}\n`);
  console.log(
    `${ROUNDS} rolling restarts (the runbook's block) under load: ${figures.requests} requests (${fmt(figures.requestsPerSecond)} req/s, p99 ${figures.p99}), ${failed} failed: ${figures.non2xx3xx} not 2xx/3xx, socket errors connect ${connect}, read ${read}, write ${write}; timeout ${timeout} (wrk's count of answers still awaited after ${flags.timeout} s, every 2 s: slow, not failed); rounds that failed: ${roundsFailed}; load lasted through every round: ${roundsEndedInLoad ? 'yes' : 'NO'}`,
  );
  if (failed > 0 || roundsFailed > 0 || !roundsEndedInLoad) process.exitCode = 1;
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  // The instances the runbook left running (children of its shell, not of this process): each
  // one's own shutdown closes its connections before the database is dropped.
  await Promise.all((['a', 'b'] as const).map((name) => stopPid(runbookPid(dir, name))));
  stopAll();
  // FORCE: the instances, stopping, may still hold connections.
  if (created) await maintenance(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`).catch((error: unknown) => console.error(error));
}
