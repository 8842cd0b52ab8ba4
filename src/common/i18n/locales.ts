/**
 * The site's languages and where each lives: pt-PT at the addresses it always had (and the
 * `x-default` of search engines), English under /en/, Italian under /it/. A page's language comes
 * from its path alone, never from a cookie or the browser's Accept-Language.
 */
export const LOCALES = ['pt-PT', 'en', 'it'] as const;
export type Locale = (typeof LOCALES)[number];

export const DEFAULT_LOCALE: Locale = 'pt-PT';

/** The path prefix of each language ('' for pt-PT: today's addresses). */
const PREFIXES: Record<Locale, string> = { 'pt-PT': '', en: '/en', it: '/it' };

/** What `Intl` formats dates and numbers with: British English for the English pages. */
export const INTL_LOCALES: Record<Locale, string> = { 'pt-PT': 'pt-PT', en: 'en-GB', it: 'it-IT' };

/** Open Graph's spelling of each language (`og:locale`). */
export const OG_LOCALES: Record<Locale, string> = { 'pt-PT': 'pt_PT', en: 'en_GB', it: 'it_IT' };

/**
 * Each language in its own words, whatever the page's language: the switch's names, and the one-line
 * offer of the home page in the language a visitor chose before or their browser asks for.
 */
export const LOCALE_NAMES: Record<Locale, { short: string; name: string; offer: string }> = {
  'pt-PT': { short: 'PT', name: 'Português', offer: 'Ver o site em português' },
  en: { short: 'EN', name: 'English', offer: 'View this site in English' },
  it: { short: 'IT', name: 'Italiano', offer: 'Visita il sito in italiano' },
};

export const isLocale = (value: unknown): value is Locale => typeof value === 'string' && (LOCALES as readonly string[]).includes(value);

/** The language a validated `?lang=` names: pt-PT when absent. */
export const localeOfQuery = (lang: unknown): Locale => (isLocale(lang) ? lang : DEFAULT_LOCALE);

/** The query naming `locale` on an API address (a feed, a calendar, a form): none for pt-PT, whose addresses never had one. */
export const languageParam = (locale: Locale): { lang?: Locale } => (locale === DEFAULT_LOCALE ? {} : { lang: locale });

export const localePrefix = (locale: Locale): string => PREFIXES[locale];

/** The language of an address, and the address within that language ('/en/filme/1' → en, '/filme/1'). */
export function splitLocale(pathname: string): { locale: Locale; path: string } {
  for (const locale of LOCALES) {
    const prefix = PREFIXES[locale];
    if (!prefix) continue;
    if (pathname === prefix || pathname.startsWith(`${prefix}/`)) return { locale, path: pathname.slice(prefix.length) || '/' };
  }
  return { locale: DEFAULT_LOCALE, path: pathname };
}

export const localeOfPath = (pathname: string): Locale => splitLocale(pathname).locale;

/** An address of the site ('/filme/1', with its query) in a language ('/en/filme/1'). */
export function localizedPath(path: string, locale: Locale): string {
  const prefix = PREFIXES[locale];
  if (!prefix) return path;
  return path === '/' ? `${prefix}/` : `${prefix}${path}`;
}
