/** The home screens: "/" (the selected scope's home), /festa and /distribuicao. */
import { homeRequests } from '../components/home-data';
import { lazyPage } from '../lazy-page';
import type { City } from '../common/api-types';
import { defineRoute, type PageMeta } from '../route-kit';

const page = lazyPage(() => import('./home-page'));

/** The festival's home describes the festival for search engines: an EventSeries with its organiser. */
const festivalMeta = (cities: unknown): PageMeta => ({
  // The home's reads are typed by scope at run time (no agenda in distribution): the festival's are an array.
  structuredData: { type: 'festival', cities: Array.isArray(cities) ? (cities as City[]) : [] },
});

export const homeRoute = defineRoute({
  id: 'home',
  path: '/',
  page,
  data: ({ scope, query }, read) => homeRequests(scope, query, read),
  meta: ({ cities }, { scope }) => (scope === 'festa' ? festivalMeta(cities) : {}),
});

export const festivalHomeRoute = defineRoute({
  id: 'festa',
  path: '/festa',
  page,
  scope: 'festa',
  data: ({ query }, read) => homeRequests('festa', query, read),
  meta: ({ cities }) => festivalMeta(cities),
});

export const distributionHomeRoute = defineRoute({
  id: 'distribuicao',
  path: '/distribuicao',
  page,
  scope: 'distrib',
  data: ({ query }, read) => homeRequests('distrib', query, read),
  meta: () => ({ title: 'Distribuição' }),
});
