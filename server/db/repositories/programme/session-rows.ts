/** The sessions with where they are (venue and city) and what they show (the work): the join every reader of sessions starts from. */
import { isSessionStatus } from '../../../../src/common/programme/session-status';
import type { Db } from '../../database';

export function sessionsWithPlaceAndWork(db: Db) {
  return db
    .selectFrom('sessions')
    .innerJoin('venues', 'venues.id', 'sessions.venue_id')
    .innerJoin('cities', 'cities.id', 'venues.city_id')
    .innerJoin('movies', 'movies.id', 'sessions.movie_id');
}

/** A session's last-minute status as every public answer carries it (an unknown value reads as planned). */
export const SESSION_STATUS_COLUMNS = ['sessions.status', 'sessions.status_note'] as const;
export const sessionStatus = (row: { status: string; status_note: string }) => ({
  status: isSessionStatus(row.status) ? row.status : ('' as const),
  status_note: row.status_note,
});
