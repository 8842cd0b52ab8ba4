/**
 * A last-minute change, in figures: how long the programmer's phone waits between the reason's
 * tap and "Publicado" (one session's status changed and published as a release of its own: the
 * content read before and after for the changelog, the snapshot stored, the sessions' versions
 * recorded), and how long the phone screen's day takes to read. On a temporary SQLite database
 * with the seed content. Run: npx tsx scripts/desk/bench-last-minute.ts
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadConfig } from '../../server/config';
import { importContent } from '../../server/content/import';
import { openDatabase } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';
import { changeSessionStatus, lastMinuteDay } from '../../server/gestao/editing/last-minute-changes';

const RUNS = 5;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const dir = mkdtempSync(join(tmpdir(), 'festa-bench-last-minute-'));
const now = new Date();
const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE: join(dir, 'bench.sqlite') }, now);
const db = openDatabase(config.database);
try {
  await migrateToLatest(db);
  await importContent(db, { ...config, clock: () => now });
  const programmer = { id: 1, email: 'bench@festa.test', role: 'programacao' as const };

  const reads: number[] = [];
  let day = await lastMinuteDay(db, now, undefined);
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    day = await lastMinuteDay(db, now, undefined);
    reads.push(performance.now() - started);
  }
  const sessions = await db
    .selectFrom('sessions')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  console.log(`last-minute: today's ${day.sessions.length} sessions read in ${median(reads).toFixed(1)} ms (median of ${RUNS})`);

  // Cancelled then restored, again and again: each is a release of its own.
  const session = day.sessions[0]!;
  let version = session.version;
  const publishes: number[] = [];
  for (let i = 0; i < RUNS * 2; i++) {
    const body = i % 2 === 0 ? { status: 'cancelled', note: 'cópia não chegou' } : { status: '', note: '' };
    const started = performance.now();
    const result = await changeSessionStatus(db, programmer, new Date().toISOString(), session.id, { ...body, baseVersion: version });
    publishes.push(performance.now() - started);
    version = result.session.version;
  }
  console.log(
    `last-minute: one session's status published as its own release in ${median(publishes).toFixed(1)} ms (median of ${publishes.length}, ${Number(sessions.n)} sessions in the programme)`,
  );
} finally {
  await db.destroy();
  rmSync(dir, { recursive: true, force: true });
}
