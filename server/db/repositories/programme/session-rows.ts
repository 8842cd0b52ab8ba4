/** The sessions with where they are (venue and city) and what they show (the work): the join every reader of sessions starts from. */
import { isSessionStatus } from '../../../../src/common/programme/session-status';
import { textIn } from '../../../../src/common/gestao/translations';
import { resolveFollow, type SessionFollow } from '../../../../src/common/programme/session-access';
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

/** What a visitor needs to follow a session: its own codes and its film's, as every public answer selects them. */
export const SESSION_FOLLOW_COLUMNS = [
  'sessions.spoken_languages as session_spoken',
  'sessions.subtitle_languages as session_subtitles',
  'sessions.age_rating as session_age',
  'sessions.access_features as session_access',
  'movies.spoken_languages as film_spoken',
  'movies.subtitle_languages as film_subtitles',
  'movies.age_rating as film_age',
  'movies.access_features as film_access',
] as const;
type FollowRow = Record<`${'session' | 'film'}_${'spoken' | 'subtitles' | 'age' | 'access'}`, string>;
export const sessionFollow = (row: FollowRow): SessionFollow =>
  resolveFollow(
    {
      spoken_languages: row.session_spoken,
      subtitle_languages: row.session_subtitles,
      age_rating: row.session_age,
      access_features: row.session_access,
    },
    {
      spoken_languages: row.film_spoken,
      subtitle_languages: row.film_subtitles,
      age_rating: row.film_age,
      access_features: row.film_access,
    },
  );
