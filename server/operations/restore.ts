/**
 * `npm run restore -- <file>`: a backup of `npm run backup` into the database DATABASE names, which
 * must be empty: a restore never mixes with, nor replaces, data that is there (that would be a
 * second, silent loss). The migrations come with the backup; a server newer than the backup
 * applies its own when it starts.
 */
import { SQLite, type SqliteDatabase } from '../db/sqlite-driver';
import { closeSync, existsSync, mkdirSync, openSync, readSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import pg from 'pg';
import type { Engine } from './backup';
import { describeDatabase, isPostgresUrl } from './backup-config';
import { pgRestore } from './postgres-tools';

/** A restore that was not attempted, and why, in words for the person running it. */
export class RestoreRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RestoreRefused';
  }
}

const ENGINE_NAME: Record<Engine, string> = { sqlite: 'SQLite', postgres: 'PostgreSQL' };

/** What a backup file is, by its first bytes (never by its name, which anyone can change). */
function engineOfFile(file: string): Engine {
  if (!existsSync(file)) throw new RestoreRefused(`O ficheiro ${file} não existe.`);
  if (!statSync(file).isFile()) throw new RestoreRefused(`${file} não é um ficheiro.`);
  const head = Buffer.alloc(16);
  const fd = openSync(file, 'r');
  try {
    readSync(fd, head, 0, head.length, 0);
  } finally {
    closeSync(fd);
  }
  if (head.toString('latin1') === 'SQLite format 3\0') return 'sqlite';
  if (head.subarray(0, 5).toString('latin1') === 'PGDMP') return 'postgres';
  throw new RestoreRefused(
    `O ficheiro ${file} não é uma cópia de segurança do site (uma base de dados SQLite ou um ficheiro do pg_dump em formato personalizado).`,
  );
}

/** What a database holds: its tables, and the other objects (indexes, views, sequences…). */
interface Contents {
  tables: number;
  others: number;
}

const holds = ({ tables, others }: Contents) =>
  tables > 0
    ? `${tables} ${tables === 1 ? 'tabela' : 'tabelas'}`
    : `${others} ${others === 1 ? 'objeto' : 'objetos'} (vistas, sequências…)`;

const notEmpty = (location: string, contents: Contents) =>
  new RestoreRefused(
    `A reposição foi recusada: a ${describeDatabase(location)} não está vazia (já tem ${holds(contents)}). ` +
      'Uma cópia só se repõe numa base de dados vazia, para não misturar nem apagar o que lá está. ' +
      'Indique em DATABASE uma base de dados nova: um ficheiro SQLite que ainda não exista, ou uma base de dados PostgreSQL acabada de criar (createdb).',
  );

/** What a SQLite file holds; nothing when there is no file. */
function sqliteContents(location: string): Contents {
  if (!existsSync(location) || statSync(location).size === 0) return { tables: 0, others: 0 };
  let db: SqliteDatabase | undefined;
  try {
    db = new SQLite(location, { fileMustExist: true, readonly: true });
    return db
      .prepare(
        "select count(*) filter (where type = 'table') as tables, count(*) filter (where type <> 'table') as others from sqlite_master",
      )
      .get() as Contents;
  } catch {
    throw new RestoreRefused(
      `A reposição foi recusada: ${location} existe e não é uma base de dados SQLite que se possa ler; não se escreve por cima dele.`,
    );
  } finally {
    db?.close();
  }
}

/** The tables of a restored SQLite file, checked whole. */
async function restoreSqlite(file: string, location: string): Promise<void> {
  const contents = sqliteContents(location);
  if (contents.tables + contents.others > 0) throw notEmpty(location, contents);
  // Written beside it and renamed when checked: a restore cut short leaves no half database that a
  // server would start on, nor one that the next attempt would refuse as not empty.
  const partial = `${location}.parcial`;
  rmSync(partial, { force: true });
  mkdirSync(dirname(location), { recursive: true });
  const source = new SQLite(file, { fileMustExist: true, readonly: true });
  try {
    await source.backup(partial, { progress: () => 0x7fffffff });
  } finally {
    source.close();
  }
  try {
    const target = new SQLite(partial, { fileMustExist: true });
    try {
      const check = target.pragma('quick_check', { simple: true });
      if (check !== 'ok') throw new Error(`A base de dados reposta não passou a verificação do SQLite (${String(check)}).`);
    } finally {
      target.close();
    }
    // What is there holds nothing (checked above): an empty file, or a database without tables.
    for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(`${location}${suffix}`, { force: true });
    renameSync(partial, location);
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
}

function describePgError(location: string, error: unknown): Error {
  const code = (error as { code?: unknown }).code;
  if (code === '3D000') {
    return new RestoreRefused(`A ${describeDatabase(location)} não existe: crie-a vazia (createdb) e volte a correr a reposição.`);
  }
  if (code === 'ECONNREFUSED' || code === 'ENOTFOUND') return new Error(`O servidor da ${describeDatabase(location)} não responde.`);
  if (code === '28P01' || code === '28000') return new Error(`O PostgreSQL recusou as credenciais de DATABASE.`);
  return error instanceof Error ? error : new Error(String(error));
}

/** Tables, views, sequences… in the schemas a dump restores into (everything but PostgreSQL's own). */
async function postgresContents(location: string): Promise<Contents> {
  const client = new pg.Client({ connectionString: location });
  try {
    await client.connect();
    const { rows } = await client.query<{ tables: string; others: string }>(
      `select count(*) filter (where c.relkind in ('r', 'p')) as tables, count(*) filter (where c.relkind not in ('r', 'p')) as others
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg_toast%' and n.nspname not like 'pg_temp%'
          and c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')`,
    );
    return { tables: Number(rows[0]?.tables ?? 0), others: Number(rows[0]?.others ?? 0) };
  } catch (error) {
    throw describePgError(location, error);
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function restorePostgres(file: string, location: string): Promise<void> {
  const contents = await postgresContents(location);
  if (contents.tables + contents.others > 0) throw notEmpty(location, contents);
  await pgRestore(location, file);
}

/** The migrations the restored database has, the newest last (what the server will start from). */
async function migrationsOf(location: string, engine: Engine): Promise<string[]> {
  const query = 'select name from kysely_migration order by name';
  try {
    if (engine === 'sqlite') {
      const db = new SQLite(location, { fileMustExist: true, readonly: true });
      try {
        return (db.prepare(query).all() as { name: string }[]).map((r) => r.name);
      } finally {
        db.close();
      }
    }
    const client = new pg.Client({ connectionString: location });
    await client.connect();
    try {
      return (await client.query<{ name: string }>(query)).rows.map((r) => r.name);
    } finally {
      await client.end();
    }
  } catch {
    return [];
  }
}

export interface RestoreResult {
  engine: Engine;
  /** The migrations that came with the backup (empty: not a backup of this site). */
  migrations: string[];
}

/** Restores `file` into the empty database at `location`; RestoreRefused when it is not empty or not the same engine. */
export async function restoreBackup(file: string, location: string): Promise<RestoreResult> {
  const engine = engineOfFile(file);
  const target: Engine = isPostgresUrl(location) ? 'postgres' : 'sqlite';
  if (engine !== target) {
    throw new RestoreRefused(
      `O ficheiro ${file} é uma cópia ${ENGINE_NAME[engine]}, mas DATABASE aponta para a ${describeDatabase(location)}: ` +
        `uma cópia repõe-se numa base de dados ${ENGINE_NAME[engine]}.`,
    );
  }
  try {
    if (engine === 'postgres') await restorePostgres(file, location);
    else await restoreSqlite(file, location);
  } catch (error) {
    if (error instanceof RestoreRefused) throw error;
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(`A reposição de ${file} na ${describeDatabase(location)} falhou: ${message}`, { cause: error });
  }
  return { engine, migrations: await migrationsOf(location, engine) };
}
