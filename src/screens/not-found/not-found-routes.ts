import { msg } from '@lingui/core/macro';
import { lazyPage } from '../../routing/lazy-page';
import { defineRoute } from '../../routing/route-kit';
import type { I18n } from '../../common/i18n/i18n';
import { PAGE_PATTERNS } from '../../common/addresses/page-paths';

const page = lazyPage(() => import('./not-found-page'));
const meta = (_answers: unknown, _ctx: unknown, i18n: I18n) => ({ title: i18n._(msg`Página não encontrada`) });

/** /404, and every address no other route matches (kept last in the table). */
export const notFoundRoute = defineRoute({ id: '404', path: PAGE_PATTERNS.notFound, page, notFound: true, meta });
export const catchAllRoute = defineRoute({ id: 'not-found', path: '*', page, notFound: true, meta });
