/**
 * npm run bench:offline — figures for the offline agenda, on this machine's headless Chromium:
 *   1. time from navigation start to the agenda's events painted, offline (median of 7 loads);
 *   2. size on the wire of the full programme sync (gzip);
 *   3. time to store that sync in IndexedDB (Dexie, batched transactions).
 * Targets: under 100 ms, under 150 KiB, under 300 ms. Prints figures; never fails on them.
 */
import { chromium } from '@playwright/test';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const PORT = Number(process.env.BENCH_PORT ?? 4310);
const base = `http://127.0.0.1:${PORT}`;
const dir = mkdtempSync(join(tmpdir(), 'festa-bench-'));
const executablePath = process.env.PLAYWRIGHT_CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);

const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
  env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATABASE: join(dir, 'bench.sqlite'), LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'inherit', 'inherit'],
});

async function waitForServer(): Promise<void> {
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`${base}/admin/homeprefs`)).ok) return;
    } catch (error) {
      if (i === 99) console.error(error);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('o servidor não arrancou');
}

/** The boot's phases, in ms since navigation start: the navigation's timing and the app's own marks. */
interface Phases {
  workerStart: number;
  shellReceived: number;
  domInteractive: number;
  appStart: number;
  dataRead: number;
  rendered: number;
}
const PHASE_LABELS: [keyof Phases, string][] = [
  ['workerStart', 'o service worker recebe o pedido'],
  ['shellReceived', 'a página (o shell em cache) recebida'],
  ['domInteractive', 'HTML lido, CSS aplicado'],
  ['appStart', 'código da app a correr (festa:start)'],
  ['dataRead', 'dados da página lidos do IndexedDB (festa:data)'],
  ['rendered', 'React desenhou e correu os efeitos (festa:rendered)'],
];
function readPhases(): Phases {
  const [nav] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  // No inner helper functions: this runs in the page, where tsx's name-keeping helper does not exist.
  const [start, data, rendered] = ['festa:start', 'festa:data', 'festa:rendered'].map((name) => performance.getEntriesByName(name)[0]);
  return {
    workerStart: nav?.workerStart ?? Number.NaN,
    shellReceived: nav?.responseEnd ?? Number.NaN,
    domInteractive: nav?.domInteractive ?? Number.NaN,
    appStart: start?.startTime ?? Number.NaN,
    dataRead: data?.startTime ?? Number.NaN,
    rendered: rendered?.startTime ?? Number.NaN,
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

try {
  await waitForServer();
  const raw = Buffer.from(await (await fetch(`${base}/admin/sync/programme`)).arrayBuffer());
  const wire = gzipSync(raw, { level: 6 }).length;

  const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-background-networking'] });
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript(() => {
    // Records when the first agenda event is on screen, in ms since navigation start.
    const observer = new MutationObserver(() => {
      if (document.querySelector('.paged--events .event-card')) {
        requestAnimationFrame(() => ((window as unknown as { __agendaPainted: number }).__agendaPainted = performance.now()));
        observer.disconnect();
      }
    });
    observer.observe(document, { childList: true, subtree: true });
  });
  const page = await context.newPage();
  await page.goto(`${base}/`);
  const readReport = () =>
    page.evaluate(
      () =>
        new Promise<{ paths: number; storeMs: number } | null>((resolve) => {
          const open = indexedDB.open('festa-cinema-italiano');
          open.onsuccess = () => {
            const db = open.result;
            if (!db.objectStoreNames.contains('meta')) return resolve(null);
            const get = db.transaction('meta').objectStore('meta').get('programmeSyncReport');
            get.onsuccess = () => resolve((get.result as { value?: { paths: number; storeMs: number } } | undefined)?.value ?? null);
            get.onerror = () => resolve(null);
          };
          open.onerror = () => resolve(null);
        }),
    );
  let report = null;
  for (let i = 0; i < 100 && !report; i++) {
    await page.waitForTimeout(200);
    report = await readReport();
  }
  await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated');

  await context.setOffline(true);
  const paints: number[] = [];
  const phases: Phases[] = [];
  for (let i = 0; i < 7; i++) {
    // BENCH_TRACE=file.json: a Chromium performance trace of the last two loads (open it in
    // DevTools; the last is the one to read: starting the trace slows the first).
    const trace = process.env.BENCH_TRACE;
    if (trace && i === 5) await browser.startTracing(page, { path: trace, screenshots: false });
    await page.goto(`${base}/programacao`);
    await page.waitForFunction(() => (window as unknown as { __agendaPainted?: number }).__agendaPainted !== undefined);
    if (trace && i === 6) await browser.stopTracing();
    paints.push(await page.evaluate(() => (window as unknown as { __agendaPainted: number }).__agendaPainted));
    phases.push(await page.evaluate(readPhases));
  }
  await browser.close();

  console.log('bench:offline (headless Chromium, this machine)');
  console.log(
    `  agenda pintada offline, desde o início da navegação: ${median(paints).toFixed(0)} ms (mediana de 7: ${paints.map((p) => p.toFixed(0)).join(', ')})   alvo < 100 ms`,
  );
  console.log(
    `  sincronização completa da programação: ${kib(wire)} gzip (${kib(raw.length)} sem compressão, ${report?.paths ?? '?'} respostas)   alvo < 150 KiB`,
  );
  console.log(`  tempo a guardar no IndexedDB (Dexie): ${report ? report.storeMs.toFixed(0) : '?'} ms   alvo < 300 ms`);
  console.log('  onde vai o tempo (mediana de cada marca, ms desde o início da navegação):');
  for (const [name, label] of PHASE_LABELS) {
    console.log(`    ${label.padEnd(58)} ${median(phases.map((p) => p[name])).toFixed(0)}`);
  }
  console.log(`    ${'agenda pintada'.padEnd(58)} ${median(paints).toFixed(0)}`);
} finally {
  server.kill('SIGTERM');
  rmSync(dir, { recursive: true, force: true });
}
