/**
 * npm run bench — the server's figures on this machine, in one run:
 *   1. throughput (scripts/bench-server.ts, in a process of its own): wrk against nginx, Node's own
 *      http and the server answering the same bytes, with the ratios, and the server's RSS;
 *   2. builds if needed and starts the built server (node --import tsx server/main.ts) on a free
 *      port with a temporary SQLite database, and a static page from Node's own http;
 *   5. the offline figures (scripts/bench-offline.ts), interaction latency on a slowed phone
 *      (scripts/bench-interaction.ts) and the programmer's desk's (scripts/desk/bench-desk.ts),
 *      each in a process of its own;
 *   6. Lighthouse (mobile, median of 5, scripts/lighthouse-kit.ts) with the system Chromium, and
 *      for a page below 100 what its median run is made of (render-blocking files, document size,
 *      elements, longest tasks); Lighthouse is installed on first use into a cache directory.
 * Writes bench-results.json. Stops everything it started, also on failure or Ctrl-C.
 * BENCH_SKIP_SERVER=1, BENCH_SKIP_OFFLINE=1, BENCH_SKIP_INTERACTION=1, BENCH_SKIP_DESK=1 and
 * BENCH_SKIP_LIGHTHOUSE=1 shorten it.
 */
import { execSync, spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { jsWeight } from './js-weight';
import { join } from 'node:path';
import { figuresLine, lighthouse, whyLine } from './lighthouse-kit';
import { children, dir, fmt, freePort, start, startBuiltServer, stopAll, waitFor } from './bench-kit';

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
const RESULTS_FILE = 'bench-results.json';

/** The static page, from Node's own http in a process of its own (the first-paint floor Lighthouse measures). */
async function startStaticPage(): Promise<string> {
  const port = await freePort();
  const file = join(dir, STATIC_PAGE.slice(1));
  writeFileSync(file, STATIC_PAGE_HTML);
  const manifest = join(dir, 'static-page.json');
  writeFileSync(manifest, JSON.stringify({ [STATIC_PAGE]: { type: 'text/html; charset=utf-8', file } }));
  const child = start(process.execPath, ['scripts/bench-static-server.mjs', String(port), manifest]);
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}${STATIC_PAGE}`, child, 'a página estática');
  return base;
}

/** A benchmark script in a process of its own, its printed figures kept; skipped when `skip` is set to 1. */
async function scriptBench(script: string, skip: string): Promise<{ skipped?: string; lines?: string[] }> {
  if (process.env[skip] === '1') return { skipped: `${skip}=1` };
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
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
  // Throughput first, on a quiet machine: wrk against nginx, Node's own http and the server.
  const throughput = await scriptBench('scripts/bench-server.ts', 'BENCH_SKIP_SERVER');
  if (throughput.skipped) console.log(`bench:server: ${throughput.skipped}`);
  for (const line of throughput.lines ?? []) console.log(line);

  const { server, base } = await startBuiltServer();

  const staticBase = await startStaticPage();
  const lh = await lighthouse([
    { label: STATIC_LABEL, url: `${staticBase}${STATIC_PAGE}` },
    ...TARGETS.filter((url) => !url.startsWith('/admin/')).map((url) => ({ label: url, url: `${base}${url}` })),
  ]);
  if (lh.skipped) console.log(`lighthouse: skipped (${lh.skipped})`);
  else {
    const staticFcp = lh.pages?.[STATIC_LABEL]?.fcpMs ?? NaN;
    console.log(`lighthouse static page (${STATIC_PAGE} from Node's own http, no stylesheet or script): FCP ${fmt(staticFcp)} ms`);
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
  console.log('');
  const interaction = await scriptBench('scripts/bench-interaction.ts', 'BENCH_SKIP_INTERACTION');
  if (interaction.skipped) console.log(`bench:interaction: ${interaction.skipped}`);
  for (const line of interaction.lines ?? []) console.log(line);
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
        throughput,
        lighthouse: lh,
        javascriptGzipBytes: js,
        offline,
        interaction,
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
