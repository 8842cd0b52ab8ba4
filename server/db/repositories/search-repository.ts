/**
 * Site search over films, parallel events and news. Words match by their beginning, ignoring case
 * and accents: both the stored search_text/title_folded and the query are folded by searchFold, so
 * they are words of letters and digits separated by single spaces, and a query word matches a
 * stored word when `text LIKE 'word%' OR text LIKE '% word%'` (portable: SQLite and PostgreSQL).
 * Every query word must match; the exact title ranks first, then titles whose words begin with
 * the query's words (whole words before mere beginnings), then matches in the text only.
 */
import { sql, type RawBuilder } from 'kysely';
import type { SearchHit, SearchResults } from '../../../src/common/api-types';
import { foldText } from '../../../src/common/text';
import type { Db } from '../database';

/** Most results per type: every match up to this is answered, and `found` counts what is answered. */
export const SEARCH_LIMIT = 200;
const MAX_QUERY_WORDS = 8;

/**
 * The folding of the search index and of queries: foldText (lower case, no accents), then every
 * run of characters that are not letters or digits (punctuation, apostrophes, hyphens, quotes)
 * becomes one space, so "L'Estrada—Ada" holds the words "l", "estrada" and "ada".
 */
export function searchFold(text: string): string {
  return foldText(text)
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, ' ')
    .trim();
}

/** Words of a query, folded; empty when the query has nothing to search for. */
export function queryWords(query: string): string[] {
  return searchFold(query)
    .split(' ')
    .filter((w) => w.length > 0)
    .slice(0, MAX_QUERY_WORDS);
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
type Column = 'search_text' | 'title_folded';

const like = (column: Column, pattern: string) => sql<boolean>`${sql.ref(column)} LIKE ${pattern} ESCAPE '\\'`;

/** Some word of the column begins with `word`. */
function wordPrefix(column: Column, word: string): RawBuilder<boolean> {
  const w = escapeLike(word);
  return sql<boolean>`(${like(column, `${w}%`)} OR ${like(column, `% ${w}%`)})`;
}

/** Some word of the column is `word`. */
function wholeWord(column: Column, word: string): RawBuilder<boolean> {
  const w = escapeLike(word);
  return sql<boolean>`(${sql.ref(column)} = ${word} OR ${like(column, `${w} %`)} OR ${like(column, `% ${w}`)} OR ${like(column, `% ${w} %`)})`;
}

/**
 * The rank of a row: 1000 for the exact title; 300 when every query word begins a title word;
 * per word 20 when it is a whole title word, 10 when it only begins one (at most 8 words, so
 * never 300); 5 when the title begins with the whole query. Text-only matches rank 0.
 */
function score(words: string[]): RawBuilder<number> {
  const phrase = words.join(' ');
  const allInTitle = sql.join(
    words.map((w) => wordPrefix('title_folded', w)),
    sql` AND `,
  );
  const perWord = words.map(
    (w) => sql`(CASE WHEN ${wholeWord('title_folded', w)} THEN 20 WHEN ${wordPrefix('title_folded', w)} THEN 10 ELSE 0 END)`,
  );
  return sql<number>`((CASE WHEN title_folded = ${phrase} THEN 1000 ELSE 0 END)
    + (CASE WHEN ${allInTitle} THEN 300 ELSE 0 END)
    + ${sql.join(perWord, sql` + `)}
    + (CASE WHEN ${like('title_folded', `${escapeLike(phrase)}%`)} THEN 5 ELSE 0 END))`;
}

async function searchTable(db: Db, table: 'movies' | 'news', words: string[], limit: number, isMovie?: 0 | 1): Promise<SearchHit[]> {
  let query = db
    .selectFrom(table)
    .select([
      'id',
      'title',
      'thumb',
      sql<string>`${sql.ref(table === 'movies' ? 'logline' : 'summary')}`.as('logline'),
      score(words).as('score'),
    ]);
  for (const word of words) query = query.where(wordPrefix('search_text', word));
  if (isMovie !== undefined) query = query.where(sql.ref('is_movie'), '=', isMovie);
  const rows = await query.orderBy('score', 'desc').orderBy('title_folded').orderBy('id').limit(limit).execute();
  return rows.map((r) => ({ id: String(r.id), thumb: r.thumb, title: r.title, logline: r.logline }));
}

/** Every match of each type (up to `limit`); `found` is [films, parallel events, news], the lengths of the lists. */
export async function searchSite(db: Db, query: string, limit = SEARCH_LIMIT): Promise<SearchResults> {
  const words = queryWords(query);
  if (words.length === 0) return { movies: [], news: [], festivals: [], found: [0, 0, 0] };
  const [movies, festivals, news] = await Promise.all([
    searchTable(db, 'movies', words, limit, 1),
    searchTable(db, 'movies', words, limit, 0),
    searchTable(db, 'news', words, limit),
  ]);
  return { movies, news, festivals, found: [movies.length, festivals.length, news.length] };
}
