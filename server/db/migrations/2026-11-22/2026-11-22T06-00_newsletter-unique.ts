/*
 * Frozen in time: this migration must never import application code, and never change once
 * released. A change of schema is a new migration with a later date.
 *
 * One newsletter subscription per (email, city): duplicates already stored are collapsed to the
 * oldest row (earliest created_at, then smallest id), emails are stored trimmed and lower-cased,
 * and a unique index keeps it so. Portable SQL: SQLite and PostgreSQL.
 */
import type { Kysely } from 'kysely';
import { sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    DELETE FROM newsletter_subscriptions
    WHERE EXISTS (
      SELECT 1 FROM newsletter_subscriptions older
      WHERE lower(trim(older.email)) = lower(trim(newsletter_subscriptions.email))
        AND trim(older.city) = trim(newsletter_subscriptions.city)
        AND (
          older.created_at < newsletter_subscriptions.created_at
          OR (older.created_at = newsletter_subscriptions.created_at AND older.id < newsletter_subscriptions.id)
        )
    )`.execute(db);
  await sql`
    UPDATE newsletter_subscriptions
    SET email = lower(trim(email)), city = trim(city)
    WHERE email <> lower(trim(email)) OR city <> trim(city)`.execute(db);
  await db.schema
    .createIndex('newsletter_subscriptions_email_city_uq')
    .on('newsletter_subscriptions')
    .columns(['email', 'city'])
    .unique()
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('newsletter_subscriptions_email_city_uq').execute();
}
