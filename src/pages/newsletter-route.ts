import { apiRequest, endpoints } from '../common/api/endpoint-refs';
import { lazyPage } from '../lazy-page';
import { defineRoute } from '../route-kit';

/** /newsletter: the subscription form (its cities come from the festival's). */
export const newsletterRoute = defineRoute({
  id: 'newsletter',
  path: '/newsletter',
  page: lazyPage(() => import('./newsletter-page')),
  data: () => ({ cities: apiRequest(endpoints.cities, {}) }),
  meta: () => ({ title: 'Newsletter' }),
});
