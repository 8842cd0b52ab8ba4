/*
 * Frozen in time: this migration must never import application code, and never change once
 * released. A change of schema is a new migration with a later date.
 *
 * The devices an account logged in on (OWASP's device cookies, server/gestao/auth/device-cookies.ts):
 * a device cookie counts only while its row is here, so that it can be listed and withdrawn (the
 * oldest beyond a few at each login; all of them at a password change, a reset, a disabled
 * account). `device` is the SHA-256 of the cookie's nonce, as the login counters name it. The
 * cookies given before this table existed have no row: their devices are unknown until their next
 * login, as after a rotation of the cookies' key.
 */
import { PostgresAdapter, type Kysely } from 'kysely';

const onPostgres = (db: Kysely<any>) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: Kysely<any>): Promise<void> {
  const table = db.schema.createTable('staff_devices');
  // `id` orders the devices by their login, also of two in the same millisecond.
  await (
    onPostgres(db)
      ? table.addColumn('id', 'serial', (c) => c.primaryKey())
      : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('device', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('staff_users.id').onDelete('cascade'))
    .addColumn('issued_at', 'text', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('user_agent', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('staff_devices_user_idx').on('staff_devices').columns(['user_id', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('staff_devices').execute();
}
