/**
 * Search without signal: the same rule as the server's search (src/common/text/search-match.ts) over
 * the search index saved with the programme (GET /api/search_index, part of the programme sync).
 */
import { useMemo } from 'react';
import { languageParam } from '../common/i18n/locales';
import { useLocale } from '../hooks/use-locale';
import { endpoints } from '../common/api/endpoint-refs';
import type { SearchDocumentEntry, SearchHit, SearchIndex, SearchResults } from '../common/api/api-types';
import { SEARCH_LIMIT, searchDocuments } from '../common/text/search-match';
import type { Entry } from './store';
import { useApi } from './use-api';

const hit = ({ id, thumb, title, logline }: SearchDocumentEntry): SearchHit => ({ id, thumb, title, logline });

/** The answer the server's search would give, from the saved index. */
export function searchSavedIndex(index: SearchIndex, query: string): SearchResults {
  const movies = searchDocuments(index.movies, query, SEARCH_LIMIT).map(hit);
  const festivals = searchDocuments(index.festivals, query, SEARCH_LIMIT).map(hit);
  const news = searchDocuments(index.news, query, SEARCH_LIMIT).map(hit);
  return { movies, news, festivals, found: [movies.length, festivals.length, news.length] };
}

/** Results from the saved index, read only when `wanted` (the network search could not answer). */
export function useSavedSearch(query: string, wanted: boolean): { results: SearchResults | undefined; index: Entry<SearchIndex> } {
  const locale = useLocale();
  const index = useApi(endpoints.searchIndex, wanted ? languageParam(locale) : null);
  const results = useMemo(() => (wanted && index.data ? searchSavedIndex(index.data, query) : undefined), [wanted, index.data, query]);
  return { results, index };
}
