import { apiRequest, endpoints } from '../common/api/endpoints';
import { describe } from '../common/text';
import { lazyPage } from '../lazy-page';
import { defineRoute } from '../route-kit';

/** /historico/{page}/{id}: a past edition of the festival. */
export const historyRoute = defineRoute({
  id: 'historico',
  path: '/historico/:page/:id?',
  page: lazyPage(() => import('./history-page')),
  data: ({ params }) => ({ edition: apiRequest(endpoints.history, { edition: params.page ?? '' }) }),
  subject: 'edition',
  meta: ({ edition }) => ({
    title: edition ? `Histórico: ${edition.title}` : 'Histórico',
    description: describe(edition?.venues),
    image: edition?.poster,
  }),
});
