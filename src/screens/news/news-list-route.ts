import { msg } from '@lingui/core/macro';
import { apiRequest, endpoints } from '../../common/api/endpoint-refs';
import { languageParam } from '../../common/i18n/locales';
import { lazyPage } from '../../routing/lazy-page';
import { defineRoute } from '../../routing/route-kit';
import { PAGE_PATTERNS } from '../../common/addresses/page-paths';

/** /noticias: the news of the selected scope. */
export const newsListRoute = defineRoute({
  id: 'noticias',
  path: PAGE_PATTERNS.news,
  page: lazyPage(() => import('./news-list-page')),
  data: ({ scope, locale }) => ({ news: apiRequest(endpoints.newsList, { scope, ...languageParam(locale) }) }),
  meta: (_answers, _ctx, i18n) => ({ title: i18n._(msg`Notícias`) }),
});
