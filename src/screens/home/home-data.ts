import { apiRequest, endpoints } from '../../common/api/endpoint-refs';
import type { Scope } from '../../common/constants';
import { languageParam, type Locale } from '../../common/i18n/locales';
import type { Read } from '../../routing/route-kit';
import { filmsViewRequests } from '../films/films-view-data';
import { programmeRequests } from '../programme/programme-view-data';

const NO_PROGRAMME = { cities: null, programme: null } as const;

/**
 * The festival home shows the agenda unless its visibility setting hides it; the distribution
 * home, whose settings hide it in the seed, only when its setting shows it.
 */
export function homeShowsProgramme(scope: Scope, festprog: string | undefined): boolean {
  return scope === 'festa' ? festprog !== '0' : festprog === '1';
}

/**
 * The reads of a home page: posters and banners, films, news, the agenda (see homeShowsProgramme)
 * and the sponsors of the home's scope (the festival's from sponsors_from_home, the distribution's
 * from every distribution group).
 */
export const homeRequests = (scope: Scope, query: URLSearchParams, read: Read, locale: Locale) => ({
  posters: apiRequest(endpoints.posters, { scope, ...languageParam(locale) }),
  news: apiRequest(endpoints.newsList, { scope, ...languageParam(locale) }),
  sponsors:
    scope === 'festa'
      ? apiRequest(endpoints.sponsorsFromHome, languageParam(locale))
      : apiRequest(endpoints.sponsorsFromMenu, { sponsor_id: '0', scope, ...languageParam(locale) }),
  ...filmsViewRequests(undefined, scope, locale),
  ...(scope === 'festa' || homeShowsProgramme(scope, read(apiRequest(endpoints.homeprefs, {}))?.visibility[scope].festprog)
    ? programmeRequests(query, read, locale)
    : NO_PROGRAMME),
});
