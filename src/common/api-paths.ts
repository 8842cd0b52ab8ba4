/**
 * Every API path the site reads, built in one place. The data layer is keyed by these paths: the
 * server embeds answers under them and the browser reads and caches them under the same keys.
 */
import { DEFAULT_SECTION_NAME, DISTRIBUTION_SECTION, type AssetType, type PressType, type Scope } from './constants';
import { foldText } from './text';

export const API_BASE = '/admin/api';

const seg = (value: string) => encodeURIComponent(value);

export const apiPaths = {
  homeprefs: () => '/homeprefs',
  menus: (scope: Scope) => `/api/menus/${scope}`,
  filmsByCategory: (category: string, scope: Scope) => `/api/movies_from_categ/${seg(category)}/${scope}`,
  newsList: (scope: Scope) => `/api/news/${scope}`,
  news: (id: string) => `/api/news/${seg(id)}`,
  cityProgramme: (cityId: string) => `/api/movies_from_festival/${seg(cityId)}`,
  cities: () => '/api/cities',
  movie: (id: string) => `/api/movie/${seg(id)}`,
  activity: (id: string) => `/api/activity/${seg(id)}`,
  search: (query: string) => `/api/search?q=${seg(query)}`,
  customPage: (page: string) => `/api/custompage/${page.replace(/\/$/, '').split('/').map(seg).join('/')}`,
  history: (edition: string) => `/api/festival_history/${seg(edition)}`,
  sections: (assetType: AssetType, scope: Scope) => `/api/sections/${assetType}/${scope}`,
  filmFilter: () => '/api/movies2filter',
  activities: () => '/api/activities',
  press: (type: PressType) => `/api/press/${type}`,
  sponsorsFromMenu: (groupId: string, scope: Scope) => `/api/sponsors_from_menu/${seg(groupId)}/${scope}`,
  sponsorsFromHome: () => '/api/sponsors_from_home',
  posters: (scope: Scope) => `/api/posters/${scope}`,
  festivalProgramme: () => '/api/festival_program',
  downloadPress: (id: string) => `${API_BASE}/api/download_press/${seg(id)}`,
  downloadAttachment: (id: string) => `${API_BASE}/api/download_attach/${seg(id)}`,
} as const;

export const postPaths = {
  newsletter: '/api/newsletter',
  accreditation: '/api/accreditation',
  ticket: '/api/ticket',
} as const;

/** The films a view lists: a section's, or the distribution label's when that section is chosen. */
export function filmsPath(section: string | undefined, scope: Scope): string {
  if (section && foldText(section) === foldText(DISTRIBUTION_SECTION)) return apiPaths.filmsByCategory('0', 'distrib');
  return apiPaths.filmsByCategory(section && section !== DEFAULT_SECTION_NAME ? section : '0', scope);
}
