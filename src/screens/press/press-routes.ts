/** The press screen's three entry points: /comunicados, /presskit and /materiais_apoio. */
import { apiRequest, endpoints } from '../../common/api/endpoint-refs';
import { DEFAULT_PRESS_TYPE, type PressType } from '../../common/constants';
import { lazyPage } from '../../routing/lazy-page';
import { defineRoute } from '../../routing/route-kit';

const page = lazyPage(() => import('./press-page'));

const pressRoute = (segment: string, type: PressType, title: string) => ({
  ...defineRoute({
    id: segment,
    path: `/${segment}`,
    page,
    data: () => ({ press: apiRequest(endpoints.press, { press_type: type }) }),
    meta: () => ({ title }),
  }),
  type,
  title,
});

export const pressRoutes = [
  pressRoute('comunicados', DEFAULT_PRESS_TYPE, 'Comunicados de Imprensa'),
  pressRoute('presskit', 'presskit', 'Presskit'),
  pressRoute('materiais_apoio', 'support', 'Materiais de Apoio'),
];
