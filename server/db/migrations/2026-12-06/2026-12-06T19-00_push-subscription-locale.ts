/*
 * Frozen in time: this migration must never import application code, and never change once
 * released. A change of schema is a new migration with a later date.
 *
 * A push subscription's language, 'pt-PT', 'en' or 'it': the language of the page that turned the
 * notices on, which its notifications are written in (and whose pages they open). The
 * subscriptions made before there were languages were made on pt-PT pages.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('push_subscriptions')
    .addColumn('locale', 'text', (c) => c.notNull().defaultTo('pt-PT'))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('push_subscriptions').dropColumn('locale').execute();
}
