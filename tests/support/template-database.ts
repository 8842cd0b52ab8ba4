/**
 * Template databases for the test servers: migrating and importing the seed takes some 600 ms on
 * PostgreSQL and 350 ms on SQLite, copying a database that already holds them 40 ms and 5 ms. The
 * first server of a configuration (its environment and clock) in a run builds the template; every
 * later one, in any worker, copies it. Templates belong to one run (FESTA_TEST_TEMPLATES, set by
 * tests/setup/template-databases.ts), so a change to a migration or the seed never meets an old one.
 */
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

/** What fills a template: migrations and the import, on an empty database at `location`. */
export type FillDatabase = (location: string) => Promise<void>;

const PREFIX = 'festa_tpl_';

function sqliteFolder(run: string): string {
  return join(tmpdir(), `festa-templates-${run}`);
}

/** The run's name, or undefined outside a run that set one (a file run on its own still works, without templates). */
export function templateRun(): string | undefined {
  return process.env.FESTA_TEST_TEMPLATES;
}

/** A short, stable name for a configuration. */
export function templateKey(configuration: unknown): string {
  return createHash('sha256').update(JSON.stringify(configuration)).digest('hex').slice(0, 16);
}

/** The SQLite file at `target` made a copy of the run's template for `key`, filling the template first if it is the first. */
export async function copySqliteTemplate(run: string, key: string, target: string, fill: FillDatabase): Promise<void> {
  const folder = sqliteFolder(run);
  const template = join(folder, `${key}.sqlite`);
  if (!existsSync(template)) {
    mkdirSync(folder, { recursive: true });
    // Filled under a name of its own and renamed whole: two workers filling the same template at
    // once each rename a complete file, never copy a half-filled one.
    const filling = join(folder, `${key}.${process.pid}.${Date.now()}.filling`);
    await fill(filling);
    renameSync(filling, template);
  }
  copyFileSync(template, target);
}

/**
 * The PostgreSQL database `name` created as a copy of the run's template for `key`, filling the
 * template first if it is the first (under an advisory lock, so two workers never fill it twice).
 */
export async function copyPostgresTemplate(
  maintenanceUrl: string,
  run: string,
  key: string,
  name: string,
  fill: FillDatabase,
): Promise<void> {
  const template = `${PREFIX}${run}_${key}`;
  const client = new pg.Client({ connectionString: maintenanceUrl });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock(hashtext($1))', [template]);
    try {
      const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [template]);
      if (found.rowCount === 0) {
        await client.query(`CREATE DATABASE ${template} TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C' LC_CTYPE 'C'`);
        const url = new URL(maintenanceUrl);
        url.pathname = `/${template}`;
        await fill(url.toString());
      }
    } finally {
      await client.query('SELECT pg_advisory_unlock(hashtext($1))', [template]);
    }
    await client.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  } finally {
    await client.end();
  }
}

/** The run's templates removed: its SQLite folder, and on PostgreSQL (when TEST_PG_URL is set) its databases. */
export async function removeTemplates(run: string): Promise<void> {
  rmSync(sqliteFolder(run), { recursive: true, force: true });
  const url = process.env.TEST_PG_URL;
  if (process.env.TEST_DATABASE !== 'postgres' || !url) return;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>('SELECT datname FROM pg_database WHERE datname LIKE $1', [
      `${PREFIX}${run}_%`,
    ]);
    for (const { datname } of rows) await client.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
  } finally {
    await client.end();
  }
}
