/**
 * Every session of the festival in one list, as the personal agenda keeps it: when and where,
 * what is shown and for how long, and a version per session. A session keeps its id for life
 * (ids come from the content), so a changed session is told from a new one by its id, and its
 * version changes exactly when what a festival-goer plans by changes: its time, venue or city, or
 * its last-minute status (cancelled, moved, delayed…) and the reason given; its sequence counts
 * those changes as published (session-sequences-repository.ts), the SEQUENCE of its calendar event.
 */
import { createHash } from 'node:crypto';
import type { AgendaSession } from '../../../../src/common/api/api-types';
import { durationOf } from '../../../../src/common/time/work-length';
import type { Db } from '../../database';
import {
  SESSION_FOLLOW_COLUMNS,
  SESSION_STATUS_COLUMNS,
  sessionFollow,
  sessionStatus,
  sessionsWithPlaceAndWork,
  statusNoteFallback,
} from './session-rows';
import { DEFAULT_LOCALE, type Locale } from '../../../../src/common/i18n/locales';
import { joinedText, untranslatedMark } from '../content/localized-rows';
import { textIn } from '../../../../src/common/gestao/translations';
import { plannedBeside, plannedPlaces } from './programme-changes-repository';

function sessionVersion(session: { starts_at: string; venue_id: string; city_id: string; status: string; status_note: string }): string {
  const place = [session.starts_at, session.venue_id, session.city_id];
  // A session as planned keeps the version it had before statuses existed (no agenda sees a change).
  const planned = session.status === '' ? place : [...place, session.status, session.status_note];
  return createHash('sha256').update(JSON.stringify(planned)).digest('hex').slice(0, 12);
}

/** The index in one language: titles and reasons translated where they are; the versions are the same in every language. */
export async function sessionIndex(db: Db, locale: Locale = DEFAULT_LOCALE): Promise<AgendaSession[]> {
  const rows = await sessionsWithPlaceAndWork(db)
    // A session published since the last recording has none yet: its sequence is 0.
    .leftJoin('session_sequences', 'session_sequences.session_id', 'sessions.id')
    .select([
      'sessions.id',
      'sessions.starts_at',
      'movies.id as work_id',
      'movies.is_movie',
      'movies.title',
      'movies.title_en',
      'movies.title_it',
      'movies.duration_min',
      'venues.id as venue_id',
      'venues.name as venue_name',
      'venues.address as venue_address',
      'cities.id as city_id',
      'cities.name as city_name',
      ...SESSION_STATUS_COLUMNS,
      ...SESSION_FOLLOW_COLUMNS,
      'session_sequences.sequence',
    ])
    .orderBy('sessions.starts_at')
    .orderBy('sessions.id')
    .execute();
  const planned = await plannedPlaces(db);
  return rows.map((r) => {
    const place = { starts_at: r.starts_at, venue_id: String(r.venue_id), city_id: String(r.city_id) };
    const status = sessionStatus(r);
    const title = joinedText('movies', 'title', r, 'title', locale);
    return {
      id: String(r.id),
      work_id: String(r.work_id),
      ismovie: r.is_movie ? '1' : '0',
      title: title.text,
      ...place,
      venue_name: r.venue_name,
      venue_address: r.venue_address,
      city_name: r.city_name,
      duration_min: durationOf(r),
      ...status,
      follow: sessionFollow(r),
      // The reason as the page's language reads it; the version from the pt-PT, so a translation changes no agenda.
      status_note: textIn(r, 'status_note', locale).text,
      version: sessionVersion({ ...place, ...status }),
      sequence: Number(r.sequence ?? 0),
      ...plannedBeside(planned, String(r.id), r),
      ...untranslatedMark(locale, [...(title.fellBack ? ['title'] : []), ...statusNoteFallback(r, locale)]),
    };
  });
}
