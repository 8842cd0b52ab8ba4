import { apiRequest, endpoints } from '../../common/api/endpoint-refs';
import { describe } from '../../common/text/plain-text';
import { languageParam } from '../../common/i18n/locales';
import { lazyPage } from '../../routing/lazy-page';
import { DETAIL_POSTER } from '../../primitives/picture-sizes';
import { defineRoute } from '../../routing/route-kit';
import { PAGE_PATTERNS } from '../../common/addresses/page-paths';

/** /noticia/{id}: a news item. */
export const newsRoute = defineRoute({
  id: 'noticia',
  path: PAGE_PATTERNS.newsItem,
  page: lazyPage(() => import('./news-page')),
  data: ({ params, locale }) => ({ news: apiRequest(endpoints.news, { news_id: params.id ?? '', ...languageParam(locale) }) }),
  subject: 'news',
  meta: ({ news }) => ({
    title: news?.title,
    description: news?.summary || describe(news?.description),
    image: news?.poster,
    lcpImage: news?.poster ? { src: news.poster, width: DETAIL_POSTER.width } : undefined,
    type: 'article',
  }),
});
