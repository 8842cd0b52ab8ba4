/*
 * Frozen in time: this migration must never import application code, and never change once
 * released. A change of schema is a new migration with a later date.
 *
 * The personal agenda flags sessions in two cities that nobody could reach in time: it needs how
 * long the journey between each pair of the festival's cities takes. One row per pair (either
 * order), content like the rest: replaced by every import.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('travel_times')
    .addColumn('from_city_id', 'integer', (c) => c.notNull().references('cities.id'))
    .addColumn('to_city_id', 'integer', (c) => c.notNull().references('cities.id'))
    .addColumn('minutes', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('travel_times_pk', ['from_city_id', 'to_city_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('travel_times').execute();
}
