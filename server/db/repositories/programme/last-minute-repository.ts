/**
 * What the phone screen of last-minute changes reads: the published sessions of one festival day
 * (what visitors see now, not the draft), the venues a session may move to, and the days there are.
 */
import { sql } from 'kysely';
import type { LastMinuteSession } from '../../../../src/common/gestao/last-minute';
import { isSessionStatus } from '../../../../src/common/programme/session-status';
import type { Db } from '../../database';
import { sessionsWithPlaceAndWork } from './session-rows';

/** A session as the phone screen lists it (LastMinuteSession), before it takes its record's id and version. */
export type PublishedSession = Omit<LastMinuteSession, 'id' | 'version'> & { id: number };

/** The sessions with what the phone screen shows of them. */
const listed = (db: Db) =>
  sessionsWithPlaceAndWork(db).select([
    'sessions.id',
    'movies.title',
    'sessions.starts_at',
    'venues.id as venue_id',
    'venues.name as venue_name',
    'cities.id as city_id',
    'cities.name as city_name',
    'sessions.status',
    'sessions.status_note',
    'sessions.access_features',
    'movies.access_features as film_access_features',
  ]);

const published = (r: Omit<PublishedSession, 'status'> & { status: string }): PublishedSession => ({
  ...r,
  id: Number(r.id),
  venue_id: Number(r.venue_id),
  city_id: Number(r.city_id),
  status: isSessionStatus(r.status) ? r.status : '',
});

/** The published sessions starting in [from, to) (Lisbon wall clock), by city, venue and time. */
export async function publishedSessionsBetween(db: Db, from: string, to: string): Promise<PublishedSession[]> {
  const rows = await listed(db)
    .where('sessions.starts_at', '>=', from)
    .where('sessions.starts_at', '<', to)
    .orderBy('cities.position')
    .orderBy('cities.id')
    .orderBy('venues.name')
    .orderBy('sessions.starts_at')
    .orderBy('sessions.id')
    .execute();
  return rows.map(published);
}

/** One published session, as the phone screen shows it. */
export async function publishedSession(db: Db, id: number): Promise<PublishedSession | undefined> {
  const row = await listed(db).where('sessions.id', '=', id).executeTakeFirst();
  return row && published(row);
}

/** The published venues, by city and name. */
export async function publishedVenues(db: Db): Promise<{ id: number; name: string; city_id: number }[]> {
  const rows = await db
    .selectFrom('venues')
    .innerJoin('cities', 'cities.id', 'venues.city_id')
    .select(['venues.id', 'venues.name', 'venues.city_id'])
    .orderBy('cities.position')
    .orderBy('venues.name')
    .execute();
  return rows.map((r) => ({ id: Number(r.id), name: r.name, city_id: Number(r.city_id) }));
}

/** Every session's start (the caller works out the festival days from them). */
export async function publishedSessionStarts(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('sessions')
    .select(sql<string>`distinct substr(starts_at, 1, 13)`.as('hour'))
    .execute();
  return rows.map((r) => r.hour);
}
