/**
 * A localised field's translations (docs/decisions/2026-12-07-translated-content.md): pt-PT is the
 * field itself, each other language a column beside it (`synopsis_en`), with the fingerprint of the
 * pt-PT text it was translated from (`synopsis_en_source`). A translation whose source no longer
 * matches the pt-PT text is "a rever": the pt-PT changed after it was written. Shared by the back
 * office's form and list, the server's saves and the import, so that all three agree on the state.
 */
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../i18n/locales';

/** Every language but pt-PT, in the site's order. */
export type TranslatedLocale = Exclude<Locale, 'pt-PT'>;
export const TRANSLATED_LOCALES = LOCALES.filter((l): l is TranslatedLocale => l !== DEFAULT_LOCALE);

export const translationColumn = (field: string, locale: TranslatedLocale) => `${field}_${locale}`;
export const sourceColumn = (field: string, locale: TranslatedLocale) => `${field}_${locale}_source`;
/** A translation's source fingerprint, a column of bookkeeping rather than a field anyone wrote. */
export const isSourceColumn = (column: string) => TRANSLATED_LOCALES.some((locale) => column.endsWith(`_${locale}_source`));

/** A stored value as text: a string as it is, a number written out, anything else empty. */
export const asText = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');

/** The words of a text, whatever its markup and spacing: what a translation is made from. */
const wordsOf = (text: string) =>
  text
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * A short fingerprint of a pt-PT text's words (FNV-1a, 32 bits, in hex): kept beside a translation,
 * it tells whether the pt-PT changed since. Not a security measure, a change detector.
 */
export function sourceFingerprint(text: string): string {
  const words = wordsOf(text);
  if (!words) return '';
  let hash = 0x811c9dc5;
  for (let i = 0; i < words.length; i++) {
    hash ^= words.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

/**
 * Where a translation stands: nothing to translate (the pt-PT is empty), missing ("por traduzir"),
 * stale ("a rever": its pt-PT changed after it was written) or current.
 */
export type TranslationState = 'none' | 'missing' | 'stale' | 'current';

export function translationState(row: Readonly<Record<string, unknown>>, field: string, locale: TranslatedLocale): TranslationState {
  const source = asText(row[field]);
  if (!wordsOf(source)) return 'none';
  if (!wordsOf(asText(row[translationColumn(field, locale)]))) return 'missing';
  return row[sourceColumn(field, locale)] === sourceFingerprint(source) ? 'current' : 'stale';
}

/**
 * A field's text in a language, and the language it is really in: the translation where there is
 * one, else the pt-PT (which the page marks as such, never as a translation).
 */
export function textIn(row: Readonly<Record<string, unknown>>, field: string, locale: Locale): { text: string; locale: Locale } {
  const own = asText(row[field]);
  if (locale === 'pt-PT') return { text: own, locale };
  const translated = asText(row[translationColumn(field, locale)]);
  return wordsOf(translated) ? { text: translated, locale } : { text: own, locale: DEFAULT_LOCALE };
}
