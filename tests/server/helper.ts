/**
 * A fresh server for a test file: a temporary SQLite database, migrated, with the seed content
 * imported for a pinned festival and clock; no port is opened (use app.inject).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { loadConfig, type Config } from '../../server/config';
import { importContent } from '../../server/content/import';
import { openDatabase, type Db } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';
import type { Database } from '../../server/db/schema';

/** The festival runs 2026-04-02 to 2026-04-10; "now" is the 5th at 15:00 in Lisbon (UTC+1). */
export const FESTIVAL_START = '2026-04-02';
export const NOW = new Date('2026-04-05T14:00:00Z');

export interface TestServer {
  app: FastifyInstance;
  db: Db;
  config: Config;
  dir: string;
  close: () => Promise<void>;
}

export async function startTestServer(env: Record<string, string> = {}): Promise<TestServer> {
  const dir = mkdtempSync(join(tmpdir(), 'festa-test-'));
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE: join(dir, 'test.sqlite'), FESTIVAL_START, ...env }, NOW);
  const db = openDatabase(config.database);
  await migrateToLatest(db);
  await importContent(db, config);
  const app = await buildApp({ db, config, clock: () => NOW });
  await app.ready();
  return {
    app,
    db,
    config,
    dir,
    close: async () => {
      await app.close();
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
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
