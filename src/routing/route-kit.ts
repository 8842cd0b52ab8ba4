/**
 * How a screen declares itself: its path, the API reads its page needs (the server embeds their
 * answers in the HTML, the offline shell reads them from IndexedDB, the page reads them through
 * the store), the read whose 404 makes the page a 404, its <head> metadata and its lazy page.
 * Each screen's module sits next to its page; src/routing/routes.tsx only assembles them.
 */
import { createContext, useContext, useMemo } from 'react';
import { useLocation, useParams } from 'react-router-dom';
import { apiRequest, endpoints, type ApiRequest } from '../common/api/endpoint-refs';
import type { Scope } from '../common/constants';
import type { StructuredSubject } from '../common/structured-data';
import { useRequests, useStoreReader, type Entries, type Read, type Requests } from '../data/use-api';

export type { Read, Requests };
import type { LazyPage } from './lazy-page';
import type { I18n } from '../common/i18n/i18n';
import { languageParam, type Locale } from '../common/i18n/locales';
import { useLocale } from '../hooks/use-locale';
import { useScope } from '../shell/scope';

export interface RouteContext {
  params: Record<string, string | undefined>;
  scope: Scope;
  query: URLSearchParams;
  /** The page's language, from its address's prefix. */
  locale: Locale;
}

export interface PageMeta {
  title?: string;
  description?: string;
  image?: string;
  /**
   * The picture at the top of the page, the largest paint of a phone's first screen: preloaded
   * from <head> (srcset and sizes as its <Image> has them) so the browser does not wait for it.
   */
  lcpImage?: { src: string; width: number };
  type?: 'website' | 'article' | 'video.movie';
  /** An Atom feed of the page's entries: <link rel="alternate" type="application/atom+xml">. */
  feed?: { title: string; href: string };
  /** What the page's schema.org structured data (rich results) describes; written by the server only. */
  structuredData?: StructuredSubject;
}

export type Answers<R extends Requests> = { [K in keyof R]: R[K] extends ApiRequest<infer T> | null ? T | undefined : never };

export interface PageRoute<R extends Requests = Requests> {
  id: string;
  path: string;
  page: LazyPage;
  /** The reads of the page; `read` gives the answers gathered so far, for reads that depend on others. */
  data?(ctx: RouteContext, read: Read): R;
  /** The read whose 404 (or 400: a malformed id) makes the whole page a 404. */
  subject?: keyof R & string;
  meta?(answers: Answers<R>, ctx: RouteContext, i18n: I18n): PageMeta;
  /** Answers 404 whatever the data (the not-found page). */
  notFound?: boolean;
  /** Visiting the route selects this scope (the two home pages). */
  scope?: Scope;
}

/** A route as the table holds it, whatever its reads (each module keeps its own precise type). */
export interface RouteEntry {
  id: string;
  path: string;
  page: LazyPage;
  data?(ctx: RouteContext, read: Read): Requests;
  subject?: string;
  meta?(answers: Record<string, unknown>, ctx: RouteContext, i18n: I18n): PageMeta;
  notFound?: boolean;
  scope?: Scope;
}

export const defineRoute = <R extends Requests>(route: PageRoute<R>): PageRoute<R> => route;

/** The layout's reads, on every page. */
/** The start-up preferences: the same in every language. */
export const prefsRequest = apiRequest(endpoints.homeprefs, {});

/** The festival's own texts in a language: the site's description (every page's fallback), the presentation and the team. */
export const festivalTextsRequest = (locale: Locale) => apiRequest(endpoints.festivalTexts, languageParam(locale));

export const layoutRequests = (scope: Scope, locale: Locale) => ({
  prefs: prefsRequest,
  texts: festivalTextsRequest(locale),
  menus: apiRequest(endpoints.menus, { scope, ...languageParam(locale) }),
});

/** The route the router matched, given to the page so that it reads what its module declares. */
export const CurrentRouteContext = createContext<RouteEntry | null>(null);

/** The route context of the current location. */
export function useRouteContext(): RouteContext {
  const params = useParams();
  const { search } = useLocation();
  const { scope } = useScope();
  const locale = useLocale();
  return useMemo(() => ({ params, scope, query: new URLSearchParams(search), locale }), [params, scope, search, locale]);
}

/** The reads a route declares, for the current location, with the answers of reads that depend on others. */
export function routeRequests<R extends Requests>(route: PageRoute<R>, ctx: RouteContext, read: Read): R;
export function routeRequests(route: RouteEntry, ctx: RouteContext, read: Read): Requests;
export function routeRequests(route: RouteEntry, ctx: RouteContext, read: Read): Requests {
  return route.data?.(ctx, read) ?? {};
}

/**
 * What the page of a route reads: exactly the reads its module declares. A read that depends on
 * another (the first city's programme) appears once that answer is in the store, which re-renders
 * this page because it is subscribed to it.
 */
export function useRouteData<R extends Requests>(route: PageRoute<R>): Entries<R>;
export function useRouteData(route: RouteEntry): Entries<Requests>;
export function useRouteData(route: RouteEntry): Entries<Requests> {
  return useRequests(routeRequests(route, useRouteContext(), useStoreReader()));
}

/** Of the routes a page serves, the one the router matched (the press page serves three). */
export function useMatchedRoute<R extends RouteEntry>(candidates: readonly R[]): R {
  const current = useContext(CurrentRouteContext);
  return candidates.find((route) => route.id === current?.id) ?? candidates[0]!;
}

/** The answers of a route's reads, by name (for its <head> metadata). */
export function answersOf(route: RouteEntry, ctx: RouteContext, read: Read): Record<string, unknown> {
  const requests = routeRequests(route, ctx, read);
  return Object.fromEntries(Object.entries(requests).map(([name, request]) => [name, read(request)]));
}
