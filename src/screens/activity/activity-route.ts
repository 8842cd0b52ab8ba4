import { apiRequest, endpoints } from '../../common/api/endpoint-refs';
import { describe } from '../../common/text/plain-text';
import { languageParam } from '../../common/i18n/locales';
import { lazyPage } from '../../routing/lazy-page';
import { DETAIL_POSTER } from '../../primitives/picture-sizes';
import { defineRoute } from '../../routing/route-kit';
import { PAGE_PATTERNS } from '../../common/addresses/page-paths';

/** /actividade/{id}: a parallel event. */
export const activityRoute = defineRoute({
  id: 'actividade',
  path: PAGE_PATTERNS.activity,
  page: lazyPage(() => import('./activity-page')),
  data: ({ params, locale }) => ({ activity: apiRequest(endpoints.activity, { id: params.id ?? '', ...languageParam(locale) }) }),
  subject: 'activity',
  meta: ({ activity }) => ({
    title: activity?.title,
    description: activity?.logline || describe(activity?.description),
    image: activity?.poster,
    lcpImage: activity?.poster ? { src: activity.poster, width: DETAIL_POSTER.width } : undefined,
    type: 'article',
    structuredData: activity ? { type: 'activity', activity } : undefined,
  }),
});
