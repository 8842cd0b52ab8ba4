import { apiRequest, endpoints } from '../../common/api/endpoint-refs';
import { DEFAULT_SECTION_NAME, DISTRIBUTION_SECTION, moviesAssetType, type Scope } from '../../common/constants';
import { languageParam, type Locale } from '../../common/i18n/locales';
import { foldText } from '../../common/text/plain-text';

/** The films a view lists: a section's, or the distribution label's when that section is chosen. */
function filmsCategory(section: string | undefined, scope: Scope): { category: string; scope: Scope } {
  if (section && foldText(section) === foldText(DISTRIBUTION_SECTION)) return { category: '0', scope: 'distrib' };
  return { category: section && section !== DEFAULT_SECTION_NAME ? section : '0', scope };
}

/** The reads of the FILMES view: the films, and the sections (festival) or the film filter (distribution). */
export const filmsViewRequests = (section: string | undefined, scope: Scope, locale: Locale) => ({
  films: apiRequest(endpoints.filmsByCategory, { ...filmsCategory(section, scope), ...languageParam(locale) }),
  sections:
    scope === 'festa' ? apiRequest(endpoints.sections, { assetType: moviesAssetType(scope), scope, ...languageParam(locale) }) : null,
  filmFilter: scope === 'festa' ? null : apiRequest(endpoints.filmFilter, languageParam(locale)),
});
