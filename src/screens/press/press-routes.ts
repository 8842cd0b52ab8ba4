/** The press screen's three entry points: /comunicados, /presskit and /materiais_apoio. */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { apiRequest, endpoints } from '../../common/api/endpoint-refs';
import { languageParam, type Locale } from '../../common/i18n/locales';
import { DEFAULT_PRESS_TYPE, type PressType } from '../../common/constants';
import { lazyPage } from '../../routing/lazy-page';
import { defineRoute } from '../../routing/route-kit';
import { PAGE_PATTERNS } from '../../common/addresses/page-paths';

const page = lazyPage(() => import('./press-page'));

/** A press list in the page's language: its entry point's data, and one of the three "Guardar tudo" keeps. */
const pressRequest = (type: PressType, locale: Locale) => apiRequest(endpoints.press, { press_type: type, ...languageParam(locale) });

/** `title`: the entry point's name, in the subnavigation, the heading and the <title>. */
const pressRoute = (path: string, type: PressType, title: MessageDescriptor) => ({
  ...defineRoute({
    id: path.slice(1),
    path,
    page,
    data: ({ locale }) => ({ press: pressRequest(type, locale) }),
    meta: (_answers, _ctx, i18n) => ({ title: i18n._(title) }),
  }),
  type,
  title,
});

export const pressRoutes = [
  pressRoute(PAGE_PATTERNS.pressReleases, DEFAULT_PRESS_TYPE, msg`Comunicados de Imprensa`),
  pressRoute(PAGE_PATTERNS.pressKit, 'presskit', msg`Presskit`),
  pressRoute(PAGE_PATTERNS.pressSupport, 'support', msg`Materiais de Apoio`),
];

/** The three lists, by type, in the page's language. */
export const allPressRequests = (locale: Locale) =>
  Object.fromEntries(pressRoutes.map(({ type }) => [type, pressRequest(type, locale)])) as Record<
    PressType,
    ReturnType<typeof pressRequest>
  >;
