/**
 * npm run bench — the server's figures on this machine, in one run:
 *   1. builds if needed and starts the built server (node --import tsx server/main.ts) on a free
 *      port with a temporary SQLite database;
 *   2. a static-file baseline serving the same bytes (the page's HTML, the API's JSON): nginx when
 *      installed, else (said clearly) a plain Node http server answering them from memory;
 *   3. autocannon, 50 connections, 10 s, on each address, server then baseline: req/s, p99, ratio;
 *   4. the server's RSS before and after the load;
 *   5. the offline figures (scripts/bench-offline.ts);
 *   6. Lighthouse (mobile, median of 5) when the `lighthouse` package is installed and runs with
 *      the system Chromium, else why it was skipped.
 * Writes bench-results.json. Stops everything it started, also on failure or Ctrl-C.
 * BENCH_DURATION (seconds, default 10), BENCH_SKIP_OFFLINE=1 and BENCH_SKIP_LIGHTHOUSE=1 shorten it.
 */
import autocannon from 'autocannon';
import { execFileSync, execSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

const TARGETS = ['/filme/101', '/', '/programacao', '/admin/api/movie/101'];
const CONNECTIONS = 50;
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CHROMIUM = process.env.PLAYWRIGHT_CHROMIUM_PATH ?? '/usr/bin/chromium';
const RESULTS_FILE = 'bench-results.json';

const dir = mkdtempSync(join(tmpdir(), 'festa-bench-'));
const children: ChildProcess[] = [];

function stopAll(): void {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  rmSync(dir, { recursive: true, force: true });
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    stopAll();
    process.exit(130);
  });
}

function start(command: string, args: string[], env: NodeJS.ProcessEnv = {}): ChildProcess {
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'inherit', 'inherit'] });
  children.push(child);
  return child;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

interface RawAnswer {
  status: number;
  type: string;
  body: Buffer;
}

/** One GET without Accept-Encoding: the identity bytes, as autocannon receives them. */
function getRaw(url: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    httpGet(url, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, type: response.headers['content-type'] ?? '', body: Buffer.concat(chunks) }),
      );
      response.on('error', reject);
    }).on('error', reject);
  });
}

async function waitFor(url: string, child: ChildProcess, what: string): Promise<void> {
  for (let i = 0; i < 150; i++) {
    if (child.exitCode !== null) throw new Error(`${what} terminou ao arrancar (código ${child.exitCode})`);
    try {
      if ((await getRaw(url)).status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${what} não arrancou`);
}

/** Resident memory of a process, in MiB (Linux /proc, else ps). */
function rssMiB(pid: number): number {
  try {
    const kib = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    if (kib) return Number(kib) / 1024;
  } catch {
    // not Linux
  }
  return Number(execFileSync('ps', ['-o', 'rss=', '-p', String(pid)], { encoding: 'utf8' }).trim()) / 1024;
}

function which(command: string): string | undefined {
  try {
    return execFileSync('which', [command], { encoding: 'utf8' }).trim() || undefined;
  } catch {
    return undefined;
  }
}

interface Load {
  reqPerSec: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
}

async function load(url: string): Promise<Load> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION });
  return { reqPerSec: result.requests.average, p99Ms: result.latency.p99, non2xx: result.non2xx, errors: result.errors };
}

/** The baseline: the same bytes from nginx, or from a plain Node http server. */
async function startBaseline(saved: Map<string, RawAnswer>): Promise<{ kind: string; base: string }> {
  const port = await freePort();
  const www = join(dir, 'www');
  const files: Record<string, { type: string; file: string }> = {};
  for (const [url, answer] of saved) {
    const file = join(www, url === '/' ? 'index.html' : url.slice(1));
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, answer.body);
    files[url] = { type: answer.type, file };
  }
  const nginx = which('nginx');
  if (nginx) {
    const conf = join(dir, 'nginx.conf');
    const temp = join(dir, 'nginx-temp');
    mkdirSync(temp, { recursive: true });
    writeFileSync(
      conf,
      `worker_processes 1;
daemon off;
pid ${join(dir, 'nginx.pid')};
error_log ${join(dir, 'nginx-error.log')} warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${temp}/body;
  proxy_temp_path ${temp}/proxy;
  fastcgi_temp_path ${temp}/fastcgi;
  uwsgi_temp_path ${temp}/uwsgi;
  scgi_temp_path ${temp}/scgi;
  server {
    listen 127.0.0.1:${port};
    root ${www};
    default_type 'text/html; charset=utf-8';
    location = / { try_files /index.html =404; }
    location /admin/ { default_type 'application/json; charset=utf-8'; }
  }
}
`,
    );
    const child = start(nginx, ['-p', dir, '-c', conf]);
    await waitFor(`http://127.0.0.1:${port}/`, child, 'nginx');
    return { kind: `nginx (${nginx}, 1 worker)`, base: `http://127.0.0.1:${port}` };
  }
  const manifest = join(dir, 'baseline.json');
  writeFileSync(manifest, JSON.stringify(files));
  const child = start(process.execPath, ['scripts/bench-static-server.mjs', String(port), manifest]);
  await waitFor(`http://127.0.0.1:${port}/`, child, 'o servidor de base');
  return {
    kind: 'fallback: nginx is not installed; a plain Node http server serving the same bytes from memory',
    base: `http://127.0.0.1:${port}`,
  };
}

/** scripts/bench-offline.ts, its printed figures kept. */
async function offlineBench(): Promise<{ skipped?: string; lines?: string[] }> {
  if (process.env.BENCH_SKIP_OFFLINE === '1') return { skipped: 'BENCH_SKIP_OFFLINE=1' };
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/bench-offline.ts'], {
    env: { ...process.env, BENCH_PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  const lines = out.split('\n').filter((line) => line.trim());
  return code === 0 ? { lines } : { skipped: `bench:offline terminou com o código ${code}`, lines };
}

interface LighthouseRun {
  lhr: { categories: { performance?: { score: number | null } }; audits: Record<string, { numericValue?: number }> };
}
type LighthouseFn = (url: string, flags: Record<string, unknown>) => Promise<LighthouseRun | undefined>;
interface ChromeLauncher {
  launch: (options: { chromePath: string; chromeFlags: string[] }) => Promise<{ port: number; kill: () => Promise<void> | void }>;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

/** Lighthouse, mobile (its default), median of 5 per page; skipped with the reason when it cannot run. */
async function lighthouse(base: string, pages: string[]): Promise<{ skipped?: string; pages?: Record<string, Record<string, number>> }> {
  if (process.env.BENCH_SKIP_LIGHTHOUSE === '1') return { skipped: 'BENCH_SKIP_LIGHTHOUSE=1' };
  if (!existsSync(CHROMIUM)) return { skipped: `no Chromium at ${CHROMIUM}` };
  let run: LighthouseFn;
  let launcher: ChromeLauncher;
  try {
    // Optional packages, not dependencies of the project: imported by name at run time.
    const [lighthouseName, launcherName] = ['lighthouse', 'chrome-launcher'];
    run = ((await import(lighthouseName)) as { default: LighthouseFn }).default;
    launcher = (await import(launcherName)) as ChromeLauncher;
  } catch {
    return { skipped: 'the lighthouse package is not installed (npm i -D lighthouse to enable it)' };
  }
  const chrome = await launcher.launch({ chromePath: CHROMIUM, chromeFlags: ['--headless', '--no-sandbox'] });
  try {
    const out: Record<string, Record<string, number>> = {};
    for (const page of pages) {
      const runs: LighthouseRun['lhr'][] = [];
      for (let i = 0; i < 5; i++) {
        const result = await run(`${base}${page}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance'],
        });
        if (result) runs.push(result.lhr);
      }
      const audit = (id: string) => median(runs.map((r) => r.audits[id]?.numericValue ?? NaN));
      out[page] = {
        performance: median(runs.map((r) => (r.categories.performance?.score ?? NaN) * 100)),
        fcpMs: audit('first-contentful-paint'),
        lcpMs: audit('largest-contentful-paint'),
        tbtMs: audit('total-blocking-time'),
        cls: audit('cumulative-layout-shift'),
      };
    }
    return { pages: out };
  } catch (error) {
    return { skipped: `lighthouse failed: ${error instanceof Error ? error.message : String(error)}` };
  } finally {
    await chrome.kill();
  }
}

const fmt = (n: number, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : '?');

try {
  execSync('node scripts/build-if-needed.mjs', { stdio: 'inherit' });
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = start(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE: join(dir, 'bench.sqlite'),
    LOG_LEVEL: 'warn',
    // The load comes from one address: the per-client GET limit would answer 429 after 600.
    RATE_LIMIT_GETS: '1000000000',
  });
  await waitFor(`${base}/admin/homeprefs`, server, 'o servidor');

  // First requests: render and cache; their bytes are the baseline's.
  const saved = new Map<string, RawAnswer>();
  for (const url of TARGETS) {
    const answer = await getRaw(`${base}${url}`);
    if (answer.status !== 200) throw new Error(`${url} respondeu ${answer.status}`);
    saved.set(url, answer);
  }
  const baseline = await startBaseline(saved);
  const rssBefore = rssMiB(server.pid!);

  console.log(`\nbench (${CONNECTIONS} connections, ${DURATION} s each; Node ${process.version})`);
  console.log(`baseline: ${baseline.kind}\n`);
  const rows: Record<string, unknown>[] = [];
  console.log('address                      bytes    server req/s   p99 ms   baseline req/s   p99 ms   server/baseline');
  for (const url of TARGETS) {
    const app = await load(`${base}${url}`);
    const ref = await load(`${baseline.base}${url}`);
    const ratio = app.reqPerSec / ref.reqPerSec;
    rows.push({ url, bytes: saved.get(url)!.body.length, server: app, baseline: ref, ratio });
    console.log(
      `${url.padEnd(28)} ${String(saved.get(url)!.body.length).padStart(6)}   ${fmt(app.reqPerSec).padStart(12)}   ${fmt(app.p99Ms).padStart(6)}   ${fmt(ref.reqPerSec).padStart(14)}   ${fmt(ref.p99Ms).padStart(6)}   ${fmt(ratio, 2).padStart(15)}` +
        (app.non2xx + app.errors + ref.non2xx + ref.errors > 0
          ? `   (non-2xx ${app.non2xx}/${ref.non2xx}, errors ${app.errors}/${ref.errors})`
          : ''),
    );
  }
  const rssAfter = rssMiB(server.pid!);
  console.log(`\nserver RSS: ${fmt(rssBefore, 1)} MiB before the load, ${fmt(rssAfter, 1)} MiB after\n`);

  const lh = await lighthouse(
    base,
    TARGETS.filter((url) => !url.startsWith('/admin/')),
  );
  if (lh.skipped) console.log(`lighthouse: skipped (${lh.skipped})`);
  else
    for (const [page, figures] of Object.entries(lh.pages ?? {}))
      console.log(
        `lighthouse ${page}: performance ${fmt(figures.performance!)}, FCP ${fmt(figures.fcpMs!)} ms, LCP ${fmt(figures.lcpMs!)} ms, TBT ${fmt(figures.tbtMs!)} ms, CLS ${fmt(figures.cls!, 3)}`,
      );

  server.kill('SIGTERM');
  const offline = await offlineBench();
  if (offline.skipped) console.log(`\nbench:offline: ${offline.skipped}`);
  for (const line of offline.lines ?? []) console.log(line);

  writeFileSync(
    RESULTS_FILE,
    `${JSON.stringify(
      {
        date: new Date().toISOString(),
        node: process.version,
        connections: CONNECTIONS,
        durationSeconds: DURATION,
        baseline: baseline.kind,
        load: rows,
        rssMiB: { before: rssBefore, after: rssAfter },
        lighthouse: lh,
        offline,
      },
      null,
      2,
    )}\n`,
  );
  console.log(`\nfigures written to ${RESULTS_FILE}`);
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  stopAll();
}
