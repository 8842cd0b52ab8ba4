/** Where a poster or banner leads (spec: Festival home, rules). */
type PosterTarget = { kind: 'internal'; to: string } | { kind: 'external'; href: string };

/** `siteUrl` is the product's own public address, e.g. https://festadocinemaitaliano.pt */
export function posterTarget(link: string, siteUrl: string): PosterTarget {
  const trimmed = link.trim();
  if (trimmed === '') return { kind: 'internal', to: '/' };
  if (trimmed.startsWith('/') && !trimmed.startsWith('//')) return { kind: 'internal', to: trimmed };
  try {
    const url = new URL(trimmed.startsWith('//') ? `https:${trimmed}` : trimmed);
    const own = new URL(siteUrl);
    if (url.host === own.host) return { kind: 'internal', to: `${url.pathname}${url.search}${url.hash}` || '/' };
  } catch {
    // Not an absolute URL and not a path: a relative route of the site.
    return { kind: 'internal', to: `/${trimmed}` };
  }
  return { kind: 'external', href: trimmed };
}
