/**
 * npm run bench — the server's figures on this machine, in one run:
 *   1. throughput (scripts/bench-server.ts, in a process of its own): wrk against nginx, Node's own
 *      http and the server answering the same bytes, with the ratios, and the server's RSS;
 *   2. builds if needed and starts the built server (node --import tsx server/main.ts) on a free
 *      port with a temporary SQLite database, and a static page from Node's own http;
 *   5. the offline figures (scripts/bench-offline.ts), interaction latency on a slowed phone
 *      (scripts/bench-interaction.ts) and the programmer's desk's (scripts/desk/bench-desk.ts),
 *      each in a process of its own;
 *   6. Lighthouse (mobile, median of 5) with the system Chromium, and for a page below 100 what
 *      its median run is made of (render-blocking files, document size, elements, longest tasks);
 *      Lighthouse is installed on first use into a cache directory (bench-kit's benchTools).
 * Writes bench-results.json. Stops everything it started, also on failure or Ctrl-C.
 * BENCH_SKIP_SERVER=1, BENCH_SKIP_OFFLINE=1, BENCH_SKIP_INTERACTION=1, BENCH_SKIP_DESK=1 and
 * BENCH_SKIP_LIGHTHOUSE=1 shorten it.
 */
import { execSync, spawn } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { jsWeight } from './js-weight';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { benchTools, children, dir, fmt, freePort, start, startBuiltServer, stopAll, waitFor } from './bench-kit';

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
const CHROMIUM = process.env.PLAYWRIGHT_CHROMIUM_PATH ?? '/usr/bin/chromium';
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

interface LighthouseAudit {
  numericValue?: number;
  metricSavings?: { FCP?: number; LCP?: number };
  details?: {
    items?: { url?: string; totalBytes?: number; transferSize?: number; wastedMs?: number; duration?: number; resourceType?: string }[];
  };
}
interface LighthouseRun {
  lhr: { categories: { performance?: { score: number | null } }; audits: Record<string, LighthouseAudit> };
}

/** What a page's score is made of, from one Lighthouse run: the profile behind an unmet figure. */
interface LighthouseWhy {
  renderBlocking: { url: string; bytes: number }[];
  /** Lighthouse's estimate of what removing them would save the first paint. */
  renderBlockingFcpSavingMs: number;
  documentBytes: number;
  elements: number;
  longestTasks: { url: string; ms: number }[];
}

const shortUrl = (url: string) => url.replace(/^https?:\/\/[^/]+/, '') || '/';

function explain(lhr: LighthouseRun['lhr']): LighthouseWhy {
  const blocking = lhr.audits['render-blocking-resources'];
  const requests = lhr.audits['network-requests']?.details?.items ?? [];
  return {
    renderBlocking: (blocking?.details?.items ?? []).map((item) => ({ url: shortUrl(item.url ?? '?'), bytes: item.totalBytes ?? NaN })),
    renderBlockingFcpSavingMs: blocking?.metricSavings?.FCP ?? NaN,
    documentBytes: requests.find((item) => item.resourceType === 'Document')?.transferSize ?? NaN,
    elements: lhr.audits['dom-size']?.numericValue ?? NaN,
    longestTasks: (lhr.audits['long-tasks']?.details?.items ?? [])
      .map((item) => ({ url: shortUrl(item.url ?? '?'), ms: item.duration ?? NaN }))
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 3),
  };
}
type LighthouseFn = (url: string, flags: Record<string, unknown>) => Promise<LighthouseRun | undefined>;
interface ChromeLauncher {
  launch: (options: { chromePath: string; chromeFlags: string[] }) => Promise<{ port: number; kill: () => Promise<void> | void }>;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

/** Lighthouse, mobile (its default), median of 5 per page; skipped with the reason when it cannot run. */
async function lighthouse(
  pages: { label: string; url: string }[],
): Promise<{ skipped?: string; pages?: Record<string, Record<string, number>>; why?: Record<string, LighthouseWhy> }> {
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
    const why: Record<string, LighthouseWhy> = {};
    for (const { label: page, url } of pages) {
      const runs: LighthouseRun['lhr'][] = [];
      for (let i = 0; i < 5; i++) {
        const result = await run(url, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance'],
        });
        if (result) runs.push(result.lhr);
      }
      const audit = (id: string) => median(runs.map((r) => r.audits[id]?.numericValue ?? NaN));
      const performance = median(runs.map((r) => (r.categories.performance?.score ?? NaN) * 100));
      out[page] = {
        performance,
        fcpMs: audit('first-contentful-paint'),
        lcpMs: audit('largest-contentful-paint'),
        tbtMs: audit('total-blocking-time'),
        cls: audit('cumulative-layout-shift'),
      };
      // The run whose score is the median one tells what the median is made of.
      const medianRun = runs.find((r) => (r.categories.performance?.score ?? NaN) * 100 === performance) ?? runs[0];
      if (medianRun) why[page] = explain(medianRun);
    }
    return { pages: out, why };
  } catch (error) {
    return { skipped: `lighthouse failed: ${error instanceof Error ? error.message : String(error)}` };
  } finally {
    await chrome.kill();
  }
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
    console.log(`lighthouse static page (${STATIC_PAGE} from the baseline, no stylesheet or script): FCP ${fmt(staticFcp)} ms`);
    for (const [page, figures] of Object.entries(lh.pages ?? {})) {
      if (page === STATIC_LABEL) continue;
      console.log(
        `lighthouse ${page}: performance ${fmt(figures.performance!)}, FCP ${fmt(figures.fcpMs!)} ms (static page +${fmt(figures.fcpMs! - staticFcp)}), LCP ${fmt(figures.lcpMs!)} ms, TBT ${fmt(figures.tbtMs!)} ms, CLS ${fmt(figures.cls!, 3)}`,
      );
      const why = lh.why?.[page];
      if (why && figures.performance! < 100)
        console.log(
          `  why: render-blocking ${why.renderBlocking.map((r) => `${r.url} ${fmt(r.bytes / 1024, 1)} KiB`).join(', ') || 'none'}` +
            ` (first paint saving estimated ${fmt(why.renderBlockingFcpSavingMs)} ms); document ${fmt(why.documentBytes / 1024, 1)} KiB;` +
            ` ${fmt(why.elements)} elements; longest tasks ${why.longestTasks.map((t) => `${t.url} ${fmt(t.ms)} ms`).join(', ') || 'none'}`,
        );
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
