/**
 * The published changes to sessions (src/common/programme/programme-change.ts): recorded by each
 * publication and rollback, in its own transaction, by comparing the content before and after;
 * read by the public API (the marker's planned time, the changes page and its feed) and the print.
 * An import records nothing: it is the programme as planned, not news.
 */
import { workPath } from '../../../../src/common/addresses/page-paths';
import { CHANGE_KINDS, type ChangeKind, type ProgrammeChange, type SessionPlace } from '../../../../src/common/programme/programme-change';
import { isSessionStatus } from '../../../../src/common/programme/session-status';
import type { Db } from '../../database';
import type { ContentSnapshot } from '../content/content-repository';

interface PlacedSession {
  id: number;
  title: string;
  path: string;
  place: SessionPlace;
}

/** Each session of a snapshot with its venue, city and work: what a change is told by. */
function placedSessions(snapshot: ContentSnapshot): Map<number, PlacedSession> {
  const cities = new Map(snapshot.cities.map((c) => [Number(c.id), c.name]));
  const venues = new Map(snapshot.venues.map((v) => [Number(v.id), v]));
  const works = new Map(snapshot.movies.map((m) => [Number(m.id), m]));
  const placed = new Map<number, PlacedSession>();
  for (const s of snapshot.sessions) {
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
        city_id: Number(venue.city_id),
        city_name: cities.get(Number(venue.city_id)) ?? '',
        status,
        status_note: s.status_note ?? '',
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
  };
  const kind = CHANGE_KINDS.find((k) => kinds[k]);
  // A reason reworded on a status that stays (a cancellation's new note) is still news.
  return kind ?? (statusChanged && now.status !== '' ? now.status : null);
}

type ChangeRow = {
  id: number;
  release_number: number;
  published_at: string;
  session_id: number;
  kind: string;
  title: string;
  path: string;
  was_json: string;
  now_json: string;
};

function toChange(row: ChangeRow): ProgrammeChange {
  return {
    id: Number(row.id),
    release: row.release_number,
    published_at: row.published_at,
    session_id: String(row.session_id),
    title: row.title,
    path: row.path,
    kind: row.kind as ChangeKind,
    was: JSON.parse(row.was_json) as SessionPlace,
    now: JSON.parse(row.now_json) as SessionPlace,
  };
}

/**
 * Compares the sessions of two snapshots and stores one row per session whose time, venue or
 * status changed (a session added or removed is not a change to someone's plan), inside the
 * release's transaction. Returns them, for whoever tells people next (Web Push).
 */
export async function recordProgrammeChanges(
  trx: Db,
  before: ContentSnapshot,
  after: ContentSnapshot,
  release: number,
  at: string,
): Promise<ProgrammeChange[]> {
  const was = placedSessions(before);
  const changes: ProgrammeChange[] = [];
  for (const now of placedSessions(after).values()) {
    const old = was.get(now.id);
    if (!old) continue;
    const kind = changeKind(old.place, now.place);
    if (!kind) continue;
    const row = await trx
      .insertInto('programme_changes')
      .values({
        release_number: release,
        published_at: at,
        session_id: now.id,
        kind,
        title: now.title,
        path: now.path,
        was_json: JSON.stringify(old.place),
        now_json: JSON.stringify(now.place),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    changes.push({
      id: Number(row.id),
      release,
      published_at: at,
      session_id: String(now.id),
      title: now.title,
      path: now.path,
      kind,
      was: old.place,
      now: now.place,
    });
  }
  return changes;
}

/** Every change, newest first (the changes page and its feed). */
export async function programmeChanges(db: Db, limit = 500): Promise<ProgrammeChange[]> {
  const rows = await db.selectFrom('programme_changes').selectAll().orderBy('id', 'desc').limit(limit).execute();
  return rows.map(toChange);
}

/**
 * Where and when each session that changed was first published: the time and venue on people's
 * tickets, which a marker names even after a second move. Read whole: changes are few.
 */
export async function plannedPlaces(db: Db): Promise<Map<string, SessionPlace>> {
  const rows = await db.selectFrom('programme_changes').select(['session_id', 'was_json']).orderBy('id').execute();
  const planned = new Map<string, SessionPlace>();
  for (const row of rows) {
    const key = String(row.session_id);
    if (!planned.has(key)) planned.set(key, JSON.parse(row.was_json) as SessionPlace);
  }
  return planned;
}

/**
 * A session's `planned` place for the public API: present only when a published change moved it
 * from where and when it was first published (a session moved back has none).
 */
export function plannedBeside(
  planned: Map<string, SessionPlace>,
  id: string,
  now: { starts_at: string; venue_name: string },
): { planned?: { starts_at: string; venue_name: string } } {
  const first = planned.get(id);
  if (!first || (first.starts_at === now.starts_at && first.venue_name === now.venue_name)) return {};
  return { planned: { starts_at: first.starts_at, venue_name: first.venue_name } };
}
