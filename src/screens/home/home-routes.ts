/** The home screens: "/" (the selected scope's home), /festa and /distribuicao. */
import { homeRequests } from './home-data';
import { lazyPage } from '../../routing/lazy-page';
import type { City, Posters } from '../../common/api/api-types';
import { CAROUSEL_PICTURE } from '../../primitives/picture-sizes';
import { defineRoute, type PageMeta } from '../../routing/route-kit';
import { PAGE_PATTERNS } from '../../common/addresses/page-paths';
import { msg } from '@lingui/core/macro';

const page = lazyPage(() => import('./home-page'));

/** The festival's home describes the festival for search engines: an EventSeries with its organiser. */
const festivalMeta = (cities: unknown): PageMeta => ({
  // The home's reads are typed by scope at run time (no agenda in distribution): the festival's are an array.
  structuredData: { type: 'festival', cities: Array.isArray(cities) ? (cities as City[]) : [] },
});

/** The first poster of the carousel, the top of a phone's first screen. */
const firstPoster = (posters: Posters | undefined): PageMeta => {
  const src = posters?.poster[0]?.img;
  return src ? { lcpImage: { src, width: CAROUSEL_PICTURE.width } } : {};
};

export const homeRoute = defineRoute({
  id: 'home',
  path: PAGE_PATTERNS.home,
  page,
  data: ({ scope, query, locale }, read) => homeRequests(scope, query, read, locale),
  meta: ({ cities, posters }, { scope }) => ({ ...(scope === 'festa' ? festivalMeta(cities) : {}), ...firstPoster(posters) }),
});

export const festivalHomeRoute = defineRoute({
  id: 'festa',
  path: PAGE_PATTERNS.festivalHome,
  page,
  scope: 'festa',
  data: ({ query, locale }, read) => homeRequests('festa', query, read, locale),
  meta: ({ cities, posters }) => ({ ...festivalMeta(cities), ...firstPoster(posters) }),
});

export const distributionHomeRoute = defineRoute({
  id: 'distribuicao',
  path: PAGE_PATTERNS.distributionHome,
  page,
  scope: 'distrib',
  data: ({ query, locale }, read) => homeRequests('distrib', query, read, locale),
  meta: ({ posters }, _, i18n) => ({ title: i18n._(msg`Distribuição`), ...firstPoster(posters) }),
});
