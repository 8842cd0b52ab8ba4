import type { FestivalEdition } from '../../../../src/common/api/api-types';
import { publicValues } from '../../../../src/common/api/collection-props';
import { HISTORY_EDITION_FIELDS } from '../../../../src/common/api/response-schemas';
import { COLLECTIONS } from '../../../../src/common/gestao/collections';
import type { Db } from '../../database';

export async function listEditions(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('history_editions').select('edition').orderBy('edition', 'desc').execute();
  return rows.map((r) => r.edition);
}

export async function editionByName(db: Db, edition: string): Promise<FestivalEdition | null> {
  const row = await db.selectFrom('history_editions').selectAll().where('edition', '=', edition).executeTakeFirst();
  if (!row) return null;
  const [movies, editions] = await Promise.all([
    db.selectFrom('history_movies').selectAll().where('edition', '=', edition).orderBy('position').execute(),
    listEditions(db),
  ]);
  return {
    ...publicValues(COLLECTIONS.history_editions, HISTORY_EDITION_FIELDS, row),
    venues: row.venues_html,
    guests: row.guests_html,
    awards: row.awards_html,
    numbers: row.numbers_html,
    sponsors: row.sponsors_html,
    list_movies: movies.map((m) => ({ thumb: m.thumb, list_html: m.list_html })),
    editions,
  };
}
