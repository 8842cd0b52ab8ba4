import { apiRequest, endpoints } from '../../common/api/endpoint-refs';
import { languageParam } from '../../common/i18n/locales';
import { lazyPage } from '../../routing/lazy-page';
import { defineRoute } from '../../routing/route-kit';
import { PAGE_PATTERNS } from '../../common/addresses/page-paths';

/** /sala/{id}: a venue's card: how to get there and in, and what is on there today. */
export const venueRoute = defineRoute({
  id: 'sala',
  path: PAGE_PATTERNS.venue,
  page: lazyPage(() => import('./venue-page')),
  data: ({ params, locale }) => ({ venue: apiRequest(endpoints.venue, { venue_id: params.id ?? '', ...languageParam(locale) }) }),
  meta: ({ venue }) => ({
    title: venue ? `${venue.name} · ${venue.city_name}` : undefined,
    description: venue ? `${venue.address}. ${venue.directions}`.trim() : undefined,
  }),
});
