/**
 * The site's one search rule, shared by the server (which builds its index and reads queries
 * with it, and matches in SQL by the same rule) and the browser (which searches the saved
 * programme without signal): words match by their beginning, ignoring case and accents ("ada"
 * finds "O Verão de Ada", not "Estrada"); every query word must match; the exact title ranks
 * first, then titles whose words begin with the query's words, then matches in the text only.
 */
import { foldText } from './plain-text';

const MAX_QUERY_WORDS = 8;
/** Most results per type: every match up to this is answered, and `found` counts what is answered. */
export const SEARCH_LIMIT = 200;

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

/** Some word of folded text begins with `word`. */
function hasWordStarting(folded: string, word: string): boolean {
  return folded.startsWith(word) || folded.includes(` ${word}`);
}

/** Some word of folded text is `word`. */
function hasWholeWord(folded: string, word: string): boolean {
  return ` ${folded} `.includes(` ${word} `);
}

/** Every query word begins some word of the folded text. */
function matchesWords(folded: string, words: string[]): boolean {
  return words.length > 0 && words.every((word) => hasWordStarting(folded, word));
}

/** A plain text (a venue's name) matches a query by the same rule as the index's documents. */
export function matchesQuery(text: string, query: string): boolean {
  return matchesWords(searchFold(text), queryWords(query));
}

/**
 * The rank of a match: 1000 for the exact title; 300 when every query word begins a title word;
 * per word 20 when it is a whole title word, 10 when it only begins one (at most 8 words, so never
 * 300); 5 when the title begins with the whole query. Text-only matches rank 0.
 */
function searchRank(titleFolded: string, words: string[]): number {
  const phrase = words.join(' ');
  let score = titleFolded === phrase ? 1000 : 0;
  if (words.every((word) => hasWordStarting(titleFolded, word))) score += 300;
  for (const word of words) score += hasWholeWord(titleFolded, word) ? 20 : hasWordStarting(titleFolded, word) ? 10 : 0;
  if (titleFolded.startsWith(phrase)) score += 5;
  return score;
}

/** An item as the search index holds it: its folded title and its folded searchable text. */
interface SearchDocument {
  id: string;
  title_folded: string;
  text: string;
}

/** Byte order, as the database compares text (the C collation). */
const byBytes = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The documents that match a query, best first (rank, then folded title, then id), at most `limit`. */
export function searchDocuments<D extends SearchDocument>(documents: D[], query: string, limit: number): D[] {
  const words = queryWords(query);
  if (words.length === 0) return [];
  return documents
    .filter((doc) => matchesWords(doc.text, words))
    .map((doc) => ({ doc, rank: searchRank(doc.title_folded, words) }))
    .sort((a, b) => b.rank - a.rank || byBytes(a.doc.title_folded, b.doc.title_folded) || Number(a.doc.id) - Number(b.doc.id))
    .slice(0, limit)
    .map(({ doc }) => doc);
}
