/**
 * GET /sitemap.xml: every public page a search engine may index, in each of the site's languages,
 * each <url> naming its twins in the other languages (`xhtml:link rel="alternate" hreflang`, with
 * pt-PT as the `x-default`), as the pages' own <head> does (src/routing/head-tags.ts). Left out:
 * the search page, the visitor's agenda (personal) and the 404. Made once per content version
 * (server/cache/response-cache.ts).
 *
 * GET /robots.txt is answered here too, because its `Sitemap:` line must be an absolute URL and the
 * public URL (PUBLIC_URL) is known only when the server starts, never when the site is built.
 */
import { escapeMarkup } from '../../src/common/text/escape-markup';
import type { FastifyInstance } from 'fastify';
import {
  accreditationPath,
  activityPath,
  filmPath,
  filmsPath,
  historyPath,
  homePath,
  newsItemPath,
  newsletterPath,
  PAGE_PATTERNS,
  pressSupportPath,
  programmePath,
} from '../../src/common/addresses/page-paths';
import { DEFAULT_LOCALE, LOCALES, localizedPath, type Locale } from '../../src/common/i18n/locales';
import type { AppDeps } from '../deps';
import { allWorkIds } from '../db/repositories/content/movies-repository';

export const SITEMAP_PATH = '/sitemap.xml';
const ROBOTS_PATH = '/robots.txt';

/** The pages of the route table that stand on their own (no id), in its order. */
const FIXED_PAGES: readonly string[] = [
  homePath(),
  PAGE_PATTERNS.festivalHome,
  PAGE_PATTERNS.distributionHome,
  filmsPath(),
  PAGE_PATTERNS.activities,
  programmePath(),
  PAGE_PATTERNS.programmeText,
  PAGE_PATTERNS.programmeChanges,
  newsletterPath(),
  PAGE_PATTERNS.team,
  PAGE_PATTERNS.pressReleases,
  PAGE_PATTERNS.pressKit,
  pressSupportPath(),
  PAGE_PATTERNS.presentation,
  PAGE_PATTERNS.news,
  historyPath(undefined),
  accreditationPath(),
  PAGE_PATTERNS.sponsors.replace(/\/\*$/, ''),
];

/** XML's five special characters, escaped (text and attribute values alike), as the pages' head escapes them. */
export const escapeXml = escapeMarkup;

/** A custom page's address (/t{template}/{slug}, as the menus link it), each segment of the slug encoded. */
const customPagePath = (page: { template_id: number; slug: string }) =>
  `/t${page.template_id}/${page.slug.split('/').map(encodeURIComponent).join('/')}`;

/** Every indexable page's path (pt-PT, without the language prefix): the fixed pages, then one per published record. */
export async function sitemapPaths({ db }: Pick<AppDeps, 'db'>): Promise<string[]> {
  const [films, activities, news, pages] = await Promise.all([
    allWorkIds(db, 1),
    allWorkIds(db, 0),
    db.selectFrom('news').select('id').orderBy('id').execute(),
    db.selectFrom('custom_pages').select(['template_id', 'slug']).orderBy('id').execute(),
  ]);
  return [
    ...FIXED_PAGES,
    ...films.map((id) => filmPath(String(id))),
    ...activities.map((id) => activityPath(String(id))),
    ...news.map((row) => newsItemPath(String(row.id))),
    ...pages.map(customPagePath),
  ];
}

/** The sitemap of these paths: one <url> per path and language, each with the four alternates. */
export function sitemapXml(paths: readonly string[], publicUrl: string): string {
  const href = (path: string, locale: Locale) => escapeXml(new URL(localizedPath(path, locale), publicUrl).href);
  const alternates = (path: string) => [
    ...LOCALES.map((locale) => `    <xhtml:link rel="alternate" hreflang="${locale}" href="${href(path, locale)}"/>`),
    `    <xhtml:link rel="alternate" hreflang="x-default" href="${href(path, DEFAULT_LOCALE)}"/>`,
  ];
  const urls = [...new Set(paths)].flatMap((path) => {
    const links = alternates(path);
    return LOCALES.map((locale) => ['  <url>', `    <loc>${href(path, locale)}</loc>`, ...links, '  </url>'].join('\n'));
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

/** robots.txt: every page may be crawled but the back office's API, and the sitemap's absolute address. */
export const robotsTxt = (publicUrl: string) =>
  ['User-agent: *', 'Allow: /', 'Disallow: /admin/', '', `Sitemap: ${new URL(SITEMAP_PATH, publicUrl).href}`, ''].join('\n');

const HEADERS = { 'cache-control': 'no-cache' };

export function registerSitemap(app: FastifyInstance, deps: AppDeps): void {
  const { publicUrl } = deps.config;
  app.get(SITEMAP_PATH, async (request, reply) => {
    const answer = await app.responseCache.answer('sitemap', SITEMAP_PATH, async () => ({
      status: 200,
      type: 'application/xml; charset=utf-8',
      body: Buffer.from(sitemapXml(await sitemapPaths(deps), publicUrl)),
    }));
    reply.headers(HEADERS);
    return app.responseCache.send(request, reply, answer);
  });

  const robots = robotsTxt(publicUrl);
  app.get(ROBOTS_PATH, (_request, reply) => reply.type('text/plain; charset=utf-8').headers(HEADERS).send(robots));
}
