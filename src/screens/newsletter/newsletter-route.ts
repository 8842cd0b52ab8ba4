import { msg } from '@lingui/core/macro';
import { apiRequest, endpoints } from '../../common/api/endpoint-refs';
import { lazyPage } from '../../routing/lazy-page';
import { defineRoute } from '../../routing/route-kit';
import { PAGE_PATTERNS } from '../../common/addresses/page-paths';

/** /newsletter: the subscription form (its cities come from the festival's). */
export const newsletterRoute = defineRoute({
  id: 'newsletter',
  path: PAGE_PATTERNS.newsletter,
  page: lazyPage(() => import('./newsletter-page')),
  data: () => ({ cities: apiRequest(endpoints.cities, {}) }),
  meta: (_answers, _ctx, i18n) => ({ title: i18n._(msg`Newsletter`) }),
});
