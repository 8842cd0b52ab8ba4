/**
 * pg_dump and pg_restore (Debian's postgresql-client) run on the DATABASE url. The password goes
 * in PGPASSWORD, not on the command line, where any user of the machine could read it in `ps`.
 */
import { spawn } from 'node:child_process';

/** The url without its password, and the environment that gives it to libpq. */
function connection(databaseUrl: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  // --no-password below: a missing password fails at once instead of waiting for a prompt under cron.
  return { dbname: url.toString(), env: password ? { ...process.env, PGPASSWORD: password } : { ...process.env } };
}

/** Runs one of the client tools; resolves with its standard output, or fails with what it printed. */
function run(tool: 'pg_dump' | 'pg_restore', args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', (error: NodeJS.ErrnoException) => {
      reject(
        new Error(
          error.code === 'ENOENT'
            ? `O programa ${tool} não está instalado: instale o cliente do PostgreSQL (Debian: apt-get install postgresql-client).`
            : `Não foi possível correr ${tool}: ${error.message}`,
        ),
      );
    });
    child.once('close', (code) => {
      if (code === 0) resolve(stdout);
      else reject(new Error(`O ${tool} falhou (código ${code ?? 'desconhecido'}):\n${stderr.trim()}`));
    });
  });
}

/** The whole database in pg_dump's custom format (-Fc): one consistent snapshot, compressed, for pg_restore. */
export async function pgDump(databaseUrl: string, file: string): Promise<void> {
  const { dbname, env } = connection(databaseUrl);
  await run('pg_dump', ['--format=custom', '--no-password', `--file=${file}`, `--dbname=${dbname}`], env);
}

/** pg_restore's table of contents of a dump: fails on a file that is not one. */
export function pgDumpContents(file: string): Promise<string> {
  return run('pg_restore', ['--list', file], process.env);
}

/**
 * Restores a dump into the (empty) database of the url, all or nothing. Without the owners and
 * grants of the machine it was taken on: the tables belong to whoever restores them, the role the
 * server connects as, or with two roles the owner's (restore.ts then grants the app's role).
 */
export async function pgRestore(databaseUrl: string, file: string): Promise<void> {
  const { dbname, env } = connection(databaseUrl);
  await run(
    'pg_restore',
    ['--no-password', '--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${dbname}`, file],
    env,
  );
}
