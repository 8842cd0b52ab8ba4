import { msg } from '@lingui/core/macro';
import { lazyPage } from '../../routing/lazy-page';
import { defineRoute } from '../../routing/route-kit';
import { PAGE_PATTERNS, PAGE_QUERY } from '../../common/addresses/page-paths';

/**
 * /agenda: the visitor's own agenda, or (?sessoes=...) one shared with them. The server renders
 * the page's frame; the sessions come from the browser's own store (IndexedDB), so it reads
 * nothing through the route.
 */
export const agendaRoute = defineRoute({
  id: 'agenda',
  path: PAGE_PATTERNS.agenda,
  page: lazyPage(() => import('./agenda-page')),
  meta: (_answers, { query }, i18n) => ({
    title: query.has(PAGE_QUERY.sharedSessions) ? i18n._(msg`Agenda partilhada`) : i18n._(msg`A minha agenda`),
    description: i18n._(
      msg`As sessões da Festa do Cinema Italiano que escolheu, por dia, com avisos de sobreposição, no seu calendário e sem rede.`,
    ),
  }),
});
