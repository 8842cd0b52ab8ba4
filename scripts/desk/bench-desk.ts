/**
 * The programmer's desk, in figures (part of npm run bench; alone: npm run bench:desk). Each
 * benchmark runs in a process of its own, one after the other, and prints its own lines:
 *   - the schedule grid: a day of 300 sessions drawn in Chromium, and a keyboard move (bench-grid.ts);
 *   - a last-minute change: how long the phone waits for one session's change to be published (bench-last-minute.ts);
 *   - the spreadsheet: a 1,000-row CSV and XLSX read, dry run, apply and undo (bench-sheet-import.ts);
 *   - the delta sync's bytes for one moved session against the whole programme (bench-delta.ts);
 *   - the printed programme: the biggest city's PDF and a "Hoje nesta sala" sheet (bench-pdf.ts).
 */
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const BENCHES = ['bench-grid.ts', 'bench-last-minute.ts', 'bench-sheet-import.ts', 'bench-delta.ts', 'bench-pdf.ts'];
const here = dirname(fileURLToPath(import.meta.url));

let failed = 0;
for (const bench of BENCHES) {
  const run = spawnSync(process.execPath, ['--import', 'tsx', join(here, bench)], { stdio: 'inherit' });
  if (run.status !== 0) {
    console.log(`${bench}: terminou com o código ${run.status}`);
    failed++;
  }
}
process.exitCode = failed > 0 ? 1 : 0;
