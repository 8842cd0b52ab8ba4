import { apiRequest, endpoints } from '../../common/api/endpoint-refs';
import { changesFeedPath } from '../../common/programme/changes-feed-path';
import { languageParam } from '../../common/i18n/locales';
import { lazyPage } from '../../routing/lazy-page';
import { defineRoute } from '../../routing/route-kit';
import { PAGE_PATTERNS } from '../../common/addresses/page-paths';
import { msg } from '@lingui/core/macro';

/** What the page lists, above the list and in its description for search engines. */
export const INTRO = msg`Sessões que mudaram de hora, de dia ou de sala, atrasadas ou canceladas, da alteração mais recente para a mais antiga.`;

/** /alteracoes: "Alterações à programação", every published change to a session, newest first. */
export const programmeChangesRoute = defineRoute({
  id: 'alteracoes',
  path: PAGE_PATTERNS.programmeChanges,
  page: lazyPage(() => import('./programme-changes-page')),
  data: ({ locale }) => ({ changes: apiRequest(endpoints.programmeAlterations, languageParam(locale)) }),
  meta: (_answers, context, i18n) => ({
    title: i18n._(msg`Alterações à programação`),
    description: i18n._(INTRO),
    feed: { title: i18n._(msg`Alterações à programação (Atom)`), href: changesFeedPath(context.locale) },
  }),
});
