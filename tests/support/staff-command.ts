/**
 * `npm run staff -- add` run as a process beside a server of its own (its database a SQLite file
 * or a PostgreSQL URL): how the e2e stories and the benches make the accounts they log in with.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { REPOSITORY } from './server-process';

/** Adds an account to `database`, as `npm run staff -- add` does; rejects when the command fails. */
export async function addStaffAccount(database: string, address: string, role: string, password: string): Promise<void> {
  const child = promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', 'server/cli/staff-command.ts', 'add', address, '--role', role, '--password-stdin'],
    { cwd: REPOSITORY, env: { ...process.env, DATABASE: database, LOG_LEVEL: 'silent' } },
  );
  child.child.stdin?.end(`${password}\n`);
  await child;
}
