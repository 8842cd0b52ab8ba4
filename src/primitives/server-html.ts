/**
 * Parts of a page left as the server sent them while the page hydrates: React adopts an element
 * rendered with `dangerouslySetInnerHTML` without walking its children (and, in production, without
 * comparing them), so what a visitor cannot reach yet (a paged list's other pages) costs the
 * hydration nothing, and the server's HTML stays whole for search engines and visitors without
 * JavaScript. Such an element is rendered in full, under another key, once it is to be used.
 */

/** Left as it is: the server's children stay, React renders none (a constant, so updates change nothing). */
export const AS_SERVER_SENT = {
  dangerouslySetInnerHTML: { __html: '' },
  // Development builds compare the inner HTML on hydration: here it differs on purpose.
  suppressHydrationWarning: true,
} as const;

/**
 * True while the app's first render adopts the server's HTML: on the server (which renders
 * everything) and in the offline shell (an empty root, rendered from scratch) it is false, and so
 * it is after the first commit, which marks <html data-hydrated> (src/shell/app.tsx).
 */
export function adoptingServerHtml(): boolean {
  if (typeof document === 'undefined') return false;
  return !('hydrated' in document.documentElement.dataset) && (document.getElementById('root')?.hasChildNodes() ?? false);
}
