/**
 * A work's card (a film or a parallel event, as lists and the programme show it): the columns it
 * is read from, from `movies` joined with its `sections`, and how they become the API's fields.
 * The film lists and the city programme both select and map it here.
 */
import type { Card } from '../../../../src/common/api/api-types';
import { publicValues } from '../../../../src/common/api/collection-props';
import { WORK_CARD_FIELDS } from '../../../../src/common/api/response-schemas';
import { COLLECTIONS } from '../../../../src/common/gestao/collections';
import type { MoviesTable } from '../../schema';
import { qualified } from './visitor-fields-repository';
import { joinedText, localizedRow, untranslatedMark } from './localized-rows';
import { DEFAULT_LOCALE, type Locale } from '../../../../src/common/i18n/locales';

/** The card's own columns and those it copies from the film's record, as its schema lists them. */
export const WORK_CARD_COLUMNS = [
  'movies.id',
  ...qualified('movies', WORK_CARD_FIELDS),
  // Its words in every language: a list answers in the one asked for (localized-rows.ts).
  'movies.title_en',
  'movies.title_it',
  'movies.logline_en',
  'movies.logline_it',
  'sections.name as section_name',
  'sections.name_en as section_name_en',
  'sections.name_it as section_name_it',
  'movies.is_movie',
] as const;

type Translations = 'title_en' | 'title_it' | 'logline_en' | 'logline_it';
export type WorkCardRow = Pick<MoviesTable, 'id' | 'is_movie' | (typeof WORK_CARD_FIELDS)[number]> & {
  [K in Translations]?: string;
} & { section_name: string; section_name_en?: string; section_name_it?: string };

/** The API's '0' / '1' for a stored flag. */
export const flag = (value: number): '0' | '1' => (value ? '1' : '0');

/**
 * Every field of a card but its month (`mm`), which each list takes from its own session: in the
 * language asked for, the fields without a translation named in `untranslated`.
 */
export function workCard(stored: WorkCardRow, locale: Locale = DEFAULT_LOCALE): Omit<Card, 'mm'> {
  const { row, untranslated } = localizedRow('movies', stored, locale);
  const section = joinedText('sections', 'name', stored, 'section_name', locale);
  return {
    id: String(row.id),
    ...publicValues(COLLECTIONS.movies, WORK_CARD_FIELDS, row),
    // The card calls its section's name `name`.
    name: section.text,
    ismovie: flag(row.is_movie),
    ...untranslatedMark(locale, [...untranslated, ...(section.fellBack ? ['name'] : [])]),
  };
}
