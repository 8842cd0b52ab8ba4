import { programmeRequests } from './programme-view-data';
import { lazyPage } from '../../routing/lazy-page';
import { defineRoute } from '../../routing/route-kit';
import { PAGE_PATTERNS } from '../../common/addresses/page-paths';
import { msg } from '@lingui/core/macro';

/** /programacao: the agenda by city and day. */
export const programmeRoute = defineRoute({
  id: 'programacao',
  path: PAGE_PATTERNS.programme,
  page: lazyPage(() => import('./programme-page')),
  data: ({ query, locale }, read) => programmeRequests(query, read, locale),
  meta: (_answers, _context, i18n) => ({ title: i18n._(msg`Programação`) }),
});
