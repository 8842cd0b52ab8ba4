/** The team and presentation pages: the festival's own texts, in the page's language. */
import { msg } from '@lingui/core/macro';
import type { Locale } from '../../common/i18n/locales';
import { describe } from '../../common/text/plain-text';
import { lazyPage } from '../../routing/lazy-page';
import { defineRoute, festivalTextsRequest } from '../../routing/route-kit';
import { PAGE_PATTERNS } from '../../common/addresses/page-paths';

const texts = ({ locale }: { locale: Locale }) => ({ texts: festivalTextsRequest(locale) });

export const teamRoute = defineRoute({
  id: 'equipa',
  path: PAGE_PATTERNS.team,
  page: lazyPage(() => import('./team-page')),
  data: texts,
  meta: ({ texts }, _ctx, i18n) => ({ title: i18n._(msg`Equipa`), description: describe(texts?.teamHtml) }),
});

export const presentationRoute = defineRoute({
  id: 'apresentacao',
  path: PAGE_PATTERNS.presentation,
  page: lazyPage(() => import('./presentation-page')),
  data: texts,
  meta: ({ texts }, _ctx, i18n) => ({ title: i18n._(msg`Apresentação`), description: describe(texts?.presentationHtml) }),
});
