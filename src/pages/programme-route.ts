import { programmeRequests } from '../components/programme-view-data';
import { lazyPage } from '../lazy-page';
import { defineRoute } from '../route-kit';

/** /programacao: the agenda by city and day. */
export const programmeRoute = defineRoute({
  id: 'programacao',
  path: '/programacao',
  page: lazyPage(() => import('./programme-page')),
  data: ({ query }, read) => programmeRequests(query, read),
  meta: () => ({ title: 'Programação' }),
});
