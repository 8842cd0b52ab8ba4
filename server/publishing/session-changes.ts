/**
 * What a release changed in the sessions people plan by: the two contents compared, one change per
 * session whose time, venue, status or access features moved (src/common/programme/programme-change.ts), each told
 * by the session as it was and as it is now. A session added or removed is not a change to
 * anyone's plan. Pure: the release stores them (programme-changes-repository.ts).
 */
import { workPath } from '../../src/common/addresses/page-paths';
import { CHANGE_KINDS, type ChangeKind, type SessionPlace } from '../../src/common/programme/programme-change';
import { isSessionStatus } from '../../src/common/programme/session-status';
import { venueGender } from '../../src/common/programme/venue-gender';
import { resolveFollow } from '../../src/common/programme/session-access';
import type { ContentSnapshot } from '../db/repositories/content/content-repository';
import type { SessionChange } from '../db/repositories/programme/programme-changes-repository';

interface PlacedSession {
  id: number;
  title: string;
  path: string;
  place: SessionPlace;
}

type Sessions = Pick<ContentSnapshot, 'cities' | 'venues' | 'movies' | 'sessions'>;

/** Each session with its venue, city and work: what a change is told by. */
function placedSessions(content: Sessions): Map<number, PlacedSession> {
  const cities = new Map(content.cities.map((c) => [Number(c.id), c.name]));
  const venues = new Map(content.venues.map((v) => [Number(v.id), v]));
  const works = new Map(content.movies.map((m) => [Number(m.id), m]));
  const placed = new Map<number, PlacedSession>();
  for (const s of content.sessions) {
    const venue = venues.get(Number(s.venue_id));
    const work = works.get(Number(s.movie_id));
    if (!venue || !work) continue;
    const status = isSessionStatus(s.status) ? s.status : '';
    placed.set(Number(s.id), {
      id: Number(s.id),
      title: work.title,
      path: workPath({ id: String(work.id), ismovie: work.is_movie ? '1' : '0' }),
      place: {
        starts_at: s.starts_at,
        venue_id: Number(venue.id),
        venue_name: venue.name,
        venue_gender: venueGender(venue.gender),
        city_id: Number(venue.city_id),
        city_name: cities.get(Number(venue.city_id)) ?? '',
        status,
        status_note: s.status_note ?? '',
        access: resolveFollow({ access_features: s.access_features ?? '' }, { access_features: work.access_features ?? '' }).access,
      },
    });
  }
  return placed;
}

/**
 * What a change is, in the order visitors are told of it (CHANGE_KINDS): a cancellation outweighs a
 * new time, a new time a new venue. null when nothing people plan by changed.
 */
export function changeKind(was: SessionPlace, now: SessionPlace): ChangeKind | null {
  const statusChanged = was.status !== now.status || was.status_note !== now.status_note;
  const kinds: Record<ChangeKind, boolean> = {
    cancelled: now.status === 'cancelled' && was.status !== 'cancelled',
    restored: was.status !== '' && now.status === '',
    // A delay gives the session a new time too: told as the delay it is.
    retimed: was.starts_at !== now.starts_at && now.status !== 'delayed',
    delayed: now.status === 'delayed' && (statusChanged || was.starts_at !== now.starts_at),
    moved: was.venue_id !== now.venue_id || (now.status === 'moved' && statusChanged),
    sold_out: now.status === 'sold_out' && statusChanged,
    few_seats: now.status === 'few_seats' && statusChanged,
    // A session that loses its interpreter (or gains audio description) is news to those who need it.
    access: was.access !== undefined && now.access !== undefined && was.access.join(' ') !== now.access.join(' '),
  };
  const kind = CHANGE_KINDS.find((k) => kinds[k]);
  // A reason reworded on a status that stays (a cancellation's new note) is still news.
  return kind ?? (statusChanged && now.status !== '' ? now.status : null);
}

/** The sessions whose time, venue or status differ between the content before and after a release. */
export function sessionChanges(before: Sessions, after: Sessions): SessionChange[] {
  const was = placedSessions(before);
  const changes: SessionChange[] = [];
  for (const now of placedSessions(after).values()) {
    const old = was.get(now.id);
    if (!old) continue;
    const kind = changeKind(old.place, now.place);
    if (kind) changes.push({ session_id: String(now.id), title: now.title, path: now.path, kind, was: old.place, now: now.place });
  }
  return changes;
}
