import { lazyPage } from '../lazy-page';
import { defineRoute } from '../route-kit';

/** /acreditacoes: the accreditation request form. */
export const accreditationRoute = defineRoute({
  id: 'acreditacoes',
  path: '/acreditacoes',
  page: lazyPage(() => import('./accreditation-page')),
  meta: () => ({ title: 'Acreditações' }),
});
