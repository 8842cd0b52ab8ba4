/**
 * The published changes to sessions (src/common/programme/programme-change.ts): stored by each
 * publication and rollback, in its own transaction (what changed is worked out by
 * server/publishing/session-changes.ts); read by the public API (the marker's planned time, the
 * changes page and its feed) and the print. An import records nothing: it is the programme as
 * planned, not news.
 */
import type { Selectable } from 'kysely';
import { localizedRow } from '../content/localized-rows';
import { DEFAULT_LOCALE, type Locale } from '../../../../src/common/i18n/locales';
import type { ChangeKind, ProgrammeChange, SessionPlace } from '../../../../src/common/programme/programme-change';
import { DEFAULT_VENUE_GENDER, venueGender, type VenueGender } from '../../../../src/common/programme/venue-gender';
import type { Db } from '../../database';
import type { Database } from '../../schema';

/** A change as a release finds it, before it is stored under that release. */
export type SessionChange = Omit<ProgrammeChange, 'id' | 'release' | 'published_at'>;

/** The venues' grammatical genders, by id: a change recorded before venues had one is told with its venue's. */
async function venueGenders(db: Db): Promise<Map<number, VenueGender>> {
  const rows = await db.selectFrom('venues').select(['id', 'gender']).execute();
  return new Map(rows.map((row) => [Number(row.id), venueGender(row.gender)]));
}

/** A stored place, with its venue's gender (from the venues when the change was recorded without it). */
function placeOf(json: string, genders: Map<number, VenueGender>): SessionPlace {
  const place = JSON.parse(json) as SessionPlace;
  return { ...place, venue_gender: place.venue_gender ?? genders.get(Number(place.venue_id)) ?? DEFAULT_VENUE_GENDER };
}

function toChange(row: Selectable<Database['programme_changes']>, genders: Map<number, VenueGender>): ProgrammeChange {
  return {
    id: Number(row.id),
    release: row.release_number,
    published_at: row.published_at,
    session_id: String(row.session_id),
    title: row.title,
    path: row.path,
    kind: row.kind as ChangeKind,
    was: placeOf(row.was_json, genders),
    now: placeOf(row.now_json, genders),
  };
}

/** Stores release `release`'s changes, inside its transaction; returns them as stored, for whoever tells people next (Web Push). */
export async function recordProgrammeChanges(
  trx: Db,
  changes: readonly SessionChange[],
  release: number,
  at: string,
): Promise<ProgrammeChange[]> {
  const stored: ProgrammeChange[] = [];
  const genders = changes.length > 0 ? await venueGenders(trx) : new Map<number, VenueGender>();
  for (const change of changes) {
    const row = await trx
      .insertInto('programme_changes')
      .values({
        release_number: release,
        published_at: at,
        session_id: Number(change.session_id),
        kind: change.kind,
        title: change.title,
        path: change.path,
        was_json: JSON.stringify(change.was),
        now_json: JSON.stringify(change.now),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    stored.push(toChange(row, genders));
  }
  return stored;
}

/** Every change, newest first (the changes page and its feed). */
export async function programmeChanges(db: Db, limit = 500, locale: Locale = DEFAULT_LOCALE): Promise<ProgrammeChange[]> {
  const rows = await db.selectFrom('programme_changes').selectAll().orderBy('id', 'desc').limit(limit).execute();
  const genders = await venueGenders(db);
  return await changesIn(
    db,
    rows.map((row) => toChange(row, genders)),
    locale,
  );
}

/**
 * The changes with their works' titles in `locale`, where the work has one: a change keeps the
 * pt-PT title it was published with, and a session removed since keeps it in every language.
 */
export async function changesIn(db: Db, changes: readonly ProgrammeChange[], locale: Locale): Promise<ProgrammeChange[]> {
  if (locale === DEFAULT_LOCALE || changes.length === 0) return [...changes];
  const ids = [...new Set(changes.map((c) => Number(c.session_id)))];
  const works = await db
    .selectFrom('sessions')
    .innerJoin('movies', 'movies.id', 'sessions.movie_id')
    .select(['sessions.id', 'movies.title_en', 'movies.title_it'])
    .where('sessions.id', 'in', ids)
    .execute();
  const byId = new Map(works.map((w) => [String(w.id), w]));
  return changes.map((change) => {
    const work = byId.get(change.session_id);
    return work ? { ...change, title: localizedRow('movies', { ...work, title: change.title }, locale).row.title } : change;
  });
}

/**
 * Where and when each session that changed was first published: the time and venue on people's
 * tickets, which a marker names even after a second move. Read whole: changes are few.
 */
export async function plannedPlaces(db: Db): Promise<Map<string, SessionPlace>> {
  const rows = await db.selectFrom('programme_changes').select(['session_id', 'was_json']).orderBy('id').execute();
  const planned = new Map<string, SessionPlace>();
  const genders = rows.length > 0 ? await venueGenders(db) : new Map<number, VenueGender>();
  for (const row of rows) {
    const key = String(row.session_id);
    if (!planned.has(key)) planned.set(key, placeOf(row.was_json, genders));
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
): { planned?: { starts_at: string; venue_name: string; venue_gender: VenueGender } } {
  const first = planned.get(id);
  if (!first || (first.starts_at === now.starts_at && first.venue_name === now.venue_name)) return {};
  return {
    planned: { starts_at: first.starts_at, venue_name: first.venue_name, venue_gender: first.venue_gender ?? DEFAULT_VENUE_GENDER },
  };
}
