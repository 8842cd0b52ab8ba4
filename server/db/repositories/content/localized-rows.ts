/**
 * A row as a visitor in one language reads it: each localised field its translation where it has
 * one, else its pt-PT, with the names of the fields that fell back (the page marks them as
 * Portuguese, and the API says so in `untranslated`). Never writes: a fallback is not a translation.
 */
import { COLLECTIONS, RECORD_TYPES, type RecordType } from '../../../../src/common/gestao/collections';
import { TRANSLATED_LOCALES, textIn, translationColumn } from '../../../../src/common/gestao/translations';
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

/**
 * What an answer says of its fallbacks, spread into it: nothing in pt-PT (nothing can fall back),
 * else `untranslated` with each field that fell back named as the answer names it.
 */
export const untranslatedMark = (
  locale: Locale,
  fields: readonly string[],
  renamed: Readonly<Record<string, string>> = {},
): { untranslated?: string[] } => (locale === DEFAULT_LOCALE ? {} : { untranslated: fields.map((field) => renamed[field] ?? field) });

/**
 * A localised field of a joined record, selected under an alias with its translations
 * (`section_name`, `section_name_en`, `section_name_it` for the section's `name`): its text in the
 * language asked for, and whether it is the pt-PT for want of a translation.
 */
export function joinedText(
  type: RecordType,
  field: string,
  row: Readonly<Record<string, unknown>>,
  alias: string,
  locale: Locale,
): { text: string; fellBack: boolean } {
  const own: Record<string, unknown> = { [field]: row[alias] };
  for (const l of TRANSLATED_LOCALES) own[translationColumn(field, l)] = row[translationColumn(alias, l)];
  const { row: read, untranslated } = localizedRow(type, own, locale);
  return { text: typeof read[field] === 'string' ? read[field] : '', fellBack: untranslated.length > 0 };
}
