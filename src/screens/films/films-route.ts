import { filmsViewRequests } from './films-view-data';
import { lazyPage } from '../../routing/lazy-page';
import { defineRoute } from '../../routing/route-kit';
import { PAGE_PATTERNS } from '../../common/addresses/page-paths';
import { msg } from '@lingui/core/macro';

/** /filmes and /filmes/{tag}: the films, optionally of one section. */
export const filmsRoute = defineRoute({
  id: 'filmes',
  path: PAGE_PATTERNS.films,
  page: lazyPage(() => import('./films-page')),
  data: ({ params, scope, locale }) => filmsViewRequests(params.tagid, scope, locale),
  subject: 'films',
  meta: (_, { params }, i18n) => {
    const section = params.tagid;
    return { title: section ? i18n._(msg`Filmes: ${section}`) : i18n._(msg`Filmes`) };
  },
});
