/**
 * A row as a visitor in one language reads it: each localised field its translation where it has
 * one, else its pt-PT, with the names of the fields that fell back (the page marks them as
 * Portuguese, and the API says so in `untranslated`). Never writes: a fallback is not a translation.
 */
import { COLLECTIONS, RECORD_TYPES, type RecordType } from '../../../../src/common/gestao/collections';
import { textIn } from '../../../../src/common/gestao/translations';
import { DEFAULT_LOCALE, type Locale } from '../../../../src/common/i18n/locales';

/** Each type's localised fields, worked out once: every card of a list is localised through them. */
const LOCALIZED_FIELDS = new Map(
  RECORD_TYPES.map((type) => [
    type,
    Object.entries(COLLECTIONS[type].fields as Record<string, { localized?: true }>)
      .filter(([, f]) => f.localized)
      .map(([name]) => name),
  ]),
);
export const localizedFields = (type: RecordType): readonly string[] => LOCALIZED_FIELDS.get(type) ?? [];

export interface LocalizedRow<R> {
  row: R;
  /** The localised fields the row holds that are shown in pt-PT for want of a translation. */
  untranslated: string[];
}

export function localizedRow<R extends Record<string, unknown>>(type: RecordType, row: R, locale: Locale): LocalizedRow<R> {
  if (locale === DEFAULT_LOCALE) return { row, untranslated: [] };
  const out: Record<string, unknown> = { ...row };
  const untranslated: string[] = [];
  for (const field of localizedFields(type)) {
    if (!(field in row)) continue;
    const { text, locale: written } = textIn(row, field, locale);
    out[field] = text;
    if (written !== locale && text.trim()) untranslated.push(field);
  }
  return { row: out as R, untranslated };
}

/** The answer's names of the fields that fell back: a field the answer renames is named as the answer names it. */
export const untranslatedProps = (fields: readonly string[], renamed: Readonly<Record<string, string>> = {}): string[] =>
  fields.map((field) => renamed[field] ?? field);
