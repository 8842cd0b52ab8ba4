import { apiRequest, endpoints } from '../../common/api/endpoint-refs';
import { describe } from '../../common/text/plain-text';
import { languageParam } from '../../common/i18n/locales';
import { lazyPage } from '../../routing/lazy-page';
import { defineRoute } from '../../routing/route-kit';

const page = lazyPage(() => import('./custom-page'));

/** /t1/* to /t4/*: the four custom page templates. */
export const customPageRoutes = ([1, 2, 3, 4] as const).map((template) =>
  defineRoute({
    id: `t${template}`,
    path: `/t${template}/*`,
    page,
    data: ({ params, locale }) => ({ page: apiRequest(endpoints.customPage, { '*': params['*'] ?? '', ...languageParam(locale) }) }),
    subject: 'page',
    meta: ({ page }) => ({ title: page?.title, description: describe(page?.mainhtml), image: page?.poster }),
  }),
);
