/**
 * npx tsx scripts/desk/bench-grid.ts — the back office's schedule grid with 300 sessions on one day, in
 * this machine's headless Chromium, against the built server (dist/gestao: `npx vite build --config
 * vite.gestao.config.ts`) on a temporary database: the seeded programme, then a generated city of
 * 30 venues with 10 sessions each on the first festival day (films of the seed, every two hours
 * from 10:00), written beside the seed as an import would. Figures, medians of 5:
 *   1. choosing that day: the tab pressed → the 300 blocks drawn and painted (target < 200 ms);
 *   2. opening the grid: navigation → the 300 blocks painted (the data read included);
 *   3. a keyboard move: the arrow pressed → its clashes recomputed over the whole programme and painted.
 * Prints figures; never fails on them.
 */
import { chromium, type Page } from '@playwright/test';
import { SQLite as Database } from '../../server/db/sqlite-driver';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { chromiumPath, dir, fmt, startBuiltServer, stopAll } from '../bench-kit';

const SESSIONS = 300;
const VENUES = 30;
const ROUNDS = 5;
const CITY = 900;
const EMAIL = 'bench-grelha@festa.test';
const PASSWORD = 'lanterna magica de trastevere';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** A city of its own, first in the chooser, with 30 venues and 300 sessions on the festival's first day. */
function generateProgramme(database: string): string {
  const db = new Database(database);
  try {
    const start = (db.prepare("select value from site_settings where key = 'festival_start'").get() as { value: string }).value;
    const films = (db.prepare('select id from movies where is_movie = 1 order by id').all() as { id: number }[]).map((f) => f.id);
    const write = db.transaction(() => {
      db.prepare('insert into cities (id, name, position) values (?, ?, ?)').run(CITY, 'Cidade de ensaio', -1);
      const venue = db.prepare(
        'insert into venues (id, city_id, name, address, turnover_min, opens_at, closes_at) values (?, ?, ?, ?, 15, ?, ?)',
      );
      const session = db.prepare('insert into sessions (id, movie_id, venue_id, starts_at, code) values (?, ?, ?, ?, ?)');
      for (let v = 0; v < VENUES; v++) venue.run(CITY * 100 + v, CITY, `Sala de ensaio ${v + 1}`, '', '10:00', '06:00');
      for (let i = 0; i < SESSIONS; i++) {
        const id = CITY * 1000 + i;
        const slot = Math.floor(i / VENUES);
        const minutes = 10 * 60 + slot * 120;
        const day = minutes >= 24 * 60 ? new Date(Date.parse(`${start}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10) : start;
        const clock = `${String(Math.floor(minutes / 60) % 24).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
        session.run(id, films[i % films.length], CITY * 100 + (i % VENUES), `${day}T${clock}`, `S-${id}`);
      }
    });
    write();
    return start;
  } finally {
    db.close();
  }
}

/**
 * Ms from `act` until the grid shows `count` blocks (and, for a move, has said it) and the frame
 * after is painted. Written as the page's own source: tsx would wrap an inner function of a
 * compiled callback in a helper the page does not have.
 */
async function timed(page: Page, act: 'tab' | 'arrow', target: string, count: number): Promise<number> {
  return page.evaluate(`new Promise((resolve) => {
    const element = document.getElementById(${JSON.stringify(target)}) ?? document.querySelector(${JSON.stringify(target)});
    const before = document.querySelector('.grid-announcement')?.textContent;
    const t0 = performance.now();
    if (${JSON.stringify(act)} === 'tab') element.click();
    else element.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true }));
    const check = () => {
      const drawn = document.querySelectorAll('[data-session]').length >= ${count};
      const said = ${JSON.stringify(act)} === 'tab' || document.querySelector('.grid-announcement')?.textContent !== before;
      if (drawn && said) requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - t0)));
      else requestAnimationFrame(check);
    };
    check();
  })`);
}

/** Ms since navigation start once the frame after now is painted. */
const paintedAt = (page: Page) =>
  page.evaluate<number>('new Promise((resolve) => requestAnimationFrame(() => setTimeout(() => resolve(performance.now()))))');

try {
  if (!existsSync('dist/gestao/gestao.html')) throw new Error('Falta dist/gestao: npx vite build --config vite.gestao.config.ts');
  const { base } = await startBuiltServer();
  const database = join(dir, 'bench.sqlite');
  execFileSync(
    process.execPath,
    ['--import', 'tsx', 'server/cli/staff-command.ts', 'add', EMAIL, '--role', 'programacao', '--password-stdin'],
    {
      env: { ...process.env, DATABASE: database, LOG_LEVEL: 'silent' },
      input: `${PASSWORD}\n`,
    },
  );
  const firstDay = generateProgramme(database);

  const browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox', '--disable-background-networking'] });
  const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'pt-PT' })).newPage();
  await page.goto(`${base}/gestao`);
  await page.getByLabel('Email').fill(EMAIL);
  await page.getByLabel('Palavra-passe').fill(PASSWORD);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await page.getByRole('button', { name: 'Terminar sessão' }).waitFor();

  const opened: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    await page.goto(`${base}/gestao/grelha`);
    await page
      .locator('[data-session]')
      .nth(SESSIONS - 1)
      .waitFor();
    opened.push(await paintedAt(page));
  }
  const otherDay = await page.getByRole('tab').nth(1).getAttribute('id');
  const drawn: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    await timed(page, 'tab', otherDay!, 0);
    drawn.push(await timed(page, 'tab', `grelha-dia-${firstDay}`, SESSIONS));
  }
  const moved: number[] = [];
  for (let round = 0; round < ROUNDS; round++) moved.push(await timed(page, 'arrow', `[data-session="${CITY * 1000}"]`, SESSIONS));
  const clashes = await page.locator('.grid-clashes li.clash-list__item').count();
  await browser.close();

  console.log(`grid: ${SESSIONS} sessions drawn in ${fmt(median(drawn))} ms (median of ${ROUNDS}, day chosen → painted; target < 200 ms)`);
  console.log(
    `grid: opened with ${SESSIONS} sessions in ${fmt(median(opened))} ms (median of ${ROUNDS}, navigation → painted, data read included)`,
  );
  console.log(
    `grid: a keyboard move recomputed and painted in ${fmt(median(moved))} ms (median of ${ROUNDS}, ${clashes} clashes listed that day)`,
  );
} finally {
  stopAll();
}
