/**
 * `npm run staff -- add` beside a server of its own (its database a SQLite file or a PostgreSQL
 * URL): how the e2e stories and the benches make the accounts they log in with. The command's own
 * code (runStaffCommand) runs in the caller's process: a process per account would load the
 * server's modules and the password checker's dictionaries again each time, some 3 s of CPU.
 */
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/database';
import { runStaffCommand } from '../../server/gestao/run-staff-command';

/** Adds an account to `database`, as `npm run staff -- add` does; rejects when the command fails. */
export async function addStaffAccount(database: string, address: string, role: string, password: string): Promise<void> {
  const config = loadConfig({ ...process.env, DATABASE: database, LOG_LEVEL: 'silent' });
  const db = openDatabase(config.database, { auditKeys: config.auditKeys });
  try {
    const result = await runStaffCommand(['add', address, '--role', role, '--password-stdin'], {
      db,
      now: new Date(),
      readStdin: () => Promise.resolve(`${password}\n`),
    });
    if (result.code !== 0) throw new Error(`npm run staff -- add ${address} failed (${result.code}): ${result.err}`);
  } finally {
    await db.destroy();
  }
}
