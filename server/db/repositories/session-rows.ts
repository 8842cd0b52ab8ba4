/** The sessions with where they are (venue and city) and what they show (the work): the join every reader of sessions starts from. */
import type { Db } from '../database';

export function sessionsWithPlaceAndWork(db: Db) {
  return db
    .selectFrom('sessions')
    .innerJoin('venues', 'venues.id', 'sessions.venue_id')
    .innerJoin('cities', 'cities.id', 'venues.city_id')
    .innerJoin('movies', 'movies.id', 'sessions.movie_id');
}
