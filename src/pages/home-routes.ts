/** The home screens: "/" (the selected scope's home), /festa and /distribuicao. */
import { homeRequests } from '../components/home-data';
import { lazyPage } from '../lazy-page';
import { defineRoute } from '../route-kit';

const page = lazyPage(() => import('./home-page'));

export const homeRoute = defineRoute({
  id: 'home',
  path: '/',
  page,
  data: ({ scope, query }, read) => homeRequests(scope, query, read),
});

export const festivalHomeRoute = defineRoute({
  id: 'festa',
  path: '/festa',
  page,
  scope: 'festa',
  data: ({ query }, read) => homeRequests('festa', query, read),
});

export const distributionHomeRoute = defineRoute({
  id: 'distribuicao',
  path: '/distribuicao',
  page,
  scope: 'distrib',
  data: ({ query }, read) => homeRequests('distrib', query, read),
  meta: () => ({ title: 'Distribuição' }),
});
