/**
 * npm run bench — the server's figures on this machine, in one run:
 *   1. builds if needed and starts the built server (node --import tsx server/main.ts) on a free
 *      port with a temporary SQLite database;
 *   2. a static-file baseline serving the same bytes (the page's HTML, the API's JSON): nginx when
 *      installed, else (said clearly) a plain Node http server answering them from memory; beside
 *      nginx, that Node server too, as the floor any Node server stands on;
 *   3. autocannon, 50 connections, 10 s, on each address, server then baseline: req/s, p99, ratio;
 *   4. the server's RSS before and after the load;
 *   5. the offline figures (scripts/bench-offline.ts) and the programmer's desk's
 *      (scripts/desk/bench-desk.ts), each in a process of its own;
 *   6. Lighthouse (mobile, median of 5, scripts/lighthouse-kit.ts) with the system Chromium, and
 *      for a page below 100 what its median run is made of (render-blocking files, document size,
 *      elements, longest tasks); Lighthouse is installed on first use into a cache directory.
 * Writes bench-results.json. Stops everything it started, also on failure or Ctrl-C.
 * BENCH_DURATION (seconds, default 10), BENCH_SKIP_OFFLINE=1, BENCH_SKIP_DESK=1 and BENCH_SKIP_LIGHTHOUSE=1 shorten it.
 */
import autocannon from 'autocannon';
import { execSync, spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { jsWeight } from './js-weight';
import { dirname, join } from 'node:path';
import { figuresLine, lighthouse, whyLine } from './lighthouse-kit';
import {
  children,
  dir,
  fmt,
  freePort,
  getRaw,
  rssMiB,
  start,
  startBuiltServer,
  startNginx,
  stopAll,
  waitFor,
  which,
  type RawAnswer,
} from './bench-kit';

const TARGETS = ['/filme/101', '/', '/programacao', '/admin/api/movie/101'];
/**
 * The first-paint floor: a static page (a heading and a paragraph, no stylesheet, no script) from
 * the baseline, under the same Lighthouse settings: how soon any page can paint on this machine.
 */
const STATIC_PAGE = '/static-page.html';
const STATIC_LABEL = 'static page';
const STATIC_PAGE_HTML = `<!doctype html>
<html lang="pt-PT"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Página estática</title></head>
<body><h1>8½ Festa do Cinema Italiano</h1><p>Uma página estática, sem folha de estilo nem script.</p></body></html>
`;
const CONNECTIONS = 50;
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
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
interface Baseline {
  kind: string;
  base: string;
}

/**
 * The baselines: nginx when installed, and always Node's own http answering the same bytes from
 * memory (the fallback when nginx is missing; beside nginx, the floor any Node server stands on, so
 * a ratio to it shows what the framework and the app cost).
 */
async function startBaselines(saved: Map<string, Saved>): Promise<{ main: Baseline; nodeFloor: Baseline | null }> {
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
  writeFileSync(join(www, STATIC_PAGE.slice(1)), STATIC_PAGE_HTML);
  files[STATIC_PAGE] = { type: 'text/html; charset=utf-8', file: join(www, STATIC_PAGE.slice(1)) };
  const nginx = which('nginx');
  if (nginx) {
    await startNginx(
      nginx,
      `  gzip_static on;
  server {
    listen 127.0.0.1:${port};
    root ${www};
    default_type 'text/html; charset=utf-8';
    location = / { try_files /index.html =404; }
    location /admin/ { default_type 'application/json; charset=utf-8'; }
  }`,
      `http://127.0.0.1:${port}/`,
    );
  }
  const nodePort = nginx ? await freePort() : port;
  const manifest = join(dir, 'baseline.json');
  writeFileSync(manifest, JSON.stringify(files));
  const child = start(process.execPath, ['scripts/bench-static-server.mjs', String(nodePort), manifest]);
  await waitFor(`http://127.0.0.1:${nodePort}/`, child, 'o servidor de base');
  const node = { kind: 'Node http serving the same bytes from memory', base: `http://127.0.0.1:${nodePort}` };
  if (nginx) return { main: { kind: `nginx (${nginx}, 1 worker)`, base: `http://127.0.0.1:${port}` }, nodeFloor: node };
  return { main: { kind: `fallback: nginx is not installed; ${node.kind}`, base: node.base }, nodeFloor: null };
}

/** A benchmark script in a process of its own, its printed figures kept; skipped when `skip` is set to 1. */
async function scriptBench(script: string, skip: string): Promise<{ skipped?: string; lines?: string[] }> {
  if (process.env[skip] === '1') return { skipped: `${skip}=1` };
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    env: { ...process.env, BENCH_PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  const lines = out.split('\n').filter((line) => line.trim());
  return code === 0 ? { lines } : { skipped: `${script} terminou com o código ${code}`, lines };
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
  const { main: baseline, nodeFloor } = await startBaselines(saved);
  // A baseline that answers errors (a 403 is tiny and fast) would make every ratio a lie.
  for (const reference of nodeFloor ? [baseline, nodeFloor] : [baseline])
    for (const [url, answer] of saved)
      for (const [variant, headers] of [
        ['identity', {}],
        ['gzip', GZIP],
      ] as const) {
        const copy = await getRaw(`${reference.base}${url}`, headers);
        if (copy.status !== 200 || !copy.body.equals(answer[variant].body))
          throw new Error(`a base (${reference.kind}) respondeu ${copy.status} com outros bytes (${variant}) a ${url}`);
      }
  const rssBefore = rssMiB(server.pid!);

  console.log(`\nbench (${CONNECTIONS} connections, ${DURATION} s each; Node ${process.version})`);
  console.log(`baseline: ${baseline.kind}`);
  if (nodeFloor)
    console.log(`node floor: ${nodeFloor.kind} (what any Node server can reach here; server/floor is what the framework and the app cost)`);
  console.log('identity: no Accept-Encoding (the whole HTML); gzip: Accept-Encoding: gzip, as a browser or a CDN asks\n');
  const rows: Record<string, unknown>[] = [];
  console.log(
    `address                      variant   bytes    server req/s   p99 ms   baseline req/s   p99 ms   server/baseline${nodeFloor ? '   floor req/s   server/floor' : ''}`,
  );
  for (const url of TARGETS)
    for (const [variant, headers] of [
      ['identity', {}],
      ['gzip', GZIP],
    ] as const) {
      const bytes = saved.get(url)![variant].body.length;
      const app = await load(`${base}${url}`, headers);
      const ref = await load(`${baseline.base}${url}`, headers);
      const floor = nodeFloor ? await load(`${nodeFloor.base}${url}`, headers) : null;
      const ratio = app.reqPerSec / ref.reqPerSec;
      rows.push({
        url,
        variant,
        bytes,
        server: app,
        baseline: ref,
        ratio,
        ...(floor ? { nodeFloor: floor, floorRatio: app.reqPerSec / floor.reqPerSec } : {}),
      });
      console.log(
        `${url.padEnd(28)} ${variant.padEnd(8)} ${String(bytes).padStart(6)}   ${fmt(app.reqPerSec).padStart(12)}   ${fmt(app.p99Ms).padStart(6)}   ${fmt(ref.reqPerSec).padStart(14)}   ${fmt(ref.p99Ms).padStart(6)}   ${fmt(ratio, 2).padStart(15)}` +
          (floor ? `   ${fmt(floor.reqPerSec).padStart(11)}   ${fmt(app.reqPerSec / floor.reqPerSec, 2).padStart(12)}` : '') +
          (app.non2xx + app.errors + ref.non2xx + ref.errors > 0
            ? `   (non-2xx ${app.non2xx}/${ref.non2xx}, errors ${app.errors}/${ref.errors})`
            : ''),
      );
    }
  const rssAfter = rssMiB(server.pid!);
  console.log(`\nserver RSS: ${fmt(rssBefore, 1)} MiB before the load, ${fmt(rssAfter, 1)} MiB after\n`);

  const lh = await lighthouse([
    { label: STATIC_LABEL, url: `${baseline.base}${STATIC_PAGE}` },
    ...TARGETS.filter((url) => !url.startsWith('/admin/')).map((url) => ({ label: url, url: `${base}${url}` })),
  ]);
  if (lh.skipped) console.log(`lighthouse: skipped (${lh.skipped})`);
  else {
    const staticFcp = lh.pages?.[STATIC_LABEL]?.fcpMs ?? NaN;
    console.log(`lighthouse static page (${STATIC_PAGE} from the baseline, no stylesheet or script): FCP ${fmt(staticFcp)} ms`);
    for (const [page, figures] of Object.entries(lh.pages ?? {})) {
      if (page === STATIC_LABEL) continue;
      console.log(figuresLine(page, figures, staticFcp));
      const why = lh.why?.[page];
      if (why && figures.performance < 100) console.log(whyLine(why));
    }
  }

  const js = jsWeight('dist/client');
  const heaviest = Object.entries(js.pages).sort((a, b) => b[1] - a[1])[0];
  console.log(
    `\nJavaScript before interactive (gzip): entry ${fmt(js.entry / 1024, 1)} KiB (target ≤ 100), heaviest page ${heaviest?.[0]} ${fmt((heaviest?.[1] ?? 0) / 1024, 1)} KiB (target ≤ 150)`,
  );

  server.kill('SIGTERM');
  const offline = await scriptBench('scripts/bench-offline.ts', 'BENCH_SKIP_OFFLINE');
  if (offline.skipped) console.log(`\nbench:offline: ${offline.skipped}`);
  for (const line of offline.lines ?? []) console.log(line);
  console.log("\nThe programmer's desk:");
  const desk = await scriptBench('scripts/desk/bench-desk.ts', 'BENCH_SKIP_DESK');
  if (desk.skipped) console.log(`desk: ${desk.skipped}`);
  for (const line of desk.lines ?? []) console.log(line);

  writeFileSync(
    RESULTS_FILE,
    `${JSON.stringify(
      {
        date: new Date().toISOString(),
        node: process.version,
        connections: CONNECTIONS,
        durationSeconds: DURATION,
        baseline: baseline.kind,
        nodeFloor: nodeFloor?.kind ?? null,
        load: rows,
        rssMiB: { before: rssBefore, after: rssAfter },
        lighthouse: lh,
        javascriptGzipBytes: js,
        offline,
        desk,
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
