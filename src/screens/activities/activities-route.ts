import { msg } from '@lingui/core/macro';
import { apiRequest, endpoints } from '../../common/api/endpoint-refs';
import { languageParam } from '../../common/i18n/locales';
import { lazyPage } from '../../routing/lazy-page';
import { defineRoute } from '../../routing/route-kit';
import { PAGE_PATTERNS } from '../../common/addresses/page-paths';

/** /atividades: the parallel events and their sections. */
export const activitiesRoute = defineRoute({
  id: 'atividades',
  path: PAGE_PATTERNS.activities,
  page: lazyPage(() => import('./activities-page')),
  data: ({ locale }) => ({
    activities: apiRequest(endpoints.activities, languageParam(locale)),
    sections: apiRequest(endpoints.sections, { assetType: 'activities', scope: 'festa', ...languageParam(locale) }),
  }),
  meta: (_answers, _ctx, i18n) => ({ title: i18n._(msg`Eventos Paralelos`) }),
});
