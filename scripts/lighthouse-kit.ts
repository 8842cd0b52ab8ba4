/**
 * Lighthouse as the bench scripts run it (npm run bench, npm run bench:lighthouse): mobile (its
 * default settings), the system Chromium, median of 5 per page, and for each page what its median
 * run is made of (render-blocking files, document size, elements, longest tasks); its accessibility
 * and SEO scores beside (the lowest of the runs), with the audits that kept either below 100. Lighthouse and
 * its Chrome launcher are installed on first use into a cache directory (bench-kit's benchTools).
 */
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { benchTools, chromiumPath, fmt } from './bench-kit';

/** Runs per page; 5 unless BENCH_LIGHTHOUSE_RUNS says otherwise (a quick look while working). */
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 5);

interface LighthouseAudit {
  numericValue?: number;
  metricSavings?: { FCP?: number; LCP?: number };
  details?: {
    items?: {
      url?: string;
      totalBytes?: number;
      transferSize?: number;
      wastedMs?: number;
      duration?: number;
      resourceType?: string;
      scripting?: number;
      scriptParseCompile?: number;
    }[];
  };
}
interface LighthouseCategory {
  score: number | null;
  auditRefs: { id: string; weight: number }[];
}
interface LighthouseRun {
  lhr: {
    categories: { performance?: LighthouseCategory; accessibility?: LighthouseCategory; seo?: LighthouseCategory };
    audits: Record<string, LighthouseAudit & { score?: number | null }>;
    runtimeError?: { code: string; message?: string };
  };
}

/** What a page's score is made of, from one Lighthouse run: the profile behind an unmet figure. */
export interface LighthouseWhy {
  renderBlocking: { url: string; bytes: number }[];
  /** Lighthouse's estimate of what removing them would save the first paint. */
  renderBlockingFcpSavingMs: number;
  documentBytes: number;
  elements: number;
  longestTasks: { url: string; ms: number }[];
  /**
   * The main thread's time per script (Lighthouse's "bootup-time": evaluation plus parse and
   * compile), the heaviest first: steadier than TBT on a shared machine, and it names the chunk.
   */
  scripts: { url: string; ms: number }[];
}

export interface LighthouseFigures {
  /** Runs that produced a score (a run Lighthouse could not finish, say the page timed out on a busy machine, is left out). */
  runs: number;
  /** Why the others failed, as Lighthouse names it (NO_FCP, PAGE_HUNG...). */
  failures: string[];
  performance: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  siMs: number;
  cls: number;
  /** The accessibility and SEO scores: the lowest of the runs (they do not vary with the machine's load). */
  accessibility: number;
  seo: number;
  /** The weighted audits of those two categories that failed in some run. */
  failedAudits: string[];
}

export interface LighthouseResult {
  skipped?: string;
  pages?: Record<string, LighthouseFigures>;
  why?: Record<string, LighthouseWhy>;
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
    scripts: (lhr.audits['bootup-time']?.details?.items ?? [])
      .map((item) => ({ url: shortUrl(item.url ?? '?'), ms: (item.scripting ?? 0) + (item.scriptParseCompile ?? 0) }))
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 5),
  };
}
type LighthouseFn = (url: string, flags: Record<string, unknown>) => Promise<LighthouseRun | undefined>;
interface ChromeLauncher {
  launch: (options: { chromePath: string; chromeFlags: string[] }) => Promise<{ port: number; kill: () => Promise<void> | void }>;
}

/** The accessibility and SEO audits that count towards their score and did not pass in a run. */
const failedAudits = (lhr: LighthouseRun['lhr']): string[] =>
  [lhr.categories.accessibility, lhr.categories.seo].flatMap((category) =>
    (category?.auditRefs ?? []).filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score === 0).map((ref) => ref.id),
  );

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

/** Lighthouse, mobile (its default), median of 5 per page; skipped with the reason when it cannot run. */
export async function lighthouse(pages: { label: string; url: string }[]): Promise<LighthouseResult> {
  if (process.env.BENCH_SKIP_LIGHTHOUSE === '1') return { skipped: 'BENCH_SKIP_LIGHTHOUSE=1' };
  if (!chromiumPath || !existsSync(chromiumPath)) return { skipped: `no system Chromium (${chromiumPath ?? '/usr/bin/chromium'})` };
  let run: LighthouseFn;
  let launcher: ChromeLauncher;
  try {
    const tools = benchTools(['lighthouse@12.8.2', 'chrome-launcher@1.2.1']);
    run = ((await import(pathToFileURL(tools.resolve('lighthouse')).href)) as { default: LighthouseFn }).default;
    launcher = (await import(pathToFileURL(tools.resolve('chrome-launcher')).href)) as ChromeLauncher;
  } catch (error) {
    return { skipped: `lighthouse could not be installed: ${error instanceof Error ? error.message : String(error)}` };
  }
  const chrome = await launcher.launch({ chromePath: chromiumPath, chromeFlags: ['--headless', '--no-sandbox'] });
  try {
    const out: Record<string, LighthouseFigures> = {};
    const why: Record<string, LighthouseWhy> = {};
    for (const { label: page, url } of pages) {
      const runs: LighthouseRun['lhr'][] = [];
      const failures: string[] = [];
      for (let i = 0; i < RUNS; i++) {
        const result = await run(url, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility', 'seo'],
        });
        // A run without a score would make every median a NaN: counted apart, with its reason.
        if (result && !result.lhr.runtimeError && typeof result.lhr.categories.performance?.score === 'number') runs.push(result.lhr);
        else failures.push(result?.lhr.runtimeError?.code ?? 'no result');
      }
      const audit = (id: string) => median(runs.map((r) => r.audits[id]?.numericValue ?? NaN));
      const performance = median(runs.map((r) => (r.categories.performance?.score ?? NaN) * 100));
      out[page] = {
        runs: runs.length,
        failures,
        performance,
        fcpMs: audit('first-contentful-paint'),
        lcpMs: audit('largest-contentful-paint'),
        tbtMs: audit('total-blocking-time'),
        siMs: audit('speed-index'),
        cls: audit('cumulative-layout-shift'),
        accessibility: Math.min(...runs.map((r) => (r.categories.accessibility?.score ?? NaN) * 100)),
        seo: Math.min(...runs.map((r) => (r.categories.seo?.score ?? NaN) * 100)),
        failedAudits: [...new Set(runs.flatMap(failedAudits))],
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

/** One page's figures on one line; `firstPaintFloorMs` (the static page's FCP) adds the gap to it. */
export function figuresLine(page: string, figures: LighthouseFigures, firstPaintFloorMs?: number): string {
  const floor = firstPaintFloorMs === undefined ? '' : ` (static page +${fmt(figures.fcpMs - firstPaintFloorMs)})`;
  return (
    `lighthouse ${page}: performance ${fmt(figures.performance)}, FCP ${fmt(figures.fcpMs)} ms${floor}, LCP ${fmt(figures.lcpMs)} ms,` +
    ` TBT ${fmt(figures.tbtMs)} ms, SI ${fmt(figures.siMs)} ms, CLS ${fmt(figures.cls, 3)};` +
    ` accessibility ${fmt(figures.accessibility)}, SEO ${fmt(figures.seo)}` +
    (figures.failedAudits.length > 0 ? ` (failed: ${figures.failedAudits.join(', ')})` : '') +
    (figures.failures.length > 0 ? ` (median of ${figures.runs}; runs that failed: ${figures.failures.join(', ')})` : '')
  );
}

/** What held a page below 100, on one line. */
export function whyLine(why: LighthouseWhy): string {
  return (
    `  why: render-blocking ${why.renderBlocking.map((r) => `${r.url} ${fmt(r.bytes / 1024, 1)} KiB`).join(', ') || 'none'}` +
    ` (first paint saving estimated ${fmt(why.renderBlockingFcpSavingMs)} ms); document ${fmt(why.documentBytes / 1024, 1)} KiB;` +
    ` ${fmt(why.elements)} elements; longest tasks ${why.longestTasks.map((t) => `${t.url} ${fmt(t.ms)} ms`).join(', ') || 'none'};` +
    ` script time ${why.scripts.map((t) => `${t.url} ${fmt(t.ms)} ms`).join(', ') || 'none'}`
  );
}
