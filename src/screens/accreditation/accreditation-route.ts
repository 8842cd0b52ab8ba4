import { msg } from '@lingui/core/macro';
import { apiRequest, endpoints } from '../../common/api/endpoint-refs';
import { languageParam } from '../../common/i18n/locales';
import { lazyPage } from '../../routing/lazy-page';
import { defineRoute } from '../../routing/route-kit';
import { PAGE_PATTERNS } from '../../common/addresses/page-paths';

/** /acreditacoes: the accreditation request form, beside the rules (a support item) and the press contact. */
export const accreditationRoute = defineRoute({
  id: 'acreditacoes',
  path: PAGE_PATTERNS.accreditation,
  page: lazyPage(() => import('./accreditation-page')),
  data: ({ locale }) => ({ support: apiRequest(endpoints.press, { press_type: 'support', ...languageParam(locale) }) }),
  meta: (_answers, _ctx, i18n) => ({ title: i18n._(msg`Acreditações`) }),
});
