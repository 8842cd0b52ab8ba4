/**
 * Site search over films, parallel events and news. Words match by their beginning, ignoring case
 * and accents: both the stored search_text/title_folded and the query are folded by searchFold
 * (src/common/text/search-match.ts, shared with the browser's offline search), so
 * they are words of letters and digits separated by single spaces, and a query word matches a
 * stored word when `text LIKE 'word%' OR text LIKE '% word%'` (portable: SQLite and PostgreSQL).
 * Every query word must match; the exact title ranks first, then titles whose words begin with
 * the query's words (whole words before mere beginnings), then matches in the text only.
 */
import { sql, type RawBuilder } from 'kysely';
import type { SearchHit, SearchIndex, SearchResults } from '../../../../src/common/api/api-types';
import { queryWords, SEARCH_LIMIT, searchFold } from '../../../../src/common/text/search-match';
import type { Db } from '../../database';
import { asText } from '../../../../src/common/gestao/translations';
import { DEFAULT_LOCALE, type Locale } from '../../../../src/common/i18n/locales';
import { localizedRow } from './localized-rows';

// The one search rule (src/common/text/search-match.ts): the import folds the index with it, queries
// are read with it, and the SQL below matches and ranks exactly as its JS functions do (a server
// test holds the two together), so the browser's offline search answers as the server does.
export { queryWords, searchFold, SEARCH_LIMIT };

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

/** A hit's title and its line (a work's logline, a news item's summary) in the page's language, as the row has them. */
function hitIn(table: 'movies' | 'news', row: Record<string, unknown>, locale: Locale) {
  const line = table === 'movies' ? 'logline' : 'summary';
  const { row: shown } = localizedRow(table, row, locale);
  return { id: String(shown.id), thumb: asText(shown.thumb), title: asText(shown.title), logline: asText(shown[line]) };
}

async function searchTable(
  db: Db,
  table: 'movies' | 'news',
  words: string[],
  limit: number,
  locale: Locale,
  isMovie?: 0 | 1,
): Promise<SearchHit[]> {
  let query = db.selectFrom(table).selectAll().select(score(words).as('score'));
  for (const word of words) query = query.where(wordPrefix('search_text', word));
  if (isMovie !== undefined) query = query.where(sql.ref('is_movie'), '=', isMovie);
  const rows = await query.orderBy('score', 'desc').orderBy('title_folded').orderBy('id').limit(limit).execute();
  return rows.map((r) => hitIn(table, r, locale));
}

/** Every match of each type (up to `limit`); `found` is [films, parallel events, news], the lengths of the lists. */
export async function searchSite(db: Db, query: string, locale: Locale = DEFAULT_LOCALE, limit = SEARCH_LIMIT): Promise<SearchResults> {
  const words = queryWords(query);
  if (words.length === 0) return { movies: [], news: [], festivals: [], found: [0, 0, 0] };
  const [movies, festivals, news] = await Promise.all([
    searchTable(db, 'movies', words, limit, locale, 1),
    searchTable(db, 'movies', words, limit, locale, 0),
    searchTable(db, 'news', words, limit, locale),
  ]);
  return { movies, news, festivals, found: [movies.length, festivals.length, news.length] };
}

/**
 * The search index itself (folded titles and texts, as stored), for the browser to search the
 * saved programme without signal by the same rule: films, parallel events and news.
 */
export async function searchIndex(db: Db, locale: Locale = DEFAULT_LOCALE): Promise<SearchIndex> {
  const movies = await db.selectFrom('movies').selectAll().orderBy('id').execute();
  const news = await db.selectFrom('news').selectAll().orderBy('id').execute();
  // Shown in the page's language; searched in every one (the stored text holds them all).
  const doc = (table: 'movies' | 'news', r: { title_folded: string; search_text: string } & Record<string, unknown>) => ({
    ...hitIn(table, r, locale),
    title_folded: r.title_folded,
    text: r.search_text,
  });
  return {
    movies: movies.filter((r) => r.is_movie === 1).map((r) => doc('movies', r)),
    festivals: movies.filter((r) => r.is_movie !== 1).map((r) => doc('movies', r)),
    news: news.map((r) => doc('news', r)),
  };
}
