/**
 * A work's card (a film or a parallel event, as lists and the programme show it): the columns it
 * is read from, from `movies` joined with its `sections`, and how they become the API's fields.
 * The film lists and the city programme both select and map it here.
 */
import type { Card } from '../../../../src/common/api/api-types';

export const WORK_CARD_COLUMNS = [
  'movies.id',
  'movies.title',
  'movies.thumb',
  'sections.name as section_name',
  'movies.keywords',
  'movies.logline',
  'movies.highlight',
  'movies.is_movie',
] as const;

export interface WorkCardRow {
  id: number;
  title: string;
  thumb: string;
  section_name: string;
  keywords: string;
  logline: string;
  highlight: number;
  is_movie: number;
}

/** The API's '0' / '1' for a stored flag. */
export const flag = (value: number): '0' | '1' => (value ? '1' : '0');

/** Every field of a card but its month (`mm`), which each list takes from its own session. */
export function workCard(row: WorkCardRow): Omit<Card, 'mm'> {
  return {
    id: String(row.id),
    title: row.title,
    thumb: row.thumb,
    name: row.section_name,
    keywords: row.keywords,
    logline: row.logline,
    highlight: flag(row.highlight),
    ismovie: flag(row.is_movie),
  };
}
