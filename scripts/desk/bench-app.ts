/**
 * For the back office's benchmarks: the real app in this process (no port), on a temporary SQLite
 * database migrated and filled with the seed, its clock on the festival's eve so that every
 * session is still to come. Closed and removed by close().
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { importContent } from '../../server/content/import';
import { openDatabase, type Db } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';

export const BENCH_FESTIVAL_START = '2026-04-02';
export const BENCH_NOW = new Date('2026-04-01T12:00:00Z');

export interface BenchApp {
  app: FastifyInstance;
  db: Db;
  close: () => Promise<void>;
}

export async function startBenchApp(): Promise<BenchApp> {
  const dir = mkdtempSync(join(tmpdir(), 'festa-bench-app-'));
  const config = loadConfig(
    {
      NODE_ENV: 'production',
      LOG_LEVEL: 'silent',
      DATABASE: join(dir, 'bench.sqlite'),
      FESTIVAL_START: BENCH_FESTIVAL_START,
      MEDIA_CACHE_DIR: join(dir, 'media'),
    },
    BENCH_NOW,
  );
  const db = openDatabase(config.database);
  await migrateToLatest(db);
  await importContent(db, { ...config, clock: () => BENCH_NOW });
  const app = await buildApp({ db, config, clock: () => BENCH_NOW });
  await app.ready();
  return {
    app,
    db,
    close: async () => {
      await app.close();
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
