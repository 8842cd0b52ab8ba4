/*
 * Frozen in time: this migration must never import application code, and never change once
 * released. A change of schema is a new migration with a later date.
 *
 * Passkeys (WebAuthn) for staff: each credential's id and public key (base64url, as the browser and
 * SimpleWebAuthn name them), its signature counter (a copy of the authenticator that counts backwards
 * is refused), the person's name for it, and when it was added and last used. And the challenges of
 * the ceremonies under way: kept here, not in one instance's memory, so that any instance can check
 * one, and deleted by the check that uses it, so that each is good once; short-lived (expires_at).
 */
import { PostgresAdapter, type CreateTableBuilder, type Kysely } from 'kysely';

const onPostgres = (db: Kysely<any>) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: Kysely<any>): Promise<void> {
  const pg = onPostgres(db);
  const serialKey = (table: CreateTableBuilder<any, any>) =>
    pg ? table.addColumn('id', 'serial', (c) => c.primaryKey()) : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());

  await serialKey(db.schema.createTable('staff_passkeys'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('staff_users.id').onDelete('cascade'))
    .addColumn('credential_id', 'text', (c) => c.notNull().unique())
    .addColumn('public_key', 'text', (c) => c.notNull())
    // An unsigned 32-bit number: more than PostgreSQL's integer holds.
    .addColumn('counter', 'bigint', (c) => c.notNull())
    // JSON array of the transports the browser reported (usb, internal, hybrid...).
    .addColumn('transports', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text')
    .execute();
  await db.schema.createIndex('staff_passkeys_user_idx').on('staff_passkeys').column('user_id').execute();

  await db.schema
    .createTable('staff_passkey_challenges')
    .addColumn('challenge', 'text', (c) => c.primaryKey())
    // 'register' (a logged-in person adding a passkey, user_id set) or 'login'.
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('staff_users.id').onDelete('cascade'))
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('staff_passkey_challenges_expires_idx').on('staff_passkey_challenges').column('expires_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('staff_passkey_challenges').execute();
  await db.schema.dropTable('staff_passkeys').execute();
}
