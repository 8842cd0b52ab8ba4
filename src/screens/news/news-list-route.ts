import { apiRequest, endpoints } from '../../common/api/endpoint-refs';
import { lazyPage } from '../../routing/lazy-page';
import { defineRoute } from '../../routing/route-kit';

/** /noticias: the news of the selected scope. */
export const newsListRoute = defineRoute({
  id: 'noticias',
  path: '/noticias',
  page: lazyPage(() => import('./news-list-page')),
  data: ({ scope }) => ({ news: apiRequest(endpoints.newsList, { scope }) }),
  meta: () => ({ title: 'Notícias' }),
});
