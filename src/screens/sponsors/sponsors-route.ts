import { msg } from '@lingui/core/macro';
import { apiRequest, endpoints } from '../../common/api/endpoint-refs';
import { languageParam } from '../../common/i18n/locales';
import { lazyPage } from '../../routing/lazy-page';
import { defineRoute } from '../../routing/route-kit';
import { PAGE_PATTERNS } from '../../common/addresses/page-paths';

/** /patrocinadores shows every group; /patrocinadores/{id} one group. */
function sponsorGroupOf(rest: string | undefined): string {
  const first = (rest ?? '').split('/')[0] ?? '';
  return /^[0-9]+$/.test(first) ? first : '0';
}

export const sponsorsRoute = defineRoute({
  id: 'patrocinadores',
  path: PAGE_PATTERNS.sponsors,
  page: lazyPage(() => import('./sponsors-page')),
  data: ({ params, scope, locale }) => ({
    sponsors: apiRequest(endpoints.sponsorsFromMenu, { sponsor_id: sponsorGroupOf(params['*']), scope, ...languageParam(locale) }),
  }),
  subject: 'sponsors',
  meta: (_answers, _ctx, i18n) => ({ title: i18n._(msg`Patrocinadores`) }),
});
