import { lazyPage } from '../../routing/lazy-page';
import { defineRoute } from '../../routing/route-kit';
import { SHARE_PARAM } from './sharing/share-link';

/**
 * /agenda: the visitor's own agenda, or (?sessoes=...) one shared with them. The server renders
 * the page's frame; the sessions come from the browser's own store (IndexedDB), so it reads
 * nothing through the route.
 */
export const agendaRoute = defineRoute({
  id: 'agenda',
  path: '/agenda',
  page: lazyPage(() => import('./agenda-page')),
  meta: (_answers, { query }) => ({
    title: query.has(SHARE_PARAM) ? 'Agenda partilhada' : 'A minha agenda',
    description: 'As sessões da Festa do Cinema Italiano que escolheu, por dia, com avisos de sobreposição, no seu calendário e sem rede.',
  }),
});
