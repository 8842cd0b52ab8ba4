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

/** The card's own columns and those it copies from the film's record, as its schema lists them. */
export const WORK_CARD_COLUMNS = [
  'movies.id',
  ...qualified('movies', WORK_CARD_FIELDS),
  'sections.name as section_name',
  'movies.is_movie',
] as const;

export type WorkCardRow = Pick<MoviesTable, 'id' | 'is_movie' | (typeof WORK_CARD_FIELDS)[number]> & { section_name: string };

/** The API's '0' / '1' for a stored flag. */
export const flag = (value: number): '0' | '1' => (value ? '1' : '0');

/** Every field of a card but its month (`mm`), which each list takes from its own session. */
export function workCard(row: WorkCardRow): Omit<Card, 'mm'> {
  return {
    id: String(row.id),
    ...publicValues(COLLECTIONS.movies, WORK_CARD_FIELDS, row),
    name: row.section_name,
    ismovie: flag(row.is_movie),
  };
}
