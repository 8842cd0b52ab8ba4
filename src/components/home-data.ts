import { apiRequest, endpoints } from '../common/api/endpoints';
import type { Scope } from '../common/constants';
import type { Read } from '../route-kit';
import { filmsViewRequests } from './films-view-data';
import { programmeRequests } from './programme-view-data';

const NO_PROGRAMME = { cities: null, programme: null } as const;

/** The reads of a home page: posters and banners, films, news, sponsors and (festival) the agenda. */
export const homeRequests = (scope: Scope, query: URLSearchParams, read: Read) => ({
  posters: apiRequest(endpoints.posters, { scope }),
  news: apiRequest(endpoints.newsList, { scope }),
  sponsors: scope === 'festa' ? apiRequest(endpoints.sponsorsFromHome, {}) : null,
  ...filmsViewRequests(undefined, scope),
  ...(scope === 'festa' ? programmeRequests(query, read) : NO_PROGRAMME),
});
