/**
 * A fresh server for a test file: a temporary database, migrated, with the seed content imported
 * for a pinned festival and clock; no port is opened (use app.inject).
 *
 * The database is SQLite (a file in a temporary folder) unless TEST_DATABASE=postgres: then each
 * test file gets its own PostgreSQL database, created through TEST_PG_URL (a maintenance
 * connection, e.g. postgres://festa:festa@127.0.0.1:5432/postgres, by a role that may create
 * databases) and dropped when the server closes. `npm run test:server:pg` sets the switch.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Migration } from 'kysely';
import pg from 'pg';
import { buildApp } from '../../server/app';
import { loadConfig, type Config } from '../../server/config';
import { importContent } from '../../server/content/import';
import { openDatabase, type Db } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';
import { migrations } from '../../server/db/migrations/migration-list';
import type { Collections } from '../../src/common/gestao/collections';
import type { Database } from '../../server/db/schema';
import { lisbonDateTime } from '../../server/clock';
import { copyPostgresTemplate, copySqliteTemplate, templateKey, templateRun, type FillDatabase } from '../support/template-database';

/** The festival runs 2026-04-02 to 2026-04-10; "now" is the 5th at 15:00 in Lisbon (UTC+1). */
export const FESTIVAL_START = '2026-04-02';
export const NOW = new Date('2026-04-05T14:00:00Z');
/** The edition before the pinned one: the newest of the history archive (the seed's years follow FESTIVAL_START). */
export const PREVIOUS_EDITION = String(Number(FESTIVAL_START.slice(0, 4)) - 1);

export interface TestServer {
  app: FastifyInstance;
  db: Db;
  config: Config;
  dir: string;
  close: () => Promise<void>;
}

/** The database engine the server tests run on: TEST_DATABASE=postgres (with TEST_PG_URL), else SQLite. */
export const TEST_ENGINE: 'sqlite' | 'postgres' = process.env.TEST_DATABASE === 'postgres' ? 'postgres' : 'sqlite';
export const onPostgres = TEST_ENGINE === 'postgres';

function maintenanceUrl(): string {
  const url = process.env.TEST_PG_URL;
  if (!url || !/^postgres(ql)?:\/\//.test(url)) {
    throw new Error('TEST_DATABASE=postgres needs TEST_PG_URL=postgres://user:password@host:port/postgres');
  }
  return url;
}

async function maintenance<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: maintenanceUrl() });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** A database of the engine under test, named but not made yet, and how to make and drop it. */
interface ReservedDatabase {
  /** Its DATABASE location: the SQLite file, or the PostgreSQL database's URL. */
  location: string;
  /** A temporary folder for files a test writes, on either engine. */
  dir: string;
  /** The database made: a copy of the run's template for `template.key` when given (true), else empty (false). */
  make: (template?: { key: string; fill: FillDatabase }) => Promise<boolean>;
  /** The database removed (the SQLite file's folder, or the PostgreSQL database with its connections). */
  drop: () => Promise<void>;
}

function reserveTestDatabase(): ReservedDatabase {
  const dir = mkdtempSync(join(tmpdir(), 'festa-test-'));
  const removeDir = () => rmSync(dir, { recursive: true, force: true });
  const run = templateRun();
  if (!onPostgres) {
    const location = join(dir, 'test.sqlite');
    return {
      location,
      dir,
      make: async (template) => {
        if (!template || !run) return false;
        await copySqliteTemplate(run, template.key, location, template.fill);
        return true;
      },
      drop: () => Promise.resolve(removeDir()),
    };
  }
  const name = `festa_test_${randomBytes(6).toString('hex')}`;
  const url = new URL(maintenanceUrl());
  url.pathname = `/${name}`;
  return {
    location: url.toString(),
    dir,
    make: async (template) => {
      if (template && run) {
        await copyPostgresTemplate(maintenanceUrl(), run, template.key, name, template.fill);
        return true;
      }
      // Byte order for text, as SQLite compares it, so ORDER BY answers alike on both engines.
      await maintenance((c) => c.query(`CREATE DATABASE ${name} TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C' LC_CTYPE 'C'`));
      return false;
    },
    drop: async () => {
      await maintenance((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
      removeDir();
    },
  };
}

/**
 * An empty database of the engine under test, not migrated: its DATABASE location, and a drop
 * that removes it. `dir` is a temporary folder for files a test writes, on either engine.
 */
export async function createTestDatabase(): Promise<{ location: string; dir: string; drop: () => Promise<void> }> {
  const { location, dir, make, drop } = reserveTestDatabase();
  await make();
  return { location, dir, drop };
}

/** An empty database of the engine under test, opened but not migrated, and how to close and drop it. */
export async function openEmptyTestDatabase(): Promise<{ db: Db; close: () => Promise<void> }> {
  const { location, drop } = await createTestDatabase();
  const db = openDatabase(location);
  return {
    db,
    close: async () => {
      await db.destroy();
      await drop();
    },
  };
}

/**
 * What a test may give its server beyond the site's own: content types with a field more, and the
 * migrations that make their columns, run after the site's on the test's database.
 */
export interface TestContentTypes {
  collections?: Collections;
  migrations?: Record<string, Migration>;
}

/** A server on a fresh database; `now` is its clock and the import's "today" (the pinned NOW unless given). */
export async function startTestServer(
  env: Record<string, string> = {},
  now: Date = NOW,
  { collections, migrations: more = {} }: TestContentTypes = {},
): Promise<TestServer> {
  const { location, dir, make, drop } = reserveTestDatabase();
  let db: Db | undefined;
  let app: FastifyInstance;
  let config: Config;
  try {
    config = loadConfig(
      { NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE: location, FESTIVAL_START, MEDIA_CACHE_DIR: join(dir, 'media-variants'), ...env },
      now,
    );
    const migrateAndImport = async (target: Db) => {
      await migrateToLatest(target, { ...migrations, ...more });
      await importContent(target, { ...config, clock: () => now });
    };
    // A test's own migrations make columns no template has; every other server copies the
    // template of its environment and clock (tests/support/template-database.ts).
    const template =
      Object.keys(more).length === 0
        ? {
            key: templateKey({ engine: TEST_ENGINE, env, now: now.toISOString() }),
            fill: async (templateLocation: string) => {
              const filling = openDatabase(templateLocation, { auditKeys: config.auditKeys });
              try {
                await migrateAndImport(filling);
              } finally {
                await filling.destroy();
              }
            },
          }
        : undefined;
    const copied = await make(template);
    db = openDatabase(config.database, { auditKeys: config.auditKeys });
    if (!copied) await migrateAndImport(db);
    app = await buildApp({ db, config, clock: () => now, ...(collections ? { collections } : {}) });
    await app.ready();
  } catch (error) {
    // A server that cannot start (a test of a bad configuration) leaves no database behind.
    await db?.destroy();
    await drop();
    throw error;
  }
  return {
    app,
    db,
    config,
    dir,
    close: async () => {
      await app.close();
      await db.destroy();
      await drop();
    },
  };
}

/** GET a JSON endpoint of the API and return status and parsed body. */
export async function getJson<T = unknown>(app: FastifyInstance, path: string) {
  const response = await app.inject({ method: 'GET', url: `/admin${path}` });
  return { status: response.statusCode, body: response.json<T>(), headers: response.headers };
}

/**
 * The parts of the served OpenAPI document (GET /admin/openapi.json) that the tests read; a type
 * alias, not an interface, so that it is also a plain Record for the OpenAPI validator.
 */
export type OpenApiDocument = {
  openapi: string;
  paths: Record<string, { get: OpenApiOperation; post: OpenApiOperation }>;
};
export interface OpenApiOperation {
  parameters: Record<string, unknown>[];
  requestBody: { content: OpenApiContent };
  responses: Record<'200', { content: OpenApiContent }>;
}
export interface OpenApiContent {
  'application/json': { schema: OpenApiSchema };
}
export interface OpenApiSchema {
  type?: string;
  required: string[];
  properties: Record<string, OpenApiSchema>;
  items: OpenApiSchema;
}

/** How many rows a table holds. */
export async function countRows(db: Db, table: keyof Database): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A session that has not started at the tests' pinned clock (ticket requests are for those only). */
export async function futureSession(db: Db): Promise<{ id: string; movieId: string }> {
  const row = await db
    .selectFrom('sessions')
    .select(['id', 'movie_id'])
    .where('starts_at', '>', lisbonDateTime(NOW))
    .orderBy('starts_at')
    .orderBy('id')
    .executeTakeFirstOrThrow();
  return { id: String(row.id), movieId: String(row.movie_id) };
}
