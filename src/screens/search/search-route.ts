import { apiRequest, endpoints } from '../../common/api/endpoint-refs';
import { lazyPage } from '../../routing/lazy-page';
import { defineRoute } from '../../routing/route-kit';

/** /pesquisa?q=: the search results (an empty query searches nothing). */
export const searchRoute = defineRoute({
  id: 'pesquisa',
  path: '/pesquisa',
  page: lazyPage(() => import('./search-page')),
  data: ({ query }) => ({ results: query.get('q')?.trim() ? apiRequest(endpoints.search, { q: query.get('q') ?? '' }) : null }),
  meta: () => ({ title: 'Pesquisa' }),
});
