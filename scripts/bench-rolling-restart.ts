/**
 * npm run bench:rolling — a rolling restart under load, through the shipped proxy:
 *   1. builds if needed; makes a PostgreSQL database of its own (BENCH_PG_URL, else TEST_PG_URL: a
 *      postgres:// URL whose user may create databases) and starts two instances of the built
 *      server on it (NODE_ENV=production, TRUST_PROXY=127.0.0.1, as deploy/nginx-site.conf says);
 *   2. runs nginx with deploy/nginx-site.conf (TLS with a throw-away certificate, both instances in
 *      its upstream) on free ports of 127.0.0.1;
 *   3. runs wrk against the proxy (pages and API answers in turn) for --duration seconds while the
 *      first instance gets SIGTERM, is started again on its port once it has exited, is ready
 *      (/readyz) and nginx sends it requests again (after its fail_timeout), and then the second;
 *   4. prints the requests, the answers that were not 2xx or 3xx and the socket errors (wrk's
 *      counts), and each restart's times. Fails when a request failed (not 2xx/3xx, or a connect,
 *      read or write error) or the load ended before the restarts did. wrk's "timeout" counts
 *      answers still awaited after --timeout (every 2 s while awaited): printed, as slowness.
 * Flags: --duration 45 (s), --connections 32, --threads 1, --warmup 3 (s of load before the first
 * SIGTERM), --timeout 10 (s: wrk's own), --settle nginx (after /readyz, until nginx sends the
 * instance requests again, i.e. its fail_timeout has passed; or a number of seconds to wait, as a
 * shell script would: --settle 0 shows what stopping the next instance at once costs).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { request as httpsRequest } from 'node:https';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { localhostCertificates, missingTools, siteShowingUpstream } from '../tests/support/nginx-site';
import { children, dir, fmt, freePort, getRaw, start, startNginx, stopAll, waitFor, which } from './bench-kit';

const { values: flags } = parseArgs({
  options: {
    duration: { type: 'string', default: '45' },
    connections: { type: 'string', default: '32' },
    threads: { type: 'string', default: '1' },
    warmup: { type: 'string', default: '3' },
    timeout: { type: 'string', default: '10' },
    settle: { type: 'string', default: 'nginx' },
  },
});
const DURATION = Math.max(5, Math.round(Number(flags.duration)));
const WARMUP_MS = Math.max(0, Number(flags.warmup)) * 1000;
/** After /readyz: a fixed wait (as a shell script would sleep), or undefined: until nginx sends the instance requests again. */
const SETTLE_MS = flags.settle === 'nginx' ? undefined : Number(flags.settle) * 1000;
const PATHS = ['/', '/programacao', '/admin/api/cities', '/admin/api/movie/101', '/admin/api/sessions', '/healthz'];

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

interface Instance {
  port: number;
  base: string;
  child: ChildProcess;
}

function startInstance(database: string, port: number) {
  return start(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE: database,
    PUBLIC_URL: 'https://localhost',
    TRUST_PROXY: '127.0.0.1',
    LOG_LEVEL: 'warn',
    // The load comes from one address: the per-client GET limit would answer 429 after 600.
    RATE_LIMIT_GETS: '1000000000',
  });
}

/** One GET through nginx (the test's authority trusted): which instance answered it. */
function upstreamOf(httpsPort: number, ca: Buffer): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    httpsRequest(
      { host: '127.0.0.1', port: httpsPort, servername: 'localhost', path: '/admin/api/cities', headers: { host: 'localhost' }, ca },
      (response) => {
        response.resume();
        const upstream = response.headers['x-festa-upstream'];
        response.on('end', () => resolve(typeof upstream === 'string' ? upstream : undefined));
      },
    )
      .on('error', reject)
      .end();
  });
}

interface Restart {
  port: number;
  /** From SIGTERM to the exit (the drain, then the requests in flight). */
  stopMs: number;
  /** From the new process to /readyz answering 200. */
  startMs: number;
  /** From ready to nginx sending it requests again (its fail_timeout), or the --settle wait. */
  backMs: number;
}

async function restart(instance: Instance, database: string, httpsPort: number, ca: Buffer): Promise<Restart> {
  let t = performance.now();
  const exited = new Promise((resolve) => instance.child.once('exit', resolve));
  instance.child.kill('SIGTERM');
  await exited;
  const stopMs = performance.now() - t;
  t = performance.now();
  instance.child = startInstance(database, instance.port);
  await waitFor(`${instance.base}/readyz`, instance.child, `a instância da porta ${instance.port}`);
  const startMs = performance.now() - t;
  t = performance.now();
  if (SETTLE_MS !== undefined) {
    await delay(SETTLE_MS);
    return { port: instance.port, stopMs, startMs, backMs: performance.now() - t };
  }
  const wanted = `127.0.0.1:${instance.port}`;
  for (let i = 0; (await upstreamOf(httpsPort, ca)) !== wanted; i++) {
    if (i > 600) throw new Error(`o nginx não voltou a enviar pedidos para ${wanted}`);
    await delay(50);
  }
  return { port: instance.port, stopMs, startMs, backMs: performance.now() - t };
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
const instances: Instance[] = [];
try {
  const missing = missingTools() ?? (which('wrk') ? undefined : 'wrk not found on PATH (Debian: apt-get install -y wrk)');
  if (missing) throw new Error(missing);
  if (!maintenanceUrl || !/^postgres(ql)?:\/\//.test(maintenanceUrl)) {
    throw new Error(
      'bench:rolling needs BENCH_PG_URL (or TEST_PG_URL)=postgres://user:password@host:port/postgres: two instances share one database',
    );
  }
  await maintenance(`CREATE DATABASE ${databaseName} TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C' LC_CTYPE 'C'`);
  created = true;
  const url = new URL(maintenanceUrl);
  url.pathname = `/${databaseName}`;
  const database = url.toString();

  // Both at once on the empty database, as in production: both migrate, one imports the content.
  for (const port of [await freePort(), await freePort()])
    instances.push({ port, base: `http://127.0.0.1:${port}`, child: startInstance(database, port) });
  await Promise.all(instances.map((i) => waitFor(`${i.base}/readyz`, i.child, `a instância da porta ${i.port}`)));

  const [httpPort, httpsPort] = [await freePort(), await freePort()];
  const certificates = localhostCertificates(dir, 'Festa bench CA');
  const caPem = readFileSync(certificates.ca);
  const upstreams = instances.map((i) => `127.0.0.1:${i.port}`);
  await startNginx(which('nginx')!, siteShowingUpstream(certificates, { upstreams, httpPort, httpsPort }), `http://127.0.0.1:${httpPort}/`);

  // Each instance's first pages are rendered cold (seconds on a busy machine): warmed before the
  // load, so that the figures are the restart's, not the first start's.
  for (const instance of instances) for (const path of PATHS) for (let i = 0; i < 3; i++) await getRaw(`${instance.base}${path}`);

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
    `wrk: ${flags.connections} connections for ${DURATION} s (timeout ${flags.timeout} s) against https://localhost:${httpsPort} (deploy/nginx-site.conf, two instances on PostgreSQL); ${PATHS.join(' ')}`,
  );
  const wrk = spawn(
    which('wrk')!,
    [
      '-t',
      String(flags.threads),
      '-c',
      String(flags.connections),
      '-d',
      `${DURATION}s`,
      '--latency',
      '-s',
      script,
      `https://127.0.0.1:${httpsPort}`,
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
  const restarts: Restart[] = [];
  for (const instance of instances) {
    const done = await restart(instance, database, httpsPort, caPem);
    restarts.push(done);
    console.log(
      `  instance :${done.port} restarted at ${fmt((performance.now() - loadStarted) / 1000, 1)} s: SIGTERM to exit ${fmt(done.stopMs)} ms, start to ready ${fmt(done.startMs)} ms, ${SETTLE_MS === undefined ? 'ready to back in nginx' : 'then waited'} ${fmt(done.backMs)} ms`,
    );
  }
  const restartsEndedInLoad = !wrkEnded;
  const code = await wrkDone;
  if (code !== 0) throw new Error(`wrk terminou com o código ${code}:\n${wrkOutput}`);
  const figures = parseWrk(wrkOutput);
  const { connect, read, write, timeout } = figures.socketErrors;
  const failed = figures.non2xx3xx + connect + read + write;
  console.log(`\n${wrkOutput.trim()}\n`);
  console.log(
    `rolling restart under load: ${figures.requests} requests (${fmt(figures.requestsPerSecond)} req/s, p99 ${figures.p99}), ${failed} failed: ${figures.non2xx3xx} not 2xx/3xx, socket errors connect ${connect}, read ${read}, write ${write}; timeout ${timeout} (wrk's count of answers still awaited after ${flags.timeout} s, every 2 s: slow, not failed); ${restarts.length} restarts within the load: ${restartsEndedInLoad ? 'yes' : 'NO (use a longer --duration)'}`,
  );
  if (failed > 0 || !restartsEndedInLoad) process.exitCode = 1;
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  // Each instance's own shutdown closes its connections before the database is dropped.
  await Promise.all(
    instances
      .filter(({ child }) => child.exitCode === null && child.signalCode === null)
      .map(({ child }) => {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        return exited;
      }),
  );
  stopAll();
  // FORCE: the instances, stopping, may still hold connections.
  if (created) await maintenance(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`).catch((error: unknown) => console.error(error));
}
