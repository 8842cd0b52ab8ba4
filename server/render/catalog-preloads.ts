/**
 * The <link rel="modulepreload"> of a page's two catalogs (src/common/i18n/i18n.ts): the browser
 * fetches them with the entry instead of after it, so hydration does not wait a round trip more.
 * Their built names come from the client build's manifest.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from '../../src/common/i18n/locales';

export function catalogPreloads(clientDir: string): (lang: string) => string {
  const manifest = JSON.parse(readFileSync(join(clientDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, { file: string }>;
  const tags = new Map<Locale, string>();
  for (const locale of LOCALES) {
    const files = [`src/common/i18n/catalogs/${locale}.ts`, `src/common/i18n/catalogs/pages/${locale}.ts`].map(
      (key) => manifest[key]?.file,
    );
    tags.set(
      locale,
      files.flatMap((file) => (file ? [`<link rel="modulepreload" crossorigin fetchpriority="low" href="/${file}">`] : [])).join(''),
    );
  }
  return (lang) => tags.get(isLocale(lang) ? lang : DEFAULT_LOCALE)!;
}
