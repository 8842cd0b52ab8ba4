/** The sessions with where they are (venue and city) and what they show (the work): the join every reader of sessions starts from. */
import { isSessionStatus } from '../../../../src/common/programme/session-status';
import { textIn } from '../../../../src/common/gestao/translations';
import { DEFAULT_LOCALE, type Locale } from '../../../../src/common/i18n/locales';
import type { Db } from '../../database';

export function sessionsWithPlaceAndWork(db: Db) {
  return db
    .selectFrom('sessions')
    .innerJoin('venues', 'venues.id', 'sessions.venue_id')
    .innerJoin('cities', 'cities.id', 'venues.city_id')
    .innerJoin('movies', 'movies.id', 'sessions.movie_id');
}

/**
 * A session's last-minute status as every public answer carries it (an unknown value reads as
 * planned), its reason in the page's language where the desk translated it.
 */
export const SESSION_STATUS_COLUMNS = [
  'sessions.status',
  'sessions.status_note',
  'sessions.status_note_en',
  'sessions.status_note_it',
] as const;
type StatusRow = { status: string; status_note: string; status_note_en?: string; status_note_it?: string };
export const sessionStatus = (row: StatusRow, locale: Locale = DEFAULT_LOCALE) => ({
  status: isSessionStatus(row.status) ? row.status : ('' as const),
  status_note: textIn(row, 'status_note', locale).text,
});
/** `['status_note']` where the reason is shown in pt-PT for want of a translation (for the answer's `untranslated`). */
export const statusNoteFallback = (row: StatusRow, locale: Locale): string[] => {
  const note = textIn(row, 'status_note', locale);
  return note.locale !== locale && note.text.trim() ? ['status_note'] : [];
};
