import { apiRequest, endpoints } from '../../common/api/endpoint-refs';
import { lazyPage } from '../../routing/lazy-page';
import { defineRoute } from '../../routing/route-kit';
import { PAGE_PATTERNS, PAGE_QUERY } from '../../common/addresses/page-paths';
import { msg } from '@lingui/core/macro';
import { languageParam } from '../../common/i18n/locales';

/** /pesquisa?q=: the search results (an empty query searches nothing). */
export const searchRoute = defineRoute({
  id: 'pesquisa',
  path: PAGE_PATTERNS.search,
  page: lazyPage(() => import('./search-page')),
  data: ({ query, locale }) => ({
    results: query.get(PAGE_QUERY.search)?.trim()
      ? apiRequest(endpoints.search, { q: query.get(PAGE_QUERY.search) ?? '', ...languageParam(locale) })
      : null,
  }),
  meta: (_answers, _context, i18n) => ({ title: i18n._(msg`Pesquisa`) }),
});
