/**
 * A scheduled publication keeps the drafts chosen when it was set (JSON: each record's type, id
 * and who saved its draft), so that it publishes those and no others. Null: the whole draft, as
 * every publication scheduled before this one did.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('scheduled_releases').addColumn('drafts_json', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('scheduled_releases').dropColumn('drafts_json').execute();
}
