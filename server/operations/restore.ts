/**
 * `npm run restore -- <file>`: a backup of `npm run backup` into the database DATABASE names, which
 * must be empty: a restore never mixes with, nor replaces, data that is there (that would be a
 * second, silent loss). The migrations come with the backup; a server newer than the backup
 * applies its own when it starts.
 *
 * PostgreSQL with two roles (docs/operations.md): the dump keeps no owners or grants, so the restore
 * connects to DATABASE's database as MIGRATION_DATABASE's role, the owner (its database, the live
 * one in the environment file, is never touched), and then gives DATABASE's role, the instances',
 * what the operations guide grants it: read and write the tables, only read and add to the audit log.
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

/** A restore that went in whole, but DATABASE's role could not be given the app's grants: what to do. */
export class RestoredWithoutGrants extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'RestoredWithoutGrants';
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

/** `variable`: whose credentials were refused (DATABASE, or MIGRATION_DATABASE's role). */
function describePgError(location: string, error: unknown, variable = 'DATABASE'): Error {
  const code = (error as { code?: unknown }).code;
  if (code === '3D000') {
    return new RestoreRefused(`A ${describeDatabase(location)} não existe: crie-a vazia (createdb) e volte a correr a reposição.`);
  }
  if (code === 'ECONNREFUSED' || code === 'ENOTFOUND') return new Error(`O servidor da ${describeDatabase(location)} não responde.`);
  if (code === '28P01' || code === '28000') return new Error(`O PostgreSQL recusou as credenciais de ${variable}.`);
  return error instanceof Error ? error : new Error(String(error));
}

/** What a PostgreSQL database holds, as the role that restores: and whether that role may create tables there. */
interface PostgresTarget extends Contents {
  role: string;
  schema: string | null;
  mayCreate: boolean;
}

/** Tables, views, sequences… in the schemas a dump restores into (everything but PostgreSQL's own). */
async function postgresTarget(location: string, variable: string): Promise<PostgresTarget> {
  const client = new pg.Client({ connectionString: location });
  try {
    await client.connect();
    const { rows } = await client.query<{
      tables: string;
      others: string;
      role: string;
      schema: string | null;
      may_create: boolean | null;
    }>(
      `select count(*) filter (where c.relkind in ('r', 'p')) as tables, count(*) filter (where c.relkind not in ('r', 'p')) as others,
              current_user as role, current_schema() as schema,
              coalesce(has_schema_privilege(current_schema(), 'CREATE'), false) as may_create
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg_toast%' and n.nspname not like 'pg_temp%'
          and c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')`,
    );
    const row = rows[0];
    return {
      tables: Number(row?.tables ?? 0),
      others: Number(row?.others ?? 0),
      role: row?.role ?? '',
      schema: row?.schema ?? null,
      mayCreate: row?.may_create === true,
    };
  } catch (error) {
    throw describePgError(location, error, variable);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** The role a URL logs in as (DATABASE's, the instances'), asked of the server: the URL may name none. */
async function roleOf(location: string): Promise<string> {
  const client = new pg.Client({ connectionString: location });
  try {
    await client.connect();
    const { rows } = await client.query<{ role: string }>('select current_user as role');
    return rows[0]!.role;
  } catch (error) {
    throw describePgError(location, error);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** DATABASE's url with MIGRATION_DATABASE's role and password: the owner, on the database being restored. */
function asOwner(location: string, migrationDatabase: string): string {
  const url = new URL(location);
  const owner = new URL(migrationDatabase);
  url.username = owner.username;
  url.password = owner.password;
  return url.toString();
}

/**
 * What docs/operations.md grants the instances' role ("Two roles"), as the owner, on the restored
 * tables and on those later migrations make: every table read and written, but the audit log only
 * read and added to, and its chain's head only read (the owner's trigger writes it).
 */
async function grantAppRole(ownerLocation: string, app: string): Promise<void> {
  const client = new pg.Client({ connectionString: ownerLocation });
  try {
    await client.connect();
    const role = client.escapeIdentifier(app);
    const { rows } = await client.query<{ database: string; schema: string; log: boolean; head: boolean; seal: boolean }>(
      `select current_database() as database, current_schema() as schema, to_regclass('audit_log') is not null as log,
              to_regclass('audit_chain_head') is not null as head, to_regclass('audit_log_seal') is not null as seal`,
    );
    const found = rows[0]!;
    const schema = client.escapeIdentifier(found.schema);
    const statements = [
      `GRANT CONNECT ON DATABASE ${client.escapeIdentifier(found.database)} TO ${role}`,
      `GRANT USAGE ON SCHEMA ${schema} TO ${role}`,
      `GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA ${schema} TO ${role}`,
      `GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA ${schema} TO ${role}`,
      ...(found.log ? [`REVOKE UPDATE, DELETE, TRUNCATE ON audit_log FROM ${role}`] : []),
      ...(found.head ? [`REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON audit_chain_head FROM ${role}`] : []),
      ...(found.seal ? [`REVOKE UPDATE, DELETE, TRUNCATE ON audit_log_seal FROM ${role}`] : []),
      `ALTER DEFAULT PRIVILEGES IN SCHEMA ${schema} GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO ${role}`,
      `ALTER DEFAULT PRIVILEGES IN SCHEMA ${schema} GRANT USAGE, SELECT ON SEQUENCES TO ${role}`,
    ];
    await client.query('BEGIN');
    for (const statement of statements) await client.query(statement);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    const message = error instanceof Error ? error.message : String(error);
    throw new RestoredWithoutGrants(
      `A cópia foi reposta, mas não foi possível dar ao papel ${app} (o de DATABASE) as permissões da aplicação: ${message}. ` +
        'Dê-lhas como superutilizador, com os GRANT e REVOKE de docs/operations.md (Two roles), antes de arrancar as instâncias.',
      { cause: error },
    );
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Who restored a PostgreSQL backup and who was given the app's grants. */
export interface RestoreRoles {
  /** The role that owns what was restored. */
  owner: string;
  /** DATABASE's role, given the app's grants; undefined with one role. */
  app: string | undefined;
}

async function restorePostgres(file: string, location: string, migrationDatabase: string | undefined): Promise<RestoreRoles> {
  const ownerLocation = migrationDatabase ? asOwner(location, migrationDatabase) : location;
  const target = await postgresTarget(ownerLocation, migrationDatabase ? 'MIGRATION_DATABASE' : 'DATABASE');
  if (target.tables + target.others > 0) throw notEmpty(location, target);
  if (!target.mayCreate) {
    const where = target.schema ? `no esquema ${target.schema}` : 'em nenhum esquema';
    const name = decodeURIComponent(new URL(location).pathname.slice(1));
    throw new RestoreRefused(
      `A reposição foi recusada: o papel ${target.role}${migrationDatabase ? ' (o de MIGRATION_DATABASE, dono das tabelas)' : ''} não pode criar tabelas ${where} da ${describeDatabase(location)}. ` +
        `Crie a base de dados para esse papel, como um papel que possa criar bases de dados (createdb --owner=${target.role} ${name}), ` +
        `ou passe-lha (ALTER DATABASE ${name} OWNER TO ${target.role};), e volte a correr a reposição (docs/operations.md, Backup and restore).`,
    );
  }
  const app = migrationDatabase ? await roleOf(location) : target.role;
  await pgRestore(ownerLocation, file);
  if (app === target.role) return { owner: target.role, app: undefined };
  await grantAppRole(ownerLocation, app);
  return { owner: target.role, app };
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
  /** PostgreSQL: the role that restored (and owns) the tables, and the one given the app's grants. */
  roles?: RestoreRoles;
}

/**
 * Restores `file` into the empty database at `location`; RestoreRefused when it is not empty or not
 * the same engine, or when the restoring role may not create tables there. With `migrationDatabase`
 * (PostgreSQL, two roles) it restores as that url's role, on `location`'s database, and grants
 * `location`'s role the app's privileges.
 */
export async function restoreBackup(
  file: string,
  location: string,
  { migrationDatabase }: { migrationDatabase?: string | undefined } = {},
): Promise<RestoreResult> {
  const engine = engineOfFile(file);
  const target: Engine = isPostgresUrl(location) ? 'postgres' : 'sqlite';
  if (engine !== target) {
    throw new RestoreRefused(
      `O ficheiro ${file} é uma cópia ${ENGINE_NAME[engine]}, mas DATABASE aponta para a ${describeDatabase(location)}: ` +
        `uma cópia repõe-se numa base de dados ${ENGINE_NAME[engine]}.`,
    );
  }
  let roles: RestoreRoles | undefined;
  try {
    if (engine === 'postgres') roles = await restorePostgres(file, location, migrationDatabase);
    else await restoreSqlite(file, location);
  } catch (error) {
    if (error instanceof RestoreRefused || error instanceof RestoredWithoutGrants) throw error;
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(`A reposição de ${file} na ${describeDatabase(location)} falhou: ${message}`, { cause: error });
  }
  return { engine, migrations: await migrationsOf(location, engine), ...(roles ? { roles } : {}) };
}
