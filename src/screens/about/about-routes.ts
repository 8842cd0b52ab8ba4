/** The team and presentation pages: their text is part of the start-up preferences. */
import { msg } from '@lingui/core/macro';
import { apiRequest, endpoints } from '../../common/api/endpoint-refs';
import { describe } from '../../common/text/plain-text';
import { lazyPage } from '../../routing/lazy-page';
import { defineRoute } from '../../routing/route-kit';
import { PAGE_PATTERNS } from '../../common/addresses/page-paths';

const prefs = () => ({ prefs: apiRequest(endpoints.homeprefs, {}) });

export const teamRoute = defineRoute({
  id: 'equipa',
  path: PAGE_PATTERNS.team,
  page: lazyPage(() => import('./team-page')),
  data: prefs,
  meta: ({ prefs }, _ctx, i18n) => ({ title: i18n._(msg`Equipa`), description: describe(prefs?.teamHtml) }),
});

export const presentationRoute = defineRoute({
  id: 'apresentacao',
  path: PAGE_PATTERNS.presentation,
  page: lazyPage(() => import('./presentation-page')),
  data: prefs,
  meta: ({ prefs }, _ctx, i18n) => ({ title: i18n._(msg`Apresentação`), description: describe(prefs?.presentationHtml) }),
});
