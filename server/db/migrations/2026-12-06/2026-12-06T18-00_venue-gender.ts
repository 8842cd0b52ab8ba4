/*
 * Frozen in time: this migration must never import application code, and never change once
 * released. A change of schema is a new migration with a later date.
 *
 * A venue's grammatical gender, 'm' or 'f': the public marker of a session that changed venue says
 * "era no Cinema São Jorge" but "era na Cinemateca" (and Italian "al" or "alla"). Every venue reads
 * as masculine, as the marker said until now; the seed's feminine venues, where a database holds
 * them under their seed names, are given theirs.
 */
import type { Kysely } from 'kysely';

const FEMININE_SEED_VENUES = ['Cinemateca Portuguesa', 'Casa das Artes'];

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('venues')
    .addColumn('gender', 'text', (c) => c.notNull().defaultTo('m'))
    .execute();
  await db.updateTable('venues').set({ gender: 'f' }).where('name', 'in', FEMININE_SEED_VENUES).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('venues').dropColumn('gender').execute();
}
