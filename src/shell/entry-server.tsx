/**
 * Server rendering of one page: find the route, read its data (and the layout's) through the API,
 * render the HTML, and hand back what the browser needs to hydrate from exactly that data.
 */
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { App, Providers } from './app';
import { FormBootContext, type FormBoot } from '../forms/form-boot-context';
import { DataStore, type Snapshot } from '../data/store';
import { headTags } from '../routing/head-tags';
import { answersOf, festivalTextsRequest, prefsRequest, type RouteContext } from '../routing/route-kit';
import { readRouteData } from '../routing/route-data';
import { scopeFromCookie } from './scope';
import type { ApiReader, RenderOptions, RenderResult } from '../common/render-types';
import { msg } from '@lingui/core/macro';
import { createI18n, loadMessages } from '../common/i18n/i18n';
import { localeOfPath, localePrefix, splitLocale } from '../common/i18n/locales';

export interface BootData {
  scope: RouteContext['scope'];
  snapshot: Snapshot;
  /** The forms' idempotency key and the outcome of a form posted to this page without JavaScript. */
  form?: FormBoot;
}

export async function render(
  url: string,
  cookie: string | undefined,
  readApi: ApiReader,
  options: RenderOptions = {},
): Promise<RenderResult> {
  const location = new URL(url, 'http://localhost');
  const readMany = async (paths: string[]) => new Map(await Promise.all(paths.map(async (path) => [path, await readApi(path)] as const)));
  const [{ route, ctx, snapshot, missing, read }, messages] = await Promise.all([
    readRouteData(location, scopeFromCookie(cookie), readMany),
    loadMessages(localeOfPath(location.pathname)),
  ]);
  await route.page.preload();
  const status = route.notFound || missing ? 404 : 200;
  const { scope, locale } = ctx;
  const i18n = createI18n(locale, messages);

  const store = new DataStore(snapshot, () => Promise.reject(new Error('no fetch while rendering on the server')));
  const form: FormBoot = {
    idempotencyKey: crypto.randomUUID(),
    // The address within the page's language, as the router gives the form its location (basename left out).
    ...(options.formResult ? { result: options.formResult, path: splitLocale(location.pathname).path } : {}),
  };
  const html = renderToString(
    <FormBootContext.Provider value={form}>
      <Providers store={store} scope={scope} i18n={i18n}>
        <StaticRouter basename={localePrefix(locale)} location={`${location.pathname}${location.search}`}>
          <App />
        </StaticRouter>
      </Providers>
    </FormBootContext.Provider>,
  );
  const prefs = read(prefsRequest);
  // The site's description in the page's language: the fallback of every page's, and the festival's JSON-LD.
  const description = read(festivalTextsRequest(locale))?.description ?? prefs?.description ?? '';
  const meta =
    status === 404 ? { title: i18n._(msg`Página não encontrada`) } : (route.meta?.(answersOf(route, ctx, read), ctx, i18n) ?? {});
  const head = headTags(meta, {
    url: `${location.pathname}${location.search}`,
    locale,
    i18n,
    publicUrl: prefs?.publicUrl ?? 'http://localhost:3000',
    imageBase: prefs?.imageBase ?? '/media/',
    fallbackDescription: description,
    prefs: prefs && { ...prefs, description },
  });
  const boot: BootData = { scope, snapshot, form };
  // In a JSON script, only "</script" and "<!--" could end it early: escape every "<".
  const bootData = JSON.stringify(boot).replace(/</g, '\\u003c');
  return { status, lang: locale, head, html, bootData };
}
