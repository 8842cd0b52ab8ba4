import { apiRequest, endpoints } from '../../common/api/endpoint-refs';
import { languageParam } from '../../common/i18n/locales';
import { lazyPage } from '../../routing/lazy-page';
import { defineRoute } from '../../routing/route-kit';
import { PAGE_PATTERNS } from '../../common/addresses/page-paths';
import { msg } from '@lingui/core/macro';

/** /programa: the festival programme's text and attachments. */
export const programmeTextRoute = defineRoute({
  id: 'programa',
  path: PAGE_PATTERNS.programmeText,
  page: lazyPage(() => import('./programme-text-page')),
  data: ({ locale }) => ({ programme: apiRequest(endpoints.festivalProgramme, languageParam(locale)) }),
  meta: (_answers, _context, i18n) => ({ title: i18n._(msg`Programa`) }),
});
