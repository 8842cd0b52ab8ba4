/** The press screen's three entry points: /comunicados, /presskit and /materiais_apoio. */
import { apiRequest, endpoints } from '../../common/api/endpoint-refs';
import { DEFAULT_PRESS_TYPE, type PressType } from '../../common/constants';
import { lazyPage } from '../../routing/lazy-page';
import { defineRoute } from '../../routing/route-kit';
import { PAGE_PATTERNS } from '../../common/addresses/page-paths';

const page = lazyPage(() => import('./press-page'));

const pressRoute = (path: string, type: PressType, title: string) => ({
  ...defineRoute({
    id: path.slice(1),
    path,
    page,
    data: () => ({ press: apiRequest(endpoints.press, { press_type: type }) }),
    meta: () => ({ title }),
  }),
  type,
  title,
});

export const pressRoutes = [
  pressRoute(PAGE_PATTERNS.pressReleases, DEFAULT_PRESS_TYPE, 'Comunicados de Imprensa'),
  pressRoute(PAGE_PATTERNS.pressKit, 'presskit', 'Presskit'),
  pressRoute(PAGE_PATTERNS.pressSupport, 'support', 'Materiais de Apoio'),
];
