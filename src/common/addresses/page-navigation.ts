/**
 * Which requests the service worker answers as a page (sw/strategies.ts, navigationHandler): the
 * browser's navigations (a link followed, an address typed, a saved link or a QR code opened) to
 * an address of the site's pages. Files are told apart by the path alone, never by the query: a
 * shared agenda (/agenda?sessoes=12.48.205) or a search for "v2.0" ends like a file name, yet is a page.
 */

/**
 * The API (and the rest of /admin), the media and the staff back office (/gestao, its own build,
 * never answered or kept by the service worker): never the site's pages, whatever the request.
 */
const NOT_PAGES = /^\/(admin|media|gestao)(\/|$)/;
/** A last path segment that ends like a file name (service-worker.js, robots.txt, icon-192.png). */
const FILE_NAME = /\.[a-z0-9]+$/i;

/** Whether a path (no query) may be a page's: the server answers its errors there as a page too. */
export function isPageAddress(pathname: string): boolean {
  return !NOT_PAGES.test(pathname);
}

/** `mode` is the request's (Request.mode): only 'navigate' opens a page. */
export function isPageNavigation(mode: string, url: URL): boolean {
  return mode === 'navigate' && isPageAddress(url.pathname) && !FILE_NAME.test(url.pathname);
}
