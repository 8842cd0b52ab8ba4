import { apiRequest, apiUrl, endpoints, fileEndpoints } from '../../common/api/endpoint-refs';
import { lazyPage } from '../../routing/lazy-page';
import { defineRoute } from '../../routing/route-kit';
import { PAGE_PATTERNS } from '../../common/addresses/page-paths';

/** The Atom feed of the changes page, served beside it. */
export const CHANGES_FEED_PATH = apiUrl(fileEndpoints.changesFeed, {});

/** /alteracoes: "Alterações à programação", every published change to a session, newest first. */
export const programmeChangesRoute = defineRoute({
  id: 'alteracoes',
  path: PAGE_PATTERNS.programmeChanges,
  page: lazyPage(() => import('./programme-changes-page')),
  data: () => ({ changes: apiRequest(endpoints.programmeAlterations, {}) }),
  meta: () => ({
    title: 'Alterações à programação',
    description: 'Sessões que mudaram de hora, de dia ou de sala, atrasadas ou canceladas, da alteração mais recente para a mais antiga.',
    feed: { title: 'Alterações à programação (Atom)', href: CHANGES_FEED_PATH },
  }),
});
