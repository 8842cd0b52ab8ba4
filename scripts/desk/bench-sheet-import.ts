/**
 * npx tsx scripts/desk/bench-sheet-import.ts — the programme's spreadsheet import, timed against a real
 * temporary database with the seed programme (SQLite; PostgreSQL too when TEST_PG_URL is set,
 * a maintenance connection that may create databases). The seed's 300 sessions exported, 50 of
 * them moved by half an hour and 650 new ones added: a 1,000-row CSV and the same as XLSX. For
 * each, the file read, the dry run and the application as drafts (then undone, so every run starts
 * from the same draft), median of 3. Target: dry run and apply each under 5 s for 1,000 rows.
 * Prints figures; never fails on them.
 */
import { parse } from 'csv-parse/sync';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { SHEET_CELL_KINDS, SHEET_COLUMNS } from '../../src/common/gestao/programme-sheet';
import { loadConfig } from '../../server/config';
import { importContent } from '../../server/content/import';
import { openDatabase, type Db } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';
import {
  applyImport,
  dryRunImport,
  exportProgramme,
  undoImport,
  uploadProgramme,
} from '../../server/gestao/editing/programme-spreadsheets';
import type { Actor } from '../../server/gestao/editing/records';
import { writeCsv, writeXlsx } from '../../server/gestao/editing/sheet-files';

const RUNS = 3;
const FESTIVAL_START = '2026-04-02';
const NOW = new Date('2026-04-05T14:00:00Z');
const actor: Actor = { id: 1, email: 'bench@festa.test', role: 'programacao' };

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const ms = (value: number) => `${Math.round(value)} ms`;

async function timed<T>(run: () => Promise<T>): Promise<[T, number]> {
  const start = performance.now();
  const result = await run();
  return [result, performance.now() - start];
}

/** A database of the engine, migrated, with the seed content; and how to drop it. */
async function seededDatabase(engine: 'sqlite' | 'postgres'): Promise<{ db: Db; drop: () => Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'festa-bench-import-'));
  let location = join(dir, 'bench.sqlite');
  let dropDatabase = () => Promise.resolve();
  if (engine === 'postgres') {
    const name = `festa_bench_${randomBytes(6).toString('hex')}`;
    const admin = async (query: string) => {
      const client = new pg.Client({ connectionString: process.env.TEST_PG_URL });
      await client.connect();
      try {
        await client.query(query);
      } finally {
        await client.end();
      }
    };
    await admin(`CREATE DATABASE ${name} TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C' LC_CTYPE 'C'`);
    const url = new URL(process.env.TEST_PG_URL!);
    url.pathname = `/${name}`;
    location = url.toString();
    dropDatabase = () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
  const config = loadConfig(
    { NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE: location, FESTIVAL_START, MEDIA_CACHE_DIR: join(dir, 'media') },
    NOW,
  );
  const db = openDatabase(config.database);
  await migrateToLatest(db);
  await importContent(db, { ...config, clock: () => NOW });
  return {
    db,
    drop: async () => {
      await db.destroy();
      await dropDatabase();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The seed programme extended to 1,000 rows: 50 sessions half an hour later, 650 new ones. */
async function thousandRows(db: Db): Promise<Record<string, string>[]> {
  const exported: string[][] = parse((await exportProgramme(db, 'csv')).toString('utf8'), { bom: true });
  const rows = exported.slice(1).map((cells) => Object.fromEntries(SHEET_COLUMNS.map((c, i) => [c, cells[i] ?? ''])));
  for (const row of rows.slice(0, 50)) row.hora = row.hora === '10:30' ? '11:00' : '10:30';
  const extra = Array.from({ length: 1000 - rows.length }, (_, i) => {
    const like = rows[i % rows.length]!;
    return {
      ...like,
      codigo: `BENCH-${i + 1}`,
      hora: `${String(10 + (i % 13)).padStart(2, '0')}:${i % 2 ? '05' : '35'}`,
      estado: '',
      motivo: '',
    };
  });
  return [...rows, ...extra];
}

async function bench(engine: 'sqlite' | 'postgres'): Promise<void> {
  const { db, drop } = await seededDatabase(engine);
  try {
    const rows = await thousandRows(db);
    const files = {
      csv: writeCsv(SHEET_COLUMNS, rows),
      xlsx: await writeXlsx(SHEET_COLUMNS, rows, 'Programa', SHEET_CELL_KINDS),
    };
    for (const [format, data] of Object.entries(files)) {
      const times = { read: [] as number[], dryRun: [] as number[], apply: [] as number[], undo: [] as number[] };
      let counts = '';
      for (let run = 0; run < RUNS; run++) {
        const at = new Date(NOW.getTime() + run * 60_000).toISOString();
        const [file, read] = await timed(() => uploadProgramme(db, actor, NOW, { data, name: `programa.${format}` }));
        const [dryRun, dry] = await timed(() => dryRunImport(db, actor, at, file.id, file.mapping));
        const [, apply] = await timed(() => applyImport(db, actor, at, file.id, file.mapping));
        const [, undo] = await timed(() => undoImport(db, actor, at, file.id));
        times.read.push(read);
        times.dryRun.push(dry);
        times.apply.push(apply);
        times.undo.push(undo);
        counts = `${dryRun.counts.novo} novas, ${dryRun.counts.alterado} alteradas, ${dryRun.counts['sem alterações']} iguais, ${dryRun.counts.erro} erros`;
      }
      const label = `import ${engine} ${format}, ${rows.length} rows (${counts})`;
      console.log(`${label}: file read in ${ms(median(times.read))} (median of ${RUNS})`);
      console.log(`${label}: dry run in ${ms(median(times.dryRun))} (median of ${RUNS}; target < 5000 ms)`);
      console.log(`${label}: applied in ${ms(median(times.apply))} (median of ${RUNS}; target < 5000 ms)`);
      console.log(`${label}: undone in ${ms(median(times.undo))} (median of ${RUNS})`);
    }
  } finally {
    await drop();
  }
}

await bench('sqlite');
if (process.env.TEST_PG_URL) await bench('postgres');
else console.log('import postgres: TEST_PG_URL is not set, PostgreSQL not measured');
