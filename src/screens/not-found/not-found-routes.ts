import { lazyPage } from '../../routing/lazy-page';
import { defineRoute } from '../../routing/route-kit';
import { PAGE_PATTERNS } from '../../common/addresses/page-paths';

const page = lazyPage(() => import('./not-found-page'));
const meta = () => ({ title: 'Página não encontrada' });

/** /404, and every address no other route matches (kept last in the table). */
export const notFoundRoute = defineRoute({ id: '404', path: PAGE_PATTERNS.notFound, page, notFound: true, meta });
export const catchAllRoute = defineRoute({ id: 'not-found', path: '*', page, notFound: true, meta });
