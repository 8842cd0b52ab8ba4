/**
 * Site search over films, parallel events and news: case- and accent-insensitive because both the
 * stored search_text and the query are folded (src/common/text.ts); every word must match; a
 * match in the title ranks first.
 */
import { sql } from 'kysely';
import type { SearchHit, SearchResults } from '../../../src/common/api-types';
import { foldText } from '../../../src/common/text';
import type { Db } from '../database';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

async function searchTable(db: Db, table: 'movies' | 'news', words: string[], limit: number, isMovie?: 0 | 1) {
  const phrase = words.join(' ');
  let query = db.selectFrom(table).select([
    'id',
    'title',
    'thumb',
    sql<string>`${sql.ref(table === 'movies' ? 'logline' : 'summary')}`.as('logline'),
    sql<number>`(CASE WHEN title_folded = ${phrase} THEN 100 ELSE 0 END)
        + (CASE WHEN title_folded LIKE ${`${escapeLike(phrase)}%`} ESCAPE '\\' THEN 50 ELSE 0 END)
        + (CASE WHEN title_folded LIKE ${`%${escapeLike(phrase)}%`} ESCAPE '\\' THEN 30 ELSE 0 END)`.as('score'),
  ]);
  for (const word of words) query = query.where(sql<boolean>`search_text LIKE ${`%${escapeLike(word)}%`} ESCAPE '\\'`);
  if (isMovie !== undefined) query = query.where(sql.ref('is_movie'), '=', isMovie);
  const [rows, count] = await Promise.all([
    query.orderBy('score', 'desc').orderBy('title').limit(limit).execute(),
    query
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  const hits: SearchHit[] = rows.map((r) => ({ id: String(r.id), thumb: r.thumb, title: r.title, logline: r.logline }));
  return { hits, found: Number(count.n) };
}

/** Words of a query, folded; empty when the query has nothing to search for. */
export function queryWords(query: string): string[] {
  return foldText(query)
    .split(' ')
    .filter((w) => w.length > 0)
    .slice(0, 8);
}

export async function searchSite(db: Db, query: string, limit = 24): Promise<SearchResults> {
  const words = queryWords(query);
  if (words.length === 0) return { movies: [], news: [], festivals: [], found: [0, 0, 0] };
  const [movies, festivals, news] = await Promise.all([
    searchTable(db, 'movies', words, limit, 1),
    searchTable(db, 'movies', words, limit, 0),
    searchTable(db, 'news', words, limit),
  ]);
  return {
    movies: movies.hits,
    news: news.hits,
    festivals: festivals.hits,
    found: [movies.found, festivals.found, news.found],
  };
}
