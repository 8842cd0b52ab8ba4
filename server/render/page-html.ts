import { DEFAULT_SCOPE, SCOPES, type Scope } from '../../src/common/constants';
import type { RenderResult } from '../../src/common/render-types';
import { isLocale, DEFAULT_LOCALE } from '../../src/common/i18n/locales';
import { manifestPath } from '../../src/common/pwa/web-manifest';

/** The built index.html with a rendered page in it: head tags, markup, and the data it hydrates from. */
export function pageHtml(template: string, result: RenderResult, preloads = ''): string {
  return template
    .replace('<html lang="pt-PT">', `<html lang="${result.lang}">`)
    .replace(
      '<link rel="manifest" href="/manifest.webmanifest">',
      `<link rel="manifest" href="${manifestPath(isLocale(result.lang) ? result.lang : DEFAULT_LOCALE)}">`,
    )
    .replace('<!--app-head-->', `${result.head}${preloads}`)
    .replace('<!--app-html-->', result.html)
    .replace('<!--app-data-->', `<script type="application/json" id="app-data">${result.bootData}</script>`);
}

/**
 * The scope a page is rendered for, as the entry reads it from the cookie (scopeFromCookie in
 * src/shell/scope.tsx): the only part of the request besides the URL that a GET's render depends on.
 */
export function scopeOfCookie(cookieHeader: string | undefined): Scope {
  const value = /(?:^|;\s*)escopo=([a-z]+)/.exec(cookieHeader ?? '')?.[1] as Scope | undefined;
  return value && SCOPES.includes(value) ? value : DEFAULT_SCOPE;
}

/** A rendered page is kept per scope and address (the render reads nothing else of the request). */
export const pageCacheKey = (scope: Scope, url: string) => `${scope}\n${url}`;
