/**
 * How the service worker answers, request by request. Bounds are part of each strategy: nothing
 * grows without limit, and nothing cross-origin is cached at all (it is never routed here).
 */
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { CacheExpiration, ExpirationPlugin } from 'workbox-expiration';
import { matchPrecache } from 'workbox-precaching';
import type { RouteHandlerCallbackOptions, RouteMatchCallbackOptions } from 'workbox-core';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { variantSourceUrl } from '../src/common/images/image-variants';
import { isPageNavigation } from '../src/common/addresses/page-navigation';
import { OFFLINE_SHELL_URL, SW_CACHES } from '../src/common/pwa/sw-messages';
import { DEFAULT_LOCALE, localeOfPath, type Locale } from '../src/common/i18n/locales';
import { manifestPath } from '../src/common/pwa/web-manifest';

const DAY = 24 * 60 * 60;
const NAVIGATION_TIMEOUT_MS = 4000;

const sameOrigin = (url: URL) => url.origin === self.location.origin;

/** Navigations to the site's pages, whatever their query (src/common/addresses/page-navigation.ts). */
export const isPage = ({ url, request }: RouteMatchCallbackOptions) => sameOrigin(url) && isPageNavigation(request.mode, url);

export const isApiGet = ({ url, request }: RouteMatchCallbackOptions) =>
  sameOrigin(url) &&
  request.method === 'GET' &&
  url.pathname.startsWith('/admin/') &&
  !url.pathname.includes('/download_') &&
  !url.pathname.startsWith('/admin/sync/');

export const isImage = ({ url, request }: RouteMatchCallbackOptions) =>
  sameOrigin(url) && request.destination === 'image' && url.pathname.startsWith('/media/');

export const isKeptFile = ({ url }: RouteMatchCallbackOptions) =>
  sameOrigin(url) && /^\/admin\/api\/download_(press|attach)\/\d+$/.test(url.pathname);

/** API answers: fresh when the network answers within 3 s, the last copy otherwise (IndexedDB holds the agenda). */
export const apiStrategy = new NetworkFirst({
  cacheName: SW_CACHES.api,
  networkTimeoutSeconds: 3,
  plugins: [
    new CacheableResponsePlugin({ statuses: [200] }),
    new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 14 * DAY, purgeOnQuotaError: true }),
  ],
});

/**
 * A picture the image cache does not hold, from what is kept anyway: the card pictures kept with
 * the offline programme (src/data/card-images.ts) hold originals, so a responsive copy of one
 * (src/common/images/image-variants.ts) is answered with its original rather than asked of the network.
 */
async function keptCopy(request: Request): Promise<Response | undefined> {
  const kept = await caches.match(request, { cacheName: SW_CACHES.cardImages });
  if (kept) return kept;
  const original = variantSourceUrl(new URL(request.url).pathname);
  if (!original) return undefined;
  return (
    (await caches.match(original, { cacheName: SW_CACHES.cardImages })) ?? (await caches.match(original, { cacheName: SW_CACHES.images }))
  );
}

/**
 * Posters and thumbs never change under one name: the cache answers first, 250 of them at most.
 * A picture it has not seen may be kept anyway (keptCopy): that answers before the network is asked.
 */
export const imageStrategy = new CacheFirst({
  cacheName: SW_CACHES.images,
  plugins: [
    {
      cachedResponseWillBeUsed: async ({ cachedResponse, request }) => cachedResponse ?? (await keptCopy(request)) ?? null,
    },
    new CacheableResponsePlugin({ statuses: [200] }),
    new ExpirationPlugin({ maxEntries: 250, maxAgeSeconds: 30 * DAY, purgeOnQuotaError: true }),
  ],
});

/** Files the visitor kept offline come from their cache; nothing else is stored on its own. */
export async function keptFileHandler({ request }: RouteHandlerCallbackOptions): Promise<Response> {
  const kept = await caches.match(request, { cacheName: SW_CACHES.files });
  return kept ?? fetch(request);
}

const pageExpiration = new CacheExpiration(SW_CACHES.pages, { maxEntries: 60, maxAgeSeconds: 14 * DAY });

function withTimeout(request: Request, ms: number): Promise<Response> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), ms);
  return fetch(request, { signal: controller.signal }).finally(() => clearTimeout(timer));
}

/**
 * Pages: the server-rendered HTML when the network answers (navigation preload saves the wait for
 * the worker to start); offline, the copy of a page already visited, or else the app shell, which
 * renders the page from IndexedDB or says clearly that it is not saved.
 */
export async function navigationHandler({ request, event }: RouteHandlerCallbackOptions): Promise<Response> {
  const cache = await caches.open(SW_CACHES.pages);
  try {
    const preloaded = (await (event as FetchEvent).preloadResponse) as Response | undefined;
    const response = preloaded ?? (await withTimeout(request, NAVIGATION_TIMEOUT_MS));
    if (response.status === 200) {
      await cache.put(request, response.clone());
      await pageExpiration.updateTimestamp(request.url);
      void pageExpiration.expireEntries();
    }
    return response;
  } catch {
    const copy = await cache.match(request, { ignoreVary: true });
    if (copy) return copy;
    const shell = await matchPrecache(OFFLINE_SHELL_URL);
    return shell ? shellInLanguage(shell, localeOfPath(new URL(request.url).pathname)) : Response.error();
  }
}

/**
 * The app shell for a page's language: one file for the three, its <html lang> and manifest link set
 * by the page's prefix before the app (which reads the language from the address too) has run.
 */
async function shellInLanguage(shell: Response, locale: Locale): Promise<Response> {
  if (locale === DEFAULT_LOCALE) return shell;
  const html = (await shell.text())
    .replace('<html lang="pt-PT">', `<html lang="${locale}">`)
    .replace('<link rel="manifest" href="/manifest.webmanifest">', `<link rel="manifest" href="${manifestPath(locale)}">`);
  return new Response(html, { status: shell.status, headers: shell.headers });
}
