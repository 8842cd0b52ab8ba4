/*
 * Frozen in time: this migration must never import application code, and never change once
 * released. A change of schema is a new migration with a later date.
 *
 * Login throttling that cannot lock out the owner (OWASP's device cookies). A failed login is
 * now counted by who tried: `device` is the known device whose cookie it carried (the SHA-256
 * of the cookie's nonce), null for a client without one, counted against the account and the
 * address; `kind` says whether a password (or its TOTP code) or a passkey failed, since passkey
 * failures count only against their address, or a wrong answer to "the password again"
 * ('reauth', `device` then naming the session: counted per session, never per account). The
 * rows already there are password failures of clients without a device cookie, which is what
 * they were.
 *
 * staff_login_lockouts keeps one row per counter that has crossed its limit (scope: account,
 * address, device, passkey; key: the typed email, the address, the device), so that its
 * crossing and its lifting are audited once, whichever instance sees them, and administrators
 * can list and lift them. `lifted_at` null and `until` ahead: in force. `reset_at`: an
 * administrator lifted it, and failures before then no longer count for that key.
 */
import { PostgresAdapter, type Kysely } from 'kysely';

const onPostgres = (db: Kysely<any>) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('staff_login_failures').addColumn('device', 'text').execute();
  await db.schema
    .alterTable('staff_login_failures')
    .addColumn('kind', 'text', (c) => c.notNull().defaultTo('password'))
    .execute();
  await db.schema.createIndex('staff_login_failures_device_idx').on('staff_login_failures').columns(['device', 'at']).execute();

  const table = db.schema.createTable('staff_login_lockouts');
  await (
    onPostgres(db)
      ? table.addColumn('id', 'serial', (c) => c.primaryKey())
      : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    // The account's email (account, device) and the last address a failure came from.
    .addColumn('email', 'text')
    .addColumn('ip', 'text')
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('locked_at', 'text', (c) => c.notNull())
    .addColumn('until', 'text', (c) => c.notNull())
    .addColumn('lifted_at', 'text')
    .addColumn('reset_at', 'text')
    .execute();
  await db.schema.createIndex('staff_login_lockouts_key_idx').on('staff_login_lockouts').columns(['scope', 'key']).unique().execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('staff_login_lockouts').execute();
  await db.schema.dropIndex('staff_login_failures_device_idx').execute();
  await db.schema.alterTable('staff_login_failures').dropColumn('kind').execute();
  await db.schema.alterTable('staff_login_failures').dropColumn('device').execute();
}
