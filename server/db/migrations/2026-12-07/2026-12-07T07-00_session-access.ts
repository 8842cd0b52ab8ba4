/*
 * Frozen in time: this migration must never import application code, and never change once
 * released. A change of schema is a new migration with a later date.
 *
 * "Can I follow this session?": a film's and a session's spoken languages, subtitles' languages,
 * age rating and access features as short codes (a session's empty value takes its film's), and
 * a venue's access facts for its card. Films already there keep the festival's rule (Italian,
 * subtitled in Portuguese) until their editors say otherwise; everything else starts empty.
 */
import { sql, type Kysely } from 'kysely';

const FOLLOW = ['spoken_languages', 'subtitle_languages', 'age_rating', 'access_features'];
const VENUE_TEXTS = ['directions', 'box_office'];
const VENUE_TRANSLATIONS = VENUE_TEXTS.flatMap((f) => ['en', 'it'].flatMap((l) => [`${f}_${l}`, `${f}_${l}_source`]));
const VENUE_FACTS = ['step_free', 'wheelchair_places', 'hearing_loop', 'accessible_toilets'];

export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ['movies', 'sessions'])
    for (const column of FOLLOW)
      await db.schema
        .alterTable(table)
        .addColumn(column, 'text', (c) => c.notNull().defaultTo(''))
        .execute();
  await db.updateTable('movies').set({ spoken_languages: 'it', subtitle_languages: 'pt' }).where('is_movie', '=', 1).execute();
  for (const column of [...VENUE_TEXTS, ...VENUE_TRANSLATIONS])
    await db.schema
      .alterTable('venues')
      .addColumn(column, 'text', (c) => c.notNull().defaultTo(''))
      .execute();
  for (const column of VENUE_FACTS)
    await db.schema
      .alterTable('venues')
      .addColumn(column, 'integer', (c) => c.notNull().defaultTo(sql`0`))
      .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['movies', 'sessions']) for (const column of FOLLOW) await db.schema.alterTable(table).dropColumn(column).execute();
  for (const column of [...VENUE_TEXTS, ...VENUE_TRANSLATIONS, ...VENUE_FACTS])
    await db.schema.alterTable('venues').dropColumn(column).execute();
}
