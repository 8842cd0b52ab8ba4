import type { HomePrefs } from '../common/api/api-types';
import { imageUrl } from '../common/images/image-url';
import { defaultSizes, hasVariants, variantSrcSet } from '../common/images/image-variants';
import { jsonLdScript, structuredData } from '../common/structured-data';
import type { PageMeta } from './route-kit';
import { escapeMarkup } from '../common/text/escape-markup';
import { pageTitle, SITE_NAME } from './page-meta';
import { DEFAULT_LOCALE, LOCALES, localizedPath, OG_LOCALES, splitLocale, type Locale } from '../common/i18n/locales';
import type { I18n } from '../common/i18n/i18n';

const escape = escapeMarkup;

/**
 * A preload of the page's top picture with high priority. For a photograph with responsive copies
 * the AVIF srcset is preloaded (a browser without AVIF skips the link, as its <picture> skips the source).
 */
function preloadTag(src: string, width: number, imageBase: string): string {
  if (!hasVariants(imageBase, src)) {
    return `<link rel="preload" as="image" href="${escape(imageUrl(imageBase, src))}" fetchpriority="high">`;
  }
  const srcset = variantSrcSet(imageBase, src, width, 'avif');
  return `<link rel="preload" as="image" type="image/avif" imagesrcset="${escape(srcset)}" imagesizes="${escape(defaultSizes(width))}" fetchpriority="high">`;
}

/**
 * The page in each language, for search engines: reciprocal `hreflang` links (pt-PT, en, it, and
 * pt-PT's address again as the `x-default`), query strings left out as in the canonical address.
 */
function alternateTags(pathname: string, publicUrl: string): string[] {
  const { path } = splitLocale(pathname);
  const href = (locale: Locale) => escape(new URL(localizedPath(path, locale), publicUrl).href);
  return [
    ...LOCALES.map((locale) => `<link rel="alternate" hreflang="${locale}" href="${href(locale)}">`),
    `<link rel="alternate" hreflang="x-default" href="${href(DEFAULT_LOCALE)}">`,
  ];
}

/**
 * The <head> tags of a page: title, description, canonical URL and its twins in the other languages,
 * Open Graph, Twitter card and schema.org JSON-LD.
 */
export function headTags(
  meta: PageMeta,
  options: {
    url: string;
    locale: Locale;
    i18n: I18n;
    publicUrl: string;
    imageBase: string;
    fallbackDescription: string;
    prefs?: HomePrefs;
  },
): string {
  const title = pageTitle(meta.title);
  const description = meta.description || options.fallbackDescription;
  const image = meta.image
    ? new URL(meta.image.startsWith('/') ? meta.image : `${options.imageBase}${meta.image}`, options.publicUrl).href
    : `${options.publicUrl}/icons/icon-512.png`;
  const canonical = new URL(options.url, options.publicUrl);
  canonical.search = '';
  const tags = [
    `<title>${escape(title)}</title>`,
    `<meta name="description" content="${escape(description)}">`,
    `<link rel="canonical" href="${escape(canonical.href)}">`,
    ...alternateTags(canonical.pathname, options.publicUrl),
    `<meta property="og:site_name" content="${escape(SITE_NAME)}">`,
    `<meta property="og:locale" content="${OG_LOCALES[options.locale]}">`,
    ...LOCALES.filter((locale) => locale !== options.locale).map(
      (locale) => `<meta property="og:locale:alternate" content="${OG_LOCALES[locale]}">`,
    ),
    `<meta property="og:type" content="${meta.type ?? 'website'}">`,
    `<meta property="og:title" content="${escape(meta.title ?? SITE_NAME)}">`,
    `<meta property="og:description" content="${escape(description)}">`,
    `<meta property="og:url" content="${escape(canonical.href)}">`,
    `<meta property="og:image" content="${escape(image)}">`,
    `<meta name="twitter:card" content="summary_large_image">`,
    `<meta name="twitter:title" content="${escape(meta.title ?? SITE_NAME)}">`,
    `<meta name="twitter:description" content="${escape(description)}">`,
    `<meta name="twitter:image" content="${escape(image)}">`,
  ];
  if (meta.feed)
    tags.push(`<link rel="alternate" type="application/atom+xml" title="${escape(meta.feed.title)}" href="${escape(meta.feed.href)}">`);
  // The structured data's words, in the page's language.
  const { i18n } = options;
  const site = { publicUrl: options.publicUrl, imageBase: options.imageBase, url: options.url, prefs: options.prefs, i18n };
  const structured = meta.structuredData ? structuredData(meta.structuredData, site) : null;
  if (structured) tags.push(jsonLdScript(structured));
  if (meta.lcpImage?.src) tags.push(preloadTag(meta.lcpImage.src, meta.lcpImage.width, options.imageBase));
  return tags.join('\n    ');
}
