/**
 * npm run bench:interaction — interaction latency (INP) on a phone with a 4× slower CPU, in this
 * machine's headless Chromium:
 *   (a) tapping another day in the programme (/programacao, the day strip);
 *   (b) starring a session there ("Adicionar à minha agenda").
 * Each is measured 7 times, each time on a freshly loaded page, once it is hydrated and shows the
 * control (a returning visitor: the service worker and the saved programme are in place first),
 * with a finger's touch events at the control's middle.
 * INP the standard way (Event Timing): entries of type 'event' with an interactionId, observed from
 * 16 ms (the smallest threshold the API allows); an interaction's latency is the longest duration of
 * its entries. An interaction that leaves no entry took under 16 ms and is counted as 16.
 * Beside each figure: the time from the tap to its result on screen (the day's sessions listed,
 * the star lit), CLS, the page's longest task up to its first render (hydration), and for the
 * worst run where its time went (input delay, handlers, until the next paint) and the long tasks
 * around it. A missed target (or BENCH_PROFILE=1) adds one more run under the CPU profiler: the
 * functions that took the most time from the tap to its result, named through the source maps.
 * Target ≤ 100 ms. Prints figures; never fails on them.
 * BENCH_TRACE=file.json: a Chromium performance trace (with the same throttling) of the last run
 * of each interaction, file-day.json and file-star.json.
 */
import { chromium, devices, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromiumPath, fmt, startBuiltServer, stopAll } from './bench-kit';
import { LISBON_TIME_ZONE } from '../src/common/time/lisbon-time';

const RUNS = 7;
const CPU_SLOWDOWN = 4;
const TARGET_MS = 100;
const PHONE = devices['Pixel 7'];
/** The star's accessible name (src/agenda/agenda-star.tsx). */
const ADD_LABEL = 'Adicionar à minha agenda';
const REMOVE_LABEL = 'Remover da minha agenda';

/** One interaction, from its Event Timing entries. */
interface Interaction {
  id: number;
  latency: number;
  startTime: number;
  /** Of its longest entry: from the input to the handlers. */
  inputDelay: number;
  /** Of its longest entry: its handlers (with React's synchronous render of a discrete event). */
  processing: number;
  /** Of its longest entry: from the handlers' end to the next paint. */
  presentation: number;
  events: string[];
}
interface LongTask {
  startTime: number;
  duration: number;
}
interface Run {
  /** Under 16 ms when no entry was reported. */
  latency: number;
  /** From the tap to the frame that shows its result (NaN when the tap left no entry to time it from). */
  resultMs: number;
  /** From the tap to the frame that shows the control marked, when that comes before the result. */
  markedMs: number;
  interaction: Interaction | null;
  /** The longest task up to the app's first render (festa:rendered): hydration. */
  hydrationTask: number;
  longTasks: LongTask[];
  cls: number;
}

/** In the page before its scripts: Event Timing, long tasks and layout shifts, kept on window. */
function observe(): void {
  type Entry = PerformanceEntry & { interactionId?: number; processingStart: number; processingEnd: number };
  const seen = {
    interactions: {} as Record<number, { entries: Entry[] }>,
    longTasks: [] as { startTime: number; duration: number }[],
    cls: 0,
  };
  (window as unknown as { __bench: typeof seen }).__bench = seen;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as Entry[]) {
      if (!entry.interactionId) continue;
      (seen.interactions[entry.interactionId] ??= { entries: [] }).entries.push(entry.toJSON() as Entry);
    }
  }).observe({ type: 'event', buffered: true, durationThreshold: 16 } as PerformanceObserverInit);
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) seen.longTasks.push({ startTime: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
      if (!entry.hadRecentInput) seen.cls += entry.value;
  }).observe({ type: 'layout-shift', buffered: true });
}

/** The interactions seen so far, each with its latency and its phases (from its longest entry). */
function readInteractions(): Interaction[] {
  type Entry = PerformanceEntry & { processingStart: number; processingEnd: number };
  const seen = (window as unknown as { __bench: { interactions: Record<number, { entries: Entry[] }> } }).__bench;
  return Object.entries(seen.interactions).map(([id, { entries }]) => {
    const longest = entries.reduce((a, b) => (b.duration > a.duration ? b : a));
    return {
      id: Number(id),
      latency: longest.duration,
      startTime: longest.startTime,
      inputDelay: longest.processingStart - longest.startTime,
      processing: longest.processingEnd - longest.processingStart,
      presentation: longest.startTime + longest.duration - longest.processingEnd,
      events: entries.map((e) => `${e.name} ${Math.round(e.duration)}`),
    };
  });
}

/** A fresh page with the CPU slowed, loaded and hydrated. */
async function freshPage(context: BrowserContext, path: string): Promise<Page> {
  const page = await context.newPage();
  page.on('console', (message) => {
    if (message.type() === 'error') console.error(`  (consola do navegador) ${message.text()}`);
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await page.goto(path);
  await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'));
  return page;
}

/**
 * After the gesture and its visible result: the interaction's entries (reported after the next
 * paint). None within two seconds means it stayed under the 16 ms threshold.
 */
async function interactionAfter(page: Page, before: number): Promise<Interaction | null> {
  const handle = await page
    .waitForFunction(
      (known) => {
        const seen = (window as unknown as { __bench: { interactions: Record<number, { entries: { name: string }[] }> } }).__bench;
        return Object.entries(seen.interactions).some(
          ([id, { entries }]) => Number(id) > known && entries.some((e) => e.name === 'click' || e.name === 'pointerup'),
        );
      },
      before,
      { timeout: 2000 },
    )
    .catch(() => null);
  if (!handle) return null;
  const all = await page.evaluate(readInteractions);
  return all.filter((i) => i.id > before).sort((a, b) => b.latency - a.latency)[0] ?? null;
}

async function pageFigures(page: Page): Promise<Pick<Run, 'hydrationTask' | 'longTasks' | 'cls'>> {
  return page.evaluate(() => {
    const seen = (window as unknown as { __bench: { longTasks: { startTime: number; duration: number }[]; cls: number } }).__bench;
    const rendered = performance.getEntriesByName('festa:rendered')[0]?.startTime ?? Infinity;
    const boot = seen.longTasks.filter((t) => t.startTime <= rendered);
    return { hydrationTask: Math.max(0, ...boot.map((t) => t.duration)), longTasks: seen.longTasks, cls: seen.cls };
  });
}

/** The latest interaction's id so far (0 for none). */
const lastId = (page: Page) =>
  page.evaluate(() =>
    Math.max(
      0,
      ...Object.keys((window as unknown as { __bench: { interactions: Record<string, unknown> } }).__bench.interactions).map(Number),
    ),
  );

/**
 * An interaction: on a fresh page, waits until the control is there and usable, and returns the
 * tap, the selector that matches once its result is on screen, and the one that matches once the
 * control shows it was tapped, when that comes first.
 */
type Gesture = (page: Page) => Promise<{ tap: () => Promise<void>; shown: string; marked?: string }>;

/**
 * A finger's tap at the middle of the control, scrolled into view first: the touch events alone,
 * as the screen sends them (a locator's tap() would also run Playwright's own listeners, checking
 * what was hit, within the interaction being timed).
 */
async function fingerOn(page: Page, control: Locator): Promise<() => Promise<void>> {
  await control.scrollIntoViewIfNeeded();
  const box = await control.boundingBox();
  if (!box) throw new Error('o controlo não está visível');
  return () => page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
}

/** (a) Tapping the day after the one shown, until that day's sessions are the list shown. */
const tapDay: Gesture = async (page) => {
  const days = page.locator('.day-strip__day');
  await days.nth(1).waitFor();
  const current = await days.evaluateAll((buttons) => buttons.findIndex((b) => b.getAttribute('aria-current') === 'date'));
  const target = current + 1 < (await days.count()) ? current + 1 : current - 1;
  // "sexta-feira, 27 de novembro" (or "Hoje, …"): the list of that day is "Eventos de 27 de novembro".
  const spoken = (await days.nth(target).getAttribute('aria-label')) ?? '';
  return {
    tap: await fingerOn(page, days.nth(target)),
    shown: `.paged--events[aria-label="Eventos de ${spoken.slice(spoken.lastIndexOf(', ') + 2)}"]`,
    marked: `.day-strip__day:nth-child(${target + 1})[aria-current="date"]`,
  };
};

/** (b) Starring the first session of the day not yet in the agenda, until its star shows it is in. */
const starSession: Gesture = async (page) => {
  const star = page.locator('.paged--events').getByRole('button', { name: ADD_LABEL, exact: true }).first();
  // Enabled once the agenda is read from IndexedDB (the star waits rather than guess).
  await star.and(page.locator(':enabled')).waitFor();
  const session = await star.locator('xpath=..').getAttribute('data-session');
  return { tap: await fingerOn(page, star), shown: `.agenda-star[data-session="${session}"] button[aria-label="${REMOVE_LABEL}"]` };
};

/**
 * Taps, and waits until the result is on screen: the frames that first show the control marked and
 * the result (a mutation observer, then the next animation frame), in ms since the page's time origin.
 */
async function tapUntilShown(
  page: Page,
  { tap, shown, marked = shown }: Awaited<ReturnType<Gesture>>,
): Promise<{ shownAt: number; markedAt: number }> {
  await page.evaluate(
    ([shownSelector, markedSelector]) => {
      const seen = (window as unknown as { __bench: { shownAt?: number; markedAt?: number } }).__bench;
      delete seen.shownAt;
      delete seen.markedAt;
      let marking = false;
      const observer = new MutationObserver(() => {
        if (!marking && document.querySelector(markedSelector)) {
          marking = true;
          requestAnimationFrame(() => (seen.markedAt = performance.now()));
        }
        if (!document.querySelector(shownSelector)) return;
        observer.disconnect();
        requestAnimationFrame(() => (seen.shownAt = performance.now()));
      });
      observer.observe(document.body, { subtree: true, childList: true, attributes: true });
    },
    [shown, marked] as const,
  );
  await tap();
  const at = await page.waitForFunction(() => {
    const seen = (window as unknown as { __bench: { shownAt?: number; markedAt?: number } }).__bench;
    return seen.shownAt !== undefined && seen.markedAt !== undefined && { shownAt: seen.shownAt, markedAt: seen.markedAt };
  });
  return (await at.jsonValue()) as { shownAt: number; markedAt: number };
}

async function measure(browser: Browser, context: BrowserContext, path: string, gesture: Gesture, traceFile?: string): Promise<Run[]> {
  const runs: Run[] = [];
  for (let i = 0; i < RUNS; i++) {
    const page = await freshPage(context, path);
    const control = await gesture(page);
    const before = await lastId(page);
    const tracing = traceFile && i === RUNS - 1;
    if (tracing) await browser.startTracing(page, { path: traceFile, screenshots: false });
    const { shownAt, markedAt } = await tapUntilShown(page, control);
    const interaction = await interactionAfter(page, before);
    if (tracing) await browser.stopTracing();
    runs.push({
      latency: interaction?.latency ?? 16,
      resultMs: interaction ? shownAt - interaction.startTime : NaN,
      markedMs: interaction && control.marked ? markedAt - interaction.startTime : NaN,
      interaction,
      ...(await pageFigures(page)),
    });
    await page.close();
  }
  return runs;
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}
interface CpuProfile {
  /** µs, on the machine's monotonic clock. */
  startTime: number;
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** A built file's source map, read once: the profile names the project's sources, not the bundle's. */
const maps = new Map<string, TraceMap | null>();
function sourceMap(url: string): TraceMap | null {
  const file = join('dist/client', new URL(url).pathname);
  if (!maps.has(file)) maps.set(file, existsSync(`${file}.map`) ? new TraceMap(readFileSync(`${file}.map`, 'utf8')) : null);
  return maps.get(file) ?? null;
}

/** Where a sampled function is: its source file and line (and name) when the bundle's map knows it. */
function place({ functionName, url, lineNumber, columnNumber }: ProfileNode['callFrame']): string {
  if (!url) return functionName || '(anonymous)';
  const map = url.startsWith('http') ? sourceMap(url) : null;
  const original = map ? originalPositionFor(map, { line: lineNumber + 1, column: columnNumber }) : null;
  if (original?.source) {
    const source = original.source.replace(/^(\.\.\/)+/, '').replace(/^node_modules\//, '');
    return `${original.name ?? (functionName || '(anonymous)')} ${source}:${original.line}`;
  }
  return `${functionName || '(anonymous)'} ${url.replace(/^https?:\/\/[^/]+/, '')}:${lineNumber + 1}`;
}

/**
 * The profile of what holds an interaction: one more run of it on a fresh page, with the CPU
 * profiler (same slowdown) sampling from the tap to its visible result; the functions that took
 * the most time themselves, named through the bundle's source maps.
 */
async function profile(context: BrowserContext, path: string, gesture: Gesture): Promise<string[]> {
  const page = await freshPage(context, path);
  const control = await gesture(page);
  const before = await lastId(page);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  const { shownAt } = await tapUntilShown(page, control);
  const { profile: cpu } = (await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile };
  const interaction = await interactionAfter(page, before);
  // The profile's clock is the machine's monotonic one (µs), as is process.hrtime: the page's
  // clock is placed on it by reading both at once (to within the round trip, a few ms).
  const asked = process.hrtime.bigint();
  const now = await page.evaluate(() => performance.now());
  const pageToMonotonic = Number((asked + process.hrtime.bigint()) / 2n) / 1e6 - now;
  await page.close();
  const from = ((interaction?.startTime ?? 0) + pageToMonotonic) * 1000;
  const to = (shownAt + pageToMonotonic) * 1000;
  const byNode = new Map(cpu.nodes.map((node) => [node.id, node]));
  const self = new Map<string, number>();
  let total = 0;
  let at = cpu.startTime;
  cpu.samples.forEach((id, i) => {
    at += cpu.timeDeltas[i] ?? 0;
    const frame = byNode.get(id)?.callFrame;
    if (!frame || frame.functionName === '(idle)' || at < from || at > to) return;
    const ms = (cpu.timeDeltas[i] ?? 0) / 1000;
    total += ms;
    const where = place(frame);
    self.set(where, (self.get(where) ?? 0) + ms);
  });
  return [
    `  profile (one more run, from the tap to its result on screen, ${fmt((to - from) / 1000)} ms, ${fmt(total)} ms of them busy): ` +
      [...self]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 8)
        .map(([where, ms]) => `${where} ${fmt(ms)} ms`)
        .join('; '),
  ];
}

const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const median = (values: number[]) => sorted(values)[Math.floor(values.length / 2)] ?? NaN;

function report(label: string, runs: Run[], profileLines: string[]): void {
  const latencies = runs.map((r) => r.latency);
  const worstMs = Math.max(...latencies);
  const shown = (ms: number, run?: Run) => (run && !run.interaction ? '< 16 ms' : `${fmt(ms)} ms`);
  const worst = runs.find((r) => r.latency === worstMs)!;
  console.log(
    `INP, ${label} (phone, ${CPU_SLOWDOWN}× slower CPU): ${shown(
      median(latencies),
      runs.find((r) => r.latency === median(latencies)),
    )} median of ${RUNS} ` + `(worst ${shown(worstMs, worst)}; target ≤ ${TARGET_MS} ms)${worstMs <= TARGET_MS ? '' : '   TARGET MISSED'}`,
  );
  console.log(
    `  each run: ${latencies.map((ms) => fmt(ms)).join(', ')} ms; from the tap to its result on screen: ${fmt(median(runs.map((r) => r.resultMs)))} ms median` +
      ` (${runs.map((r) => fmt(r.resultMs)).join(', ')})` +
      (runs.some((r) => Number.isFinite(r.markedMs))
        ? `; the tapped control marked: ${fmt(median(runs.map((r) => r.markedMs)))} ms median`
        : '') +
      `; CLS ${fmt(Math.max(...runs.map((r) => r.cls)), 3)} (worst of ${RUNS})`,
  );
  const i = worst.interaction;
  if (i) {
    const overlapping = worst.longTasks.filter((t) => t.startTime < i.startTime + i.latency && t.startTime + t.duration > i.startTime - 50);
    console.log(
      `  worst run: input delay ${fmt(i.inputDelay)} ms, handlers ${fmt(i.processing)} ms, until the next paint ${fmt(i.presentation)} ms` +
        ` [${i.events.join(', ')}]; long tasks around it: ${overlapping.map((t) => `${fmt(t.duration)} ms`).join(', ') || 'none'}`,
    );
  }
  for (const line of profileLines) console.log(line);
}

const missed = (runs: Run[]) => Math.max(...runs.map((r) => r.latency)) > TARGET_MS;

let browser: Browser | undefined;
try {
  const { base } = await startBuiltServer();
  browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox', '--disable-background-networking'] });
  const context = await browser.newContext({ ...PHONE, baseURL: base, locale: 'pt-PT', timezoneId: LISBON_TIME_ZONE });
  await context.addInitScript(observe);

  // A returning visitor: the worker in control and the programme saved, at full speed, once.
  const first = await context.newPage();
  await first.goto('/programacao');
  await first.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated');
  await first.close();

  const trace = process.env.BENCH_TRACE;
  const day = await measure(browser, context, '/programacao', tapDay, trace?.replace(/\.json$/, '-day.json'));
  const star = await measure(browser, context, '/programacao', starSession, trace?.replace(/\.json$/, '-star.json'));
  // A missed target is printed with what holds it (BENCH_PROFILE=1: always).
  const always = process.env.BENCH_PROFILE === '1';
  const dayProfile = always || missed(day) ? await profile(context, '/programacao', tapDay) : [];
  const starProfile = always || missed(star) ? await profile(context, '/programacao', starSession) : [];
  const hydration = [...day, ...star].map((r) => r.hydrationTask);

  console.log(`bench:interaction (headless Chromium, ${PHONE.viewport.width}×${PHONE.viewport.height} phone, this machine)`);
  report('tapping a day in the programme', day, dayProfile);
  report('starring a session', star, starProfile);
  console.log(
    `/programacao hydration's longest task (${CPU_SLOWDOWN}× slower CPU): ${fmt(median(hydration))} ms median of ${hydration.length} (worst ${fmt(Math.max(...hydration))} ms)`,
  );
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await browser?.close();
  stopAll();
}
