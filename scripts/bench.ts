/**
 * npm run bench — the server's figures on this machine, in one run:
 *   1. builds if needed and starts the built server (node --import tsx server/main.ts) on a free
 *      port with a temporary SQLite database;
 *   2. a static-file baseline serving the same bytes (the page's HTML, the API's JSON): nginx when
 *      installed, else (said clearly) a plain Node http server answering them from memory;
 *   3. autocannon, 50 connections, 10 s, on each address, server then baseline: req/s, p99, ratio;
 *   4. the server's RSS before and after the load;
 *   5. the offline figures (scripts/bench-offline.ts);
 *   6. Lighthouse (mobile, median of 5) with the system Chromium; Lighthouse is installed on first
 *      use into a cache directory (bench-kit's benchTools), not a dependency of the project.
 * Writes bench-results.json. Stops everything it started, also on failure or Ctrl-C.
 * BENCH_DURATION (seconds, default 10), BENCH_SKIP_OFFLINE=1 and BENCH_SKIP_LIGHTHOUSE=1 shorten it.
 */
import autocannon from 'autocannon';
import { execSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { jsWeight } from './js-weight';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  benchTools,
  children,
  dir,
  fmt,
  freePort,
  getRaw,
  rssMiB,
  start,
  startBuiltServer,
  stopAll,
  waitFor,
  which,
  type RawAnswer,
} from './bench-kit';

const TARGETS = ['/filme/101', '/', '/programacao', '/admin/api/movie/101'];
const CONNECTIONS = 50;
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CHROMIUM = process.env.PLAYWRIGHT_CHROMIUM_PATH ?? '/usr/bin/chromium';
const RESULTS_FILE = 'bench-results.json';

interface Saved {
  identity: RawAnswer;
  gzip: RawAnswer;
}
const GZIP = { 'accept-encoding': 'gzip' };

interface Load {
  reqPerSec: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
}

async function load(url: string, headers: Record<string, string> = {}): Promise<Load> {
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: DURATION });
  return { reqPerSec: result.requests.average, p99Ms: result.latency.p99, non2xx: result.non2xx, errors: result.errors };
}

/**
 * The baseline: the same bytes from nginx, or from a plain Node http server; the gzip variant the
 * server sent is kept beside each file (nginx's gzip_static), so a browser-like request gets the
 * same compressed bytes from both.
 */
async function startBaseline(saved: Map<string, Saved>): Promise<{ kind: string; base: string }> {
  const port = await freePort();
  const www = join(dir, 'www');
  const files: Record<string, { type: string; file: string; gzip?: string }> = {};
  for (const [url, answer] of saved) {
    const file = join(www, url === '/' ? 'index.html' : url.slice(1));
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, answer.identity.body);
    files[url] = { type: answer.identity.type, file };
    if (answer.gzip.encoding === 'gzip') {
      writeFileSync(`${file}.gz`, answer.gzip.body);
      files[url].gzip = `${file}.gz`;
    }
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
  gzip_static on;
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
    const tools = benchTools(['lighthouse@12.8.2', 'chrome-launcher@1.2.1']);
    run = ((await import(pathToFileURL(tools.resolve('lighthouse')).href)) as { default: LighthouseFn }).default;
    launcher = (await import(pathToFileURL(tools.resolve('chrome-launcher')).href)) as ChromeLauncher;
  } catch (error) {
    return { skipped: `lighthouse could not be installed: ${error instanceof Error ? error.message : String(error)}` };
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

try {
  execSync('node scripts/build-if-needed.mjs', { stdio: 'inherit' });
  const { server, base } = await startBuiltServer();

  // First requests: render and cache; their bytes are the baseline's.
  const saved = new Map<string, Saved>();
  for (const url of TARGETS) {
    const identity = await getRaw(`${base}${url}`);
    const gzip = await getRaw(`${base}${url}`, GZIP);
    if (identity.status !== 200 || gzip.status !== 200) throw new Error(`${url} respondeu ${identity.status}/${gzip.status}`);
    saved.set(url, { identity, gzip });
  }
  const baseline = await startBaseline(saved);
  // A baseline that answers errors (a 403 is tiny and fast) would make every ratio a lie.
  for (const [url, answer] of saved)
    for (const [variant, headers] of [
      ['identity', {}],
      ['gzip', GZIP],
    ] as const) {
      const copy = await getRaw(`${baseline.base}${url}`, headers);
      if (copy.status !== 200 || !copy.body.equals(answer[variant].body))
        throw new Error(`a base (${baseline.kind}) respondeu ${copy.status} com outros bytes (${variant}) a ${url}`);
    }
  const rssBefore = rssMiB(server.pid!);

  console.log(`\nbench (${CONNECTIONS} connections, ${DURATION} s each; Node ${process.version})`);
  console.log(`baseline: ${baseline.kind}`);
  console.log('identity: no Accept-Encoding (the whole HTML); gzip: Accept-Encoding: gzip, as a browser or a CDN asks\n');
  const rows: Record<string, unknown>[] = [];
  console.log('address                      variant   bytes    server req/s   p99 ms   baseline req/s   p99 ms   server/baseline');
  for (const url of TARGETS)
    for (const [variant, headers] of [
      ['identity', {}],
      ['gzip', GZIP],
    ] as const) {
      const bytes = saved.get(url)![variant].body.length;
      const app = await load(`${base}${url}`, headers);
      const ref = await load(`${baseline.base}${url}`, headers);
      const ratio = app.reqPerSec / ref.reqPerSec;
      rows.push({ url, variant, bytes, server: app, baseline: ref, ratio });
      console.log(
        `${url.padEnd(28)} ${variant.padEnd(8)} ${String(bytes).padStart(6)}   ${fmt(app.reqPerSec).padStart(12)}   ${fmt(app.p99Ms).padStart(6)}   ${fmt(ref.reqPerSec).padStart(14)}   ${fmt(ref.p99Ms).padStart(6)}   ${fmt(ratio, 2).padStart(15)}` +
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

  const js = jsWeight('dist/client');
  const heaviest = Object.entries(js.pages).sort((a, b) => b[1] - a[1])[0];
  console.log(
    `\nJavaScript before interactive (gzip): entry ${fmt(js.entry / 1024, 1)} KiB (target ≤ 100), heaviest page ${heaviest?.[0]} ${fmt((heaviest?.[1] ?? 0) / 1024, 1)} KiB (target ≤ 150)`,
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
        javascriptGzipBytes: js,
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
