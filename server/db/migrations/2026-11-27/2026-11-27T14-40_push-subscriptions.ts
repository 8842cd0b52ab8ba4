/*
 * Frozen in time: this migration must never import application code, and never change once
 * released. A change of schema is a new migration with a later date.
 *
 * Web Push for starred sessions (issue 37): a visitor's browser subscription (its push service
 * address and the keys that encrypt for it), the ids of the sessions they starred, nothing else;
 * and the notifications waiting to be sent, one per subscription and published change, claimed by
 * one instance at a time, retried with back-off until sent or given up.
 */
import { PostgresAdapter, type CreateTableBuilder, type Kysely } from 'kysely';

const onPostgres = (db: Kysely<any>) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: Kysely<any>): Promise<void> {
  const pg = onPostgres(db);
  // A growing integer key: SQLite's rowid alias, PostgreSQL's serial.
  const serialKey = (table: CreateTableBuilder<any, any>) =>
    pg ? table.addColumn('id', 'serial', (c) => c.primaryKey()) : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  await db.schema
    .createTable('push_subscriptions')
    .addColumn('endpoint', 'text', (c) => c.primaryKey())
    .addColumn('p256dh', 'text', (c) => c.notNull())
    .addColumn('auth', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('push_subscription_sessions')
    .addColumn('endpoint', 'text', (c) => c.notNull().references('push_subscriptions.endpoint').onDelete('cascade'))
    .addColumn('session_id', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('push_subscription_sessions_pk', ['endpoint', 'session_id'])
    .execute();
  await db.schema.createIndex('push_subscription_sessions_session_idx').on('push_subscription_sessions').column('session_id').execute();
  await serialKey(db.schema.createTable('push_notifications'))
    .addColumn('endpoint', 'text', (c) => c.notNull().references('push_subscriptions.endpoint').onDelete('cascade'))
    .addColumn('topic', 'text', (c) => c.notNull())
    .addColumn('payload_json', 'text', (c) => c.notNull())
    .addColumn('urgency', 'text', (c) => c.notNull())
    .addColumn('ttl_seconds', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('claimed_until', 'text')
    .addColumn('sent_at', 'text')
    .addColumn('last_error', 'text')
    .execute();
  await db.schema.createIndex('push_notifications_due_idx').on('push_notifications').columns(['sent_at', 'next_attempt_at']).execute();
  await db.schema.createIndex('push_notifications_endpoint_idx').on('push_notifications').columns(['endpoint', 'topic']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('push_notifications').execute();
  await db.schema.dropTable('push_subscription_sessions').execute();
  await db.schema.dropTable('push_subscriptions').execute();
}
