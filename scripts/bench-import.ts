/**
 * npm run bench:import — what the programme's import does to the public site while it runs, and
 * what a zip bomb does to the server's memory, on the built server (node --import tsx
 * server/main.ts, its own process, a temporary seeded SQLite database):
 *   1. a Programação account made as `npm run staff` makes one, logged in as the back office is,
 *      once the server has settled (its start-up copies of the pictures made);
 *   2. a separate process (this script again, with --load) sends GET /admin/api/cities, a public
 *      cached answer, at a steady rate (200 a second by default, each on its schedule whether or
 *      not the last has come back, so that a stalled server shows in the figures), and keeps each
 *      answer's time under the phase it was sent in;
 *   3. phases: the server idle; the dry run of a 5,000-row CSV (the seed's programme exported, 50
 *      sessions moved, 4,700 new); its application; the p50, p99 and worst of each are printed;
 *   4. an .xlsx whose sheet inflates to 500 MB while its ZIP directory says 4 KB (so that only
 *      counting can find it out), uploaded once the pool's threads have ended (a cold start, the
 *      worst case), once more right after (a thread already up), three at once, and one whose
 *      directory says 500 MB: the server's resident memory before, its peak (Linux's VmHWM, reset
 *      before each), just after, and once the idle thread has ended; and the pt-PT refusal.
 * Target (issue 33): public p99 ≤ 50 ms during the dry run and the application; the bomb raises
 * the server's memory by ≤ 100 MB and is refused naming the limit. Prints figures; asserts nothing.
 * Flags: --rows 5000, --rate 200 (GETs a second), --bomb-mb 500.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync, writeFileSync } from 'node:fs';
import { Agent, get } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { parse } from 'csv-parse/sync';
import { SHEET_COLUMNS } from '../src/common/gestao/programme-sheet';
import { xlsxBomb } from '../tests/support/xlsx-bomb';
import { addStaffAccount } from '../tests/support/staff-command';
import { backOfficeClient, dir, fmt, rssMiB, startBuiltServer, stopAll } from './bench-kit';

const { values: flags } = parseArgs({
  options: {
    rows: { type: 'string', default: '5000' },
    rate: { type: 'string', default: '200' },
    'bomb-mb': { type: 'string', default: '500' },
    load: { type: 'string' },
  },
});

const EMAIL = 'bench-import@festa.test';
const PASSWORD = 'lanterna-magica-de-trastevere-26';
/** How long the pool keeps an idle thread (server/workers/heavy-jobs.ts), and a little more. */
const THREAD_IDLE_MS = 30_000 + 5_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? NaN;

type LoadMessage = { phase: string } | { report: true };
interface PhaseFigures {
  phase: string;
  count: number;
  failed: number;
  p50: number;
  p99: number;
  max: number;
}

/** The load process: GETs at a steady rate, each answer's time kept under the phase it was sent in. */
function load(url: string, perSecond: number): void {
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  const times = new Map<string, number[]>();
  const failed = new Map<string, number>();
  let phase = 'warm-up';
  const timer = setInterval(() => {
    const sentIn = phase;
    const start = performance.now();
    get(url, { agent }, (response) => {
      response.resume();
      response.on('end', () => {
        if (response.statusCode === 200) times.set(sentIn, [...(times.get(sentIn) ?? []), performance.now() - start]);
        else failed.set(sentIn, (failed.get(sentIn) ?? 0) + 1);
      });
    }).on('error', () => failed.set(sentIn, (failed.get(sentIn) ?? 0) + 1));
  }, 1000 / perSecond);
  process.on('message', (message: LoadMessage) => {
    if ('phase' in message) {
      phase = message.phase;
      return;
    }
    clearInterval(timer);
    agent.destroy();
    const figures: PhaseFigures[] = [...new Set([...times.keys(), ...failed.keys()])].map((name) => {
      const sorted = (times.get(name) ?? []).sort((a, b) => a - b);
      return {
        phase: name,
        count: sorted.length,
        failed: failed.get(name) ?? 0,
        p50: percentile(sorted, 50),
        p99: percentile(sorted, 99),
        max: sorted.at(-1) ?? NaN,
      };
    });
    process.send!(figures, () => process.exit(0));
  });
}

const csvCell = (cell: string) => `"${cell.replaceAll('"', '""')}"`;

/** The draft's programme exported, 50 sessions half an hour later and new ones up to `total` rows. */
function grownProgramme(exported: string, total: number): Buffer {
  const [, ...rows]: string[][] = parse(exported, { bom: true });
  const hour = SHEET_COLUMNS.indexOf('hora');
  const code = SHEET_COLUMNS.indexOf('codigo');
  for (const row of rows.slice(0, 50)) row[hour] = row[hour] === '10:30' ? '11:00' : '10:30';
  const fresh = Array.from({ length: total - rows.length }, (_, i) => {
    const row = [...rows[i % rows.length]!];
    row[code] = `BENCH-${i + 1}`;
    row[hour] = `${String(10 + (i % 13)).padStart(2, '0')}:${i % 2 ? '05' : '35'}`;
    return row;
  });
  const lines = [SHEET_COLUMNS, ...rows, ...fresh].map((row) => row.map(csvCell).join(','));
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
}

/** The server's peak resident memory since the last reset (Linux), in MiB. */
function peakMiB(pid: number): number {
  const kib = /VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return kib ? Number(kib) / 1024 : NaN;
}
/** CPU seconds a process has used (Linux /proc; clock ticks of 1/100 s). */
function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name may hold spaces: the fields count from after its closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/**
 * Waits until the server uses under 5 % of a core over half a second (at most 3 minutes): on a new
 * database it makes some 1,900 copies of the pictures after it starts listening, half a minute of
 * both cores that the phases would otherwise measure. The seconds waited.
 */
async function settle(pid: number): Promise<number> {
  const started = Date.now();
  for (;;) {
    const before = cpuSeconds(pid);
    await sleep(500);
    if (cpuSeconds(pid) - before < 0.025 || Date.now() - started > 180_000) return (Date.now() - started) / 1000;
  }
}

/** Resets the peak (VmHWM) to the current resident memory: `echo 5 > /proc/PID/clear_refs`. */
const resetPeak = (pid: number) => writeFileSync(`/proc/${pid}/clear_refs`, '5');

async function main(): Promise<void> {
  const rowsWanted = Number(flags.rows);
  const rate = Number(flags.rate);
  const bombBytes = Number(flags['bomb-mb']) * 1024 * 1024;
  const { server, base } = await startBuiltServer();
  const pid = server.pid!;
  await addStaffAccount(join(dir, 'bench.sqlite'), EMAIL, 'programacao', PASSWORD);
  const staff = await backOfficeClient(base, EMAIL, PASSWORD);
  console.log(`the server settled (its start-up copies of the pictures made) ${fmt(await settle(pid), 1)} s after its first answer`);

  const exported = await (await staff.get('/programme/export?format=csv')).text();
  const csv = grownProgramme(exported, rowsWanted);
  const sent = await staff.upload('/programme/imports', 'programa.csv', csv);
  if (sent.status !== 201) throw new Error(`O envio respondeu ${sent.status}: ${await sent.text()}`);
  const file = (await sent.json()) as { id: number; rowCount: number; mapping: Record<string, number | null> };

  const loader: ChildProcess = fork(fileURLToPath(import.meta.url), ['--load', `${base}/admin/api/cities`, '--rate', String(rate)], {
    execArgv: ['--import', 'tsx'],
  });
  const phase = (name: string) => loader.send({ phase: name } satisfies LoadMessage);
  // The cache is warm and the load steady before the first phase counts.
  await sleep(1000);
  phase('idle (10 s)');
  await sleep(10_000);

  const rssBefore = rssMiB(pid);
  resetPeak(pid);
  phase(`dry run (${file.rowCount} rows)`);
  let start = performance.now();
  const dryRun = await staff.post(`/programme/imports/${file.id}/dry-run`, { mapping: file.mapping });
  const dryMs = performance.now() - start;
  const dryPeak = peakMiB(pid);
  resetPeak(pid);
  const counts = ((await dryRun.json()) as { counts: Record<string, number> }).counts;
  phase('between');
  await sleep(500);
  phase(`apply (${file.rowCount} rows)`);
  start = performance.now();
  const applied = await staff.post(`/programme/imports/${file.id}/apply`, { mapping: file.mapping });
  const applyMs = performance.now() - start;
  const appliedBody = (await applied.json()) as { created?: number; changed?: number; message?: string };
  const applyPeak = peakMiB(pid);
  phase('after');
  await sleep(500);
  loader.send({ report: true } satisfies LoadMessage);
  const [figures] = (await once(loader, 'message')) as [PhaseFigures[]];

  console.log(`import: ${file.rowCount}-row CSV, dry run ${dryRun.status} in ${fmt(dryMs)} ms (${JSON.stringify(counts)})`);
  console.log(`import: applied ${applied.status} in ${fmt(applyMs)} ms (${appliedBody.created} new, ${appliedBody.changed} changed)`);
  console.log(
    `import: server RSS ${fmt(rssBefore)} MB before, peak ${fmt(dryPeak)} MB in the dry run, ${fmt(applyPeak)} MB in the application`,
  );
  console.log(`public GET /admin/api/cities at ${rate}/s from another process:`);
  for (const f of figures.filter((x) => !['warm-up', 'between', 'after'].includes(x.phase))) {
    const verdict = f.phase.startsWith('idle') ? '' : ` — target p99 ≤ 50 ms: ${f.p99 <= 50 ? 'met' : 'MISSED'}`;
    console.log(
      `  ${f.phase.padEnd(22)} ${String(f.count).padStart(5)} answers, p50 ${fmt(f.p50, 1)} ms, p99 ${fmt(f.p99, 1)} ms, worst ${fmt(f.max, 1)} ms${f.failed ? `, ${f.failed} failed` : ''}${verdict}`,
    );
  }

  const lying = await xlsxBomb(bombBytes, { lying: true });
  const honest = await xlsxBomb(bombBytes);
  const label = `${fmt(lying.length / 1024 / 1024, 1)} MB .xlsx, sheet inflating to ${fmt(bombBytes / 1024 / 1024)} MB`;
  const bombs = async (name: string, count: number, bomb = lying) => {
    const before = rssMiB(pid);
    resetPeak(pid);
    const started = performance.now();
    const answers = await Promise.all(Array.from({ length: count }, () => staff.upload('/programme/imports', 'programa.xlsx', bomb)));
    const ms = performance.now() - started;
    const peak = peakMiB(pid);
    const after = rssMiB(pid);
    const bodies = await Promise.all(answers.map(async (a) => `${a.status} ${((await a.json()) as { message: string }).message}`));
    console.log(
      `zip bomb (${label}), ${name}: refused in ${fmt(ms)} ms; server RSS before ${fmt(before)} MB, peak ${fmt(peak)} MB (+${fmt(peak - before)} MB; target ≤ +100 MB: ${peak - before <= 100 ? 'met' : 'MISSED'}), just after ${fmt(after)} MB`,
    );
    for (const body of new Set(bodies)) console.log(`  → ${body}`);
  };
  console.log(`zip bomb: waiting ${THREAD_IDLE_MS / 1000} s for the pool's idle threads to end…`);
  await sleep(THREAD_IDLE_MS);
  const idle = rssMiB(pid);
  await bombs('one, threads cold', 1);
  await bombs('one more, thread up', 1);
  await bombs('three at once', 3);
  await bombs('its directory saying 500 MB', 1, honest);
  await sleep(THREAD_IDLE_MS);
  console.log(`zip bomb: server RSS ${fmt(rssMiB(pid))} MB once the idle threads ended (${fmt(idle)} MB before the first bomb)`);
}

if (flags.load) load(flags.load, Number(flags.rate));
else {
  try {
    await main();
  } finally {
    stopAll();
  }
}
