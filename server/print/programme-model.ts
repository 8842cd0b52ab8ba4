/**
 * The printed programme's content, read from a release's rows (or the live ones): a city's venues
 * and sessions, each session with its film, its festival day and its times as people read them.
 * The PDFs (programme-pdf.ts, venue-day-pdf.ts) only lay this out.
 */
import { festivalDayOf, minutesIntoFestivalDay } from '../../src/common/time/festival-day';
import { endsAt } from '../../src/common/time/work-length';
import { addDays, clockTime } from '../../src/common/time/lisbon-time';
import { isCancelled, statusSentence } from '../../src/common/programme/session-status';
import { changeMarkers } from '../../src/common/programme/change-marker';
import { followLine } from '../../src/common/programme/follow-words';
import { resolveFollow } from '../../src/common/programme/session-access';
import type { SessionPlace } from '../../src/common/programme/programme-change';
import type { ProgrammeTables } from '../db/repositories/programme/printed-programme-repository';

export interface PrintVenue {
  id: number;
  cityId: number;
  name: string;
  address: string;
}

export interface PrintSession {
  id: number;
  venueId: number;
  venueName: string;
  cityId: number;
  /** 'YYYY-MM-DDTHH:MM', Lisbon wall clock. */
  startsAt: string;
  /** The festival day it belongs to: a 01:30 start is the night of the day before. */
  day: string;
  time: string;
  /** The end as printed: `endsAt`, as the public agenda and the clash rules have it. */
  endTime: string;
  /** Minutes from the festival day's start (its 06:00) to the start and to the end: the grids' coordinates. */
  fromDayStart: number;
  toDayEnd: number;
  /** The work's length as the content gives it: null for a parallel event without one. */
  durationMin: number | null;
  title: string;
  originalTitle: string;
  director: string;
  section: string;
  guests: string[];
  status: string;
  /** "Sessão cancelada: cópia não chegou" ('' as planned). */
  statusText: string;
  /** Can people follow it: "IT · legendas PT EN · M/12 · LGP" ('' for an event that says nothing). */
  followText: string;
  /** "Mudou: era às 18:00" for a session moved since first published, the time on people's tickets ('' otherwise). */
  changeText: string;
  cancelled: boolean;
}

export interface PrintContent {
  festivalName: string;
  year: number;
  release: number | null;
  cities: { id: number; name: string }[];
  venues: PrintVenue[];
  /** Every session of every city, by day, time and venue. */
  sessions: PrintSession[];
  /** The configured festival days, and any other day a session falls on, in order. */
  days: string[];
}

const FALLBACK_FESTIVAL_NAME = '8½ Festa do Cinema Italiano';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * Rows as a snapshot may keep them: one made before a column existed lacks it (a session's status).
 * `planned` is where and when each moved session was first published (programme-changes-repository.ts):
 * given for the programme as it is now, so door staff can tell people holding the old time.
 */
export function printContent(tables: ProgrammeTables, release: number | null, planned = new Map<string, SessionPlace>()): PrintContent {
  const setting = new Map(tables.site_settings.map((row) => [row.key, row.value]));
  const settings = JSON.parse(setting.get('settings') ?? '{}') as { festivalName?: string; year?: number };
  const festivalStart = setting.get('festival_start') ?? '';
  const festivalDays = Number(setting.get('festival_days') ?? 0);

  const cities = [...tables.cities]
    .sort((a, b) => (a.position ?? 0) - (b.position ?? 0) || a.id - b.id)
    .map((c) => ({ id: c.id, name: c.name }));
  const venues = [...tables.venues]
    .sort((a, b) => a.id - b.id)
    .map((v) => ({ id: v.id, cityId: v.city_id, name: v.name, address: v.address }));
  const venueById = new Map(venues.map((v) => [v.id, v]));
  const movieById = new Map(tables.movies.map((m) => [m.id, m]));
  const sectionById = new Map(tables.sections.map((s) => [s.id, s.name]));

  const sessions: PrintSession[] = [];
  for (const row of tables.sessions) {
    const venue = venueById.get(row.venue_id);
    const movie = movieById.get(row.movie_id);
    if (!venue || !movie) continue;
    const day = festivalDayOf(row.starts_at);
    const durationMin = movie.duration_min ?? null;
    const end = endsAt({ starts_at: row.starts_at, duration_min: durationMin });
    const status = text(row.status);
    sessions.push({
      id: row.id,
      venueId: venue.id,
      venueName: venue.name,
      cityId: venue.cityId,
      startsAt: row.starts_at,
      day,
      time: clockTime(row.starts_at),
      endTime: clockTime(end),
      fromDayStart: minutesIntoFestivalDay(day, row.starts_at),
      toDayEnd: minutesIntoFestivalDay(day, end),
      durationMin,
      title: movie.title,
      originalTitle: movie.original_title,
      director: movie.director,
      section: sectionById.get(movie.section_id) ?? '',
      guests: text(row.guest)
        .split(',')
        .map((g) => g.trim())
        .filter(Boolean),
      status,
      statusText: statusSentence(status, text(row.status_note)),
      followText: followLine(
        resolveFollow(
          {
            subtitle_languages: text(row.subtitle_languages),
            spoken_languages: text(row.spoken_languages),
            age_rating: text(row.age_rating),
            access_features: text(row.access_features),
          },
          {
            subtitle_languages: text(movie.subtitle_languages),
            spoken_languages: text(movie.spoken_languages),
            age_rating: text(movie.age_rating),
            access_features: text(movie.access_features),
          },
        ),
        movie.is_movie === 1,
      ),
      changeText: changeMarkers({
        starts_at: row.starts_at,
        venue_name: venue.name,
        status: row.status,
        planned: planned.get(String(row.id)),
      }).join(' · '),
      cancelled: isCancelled(status),
    });
  }
  sessions.sort(
    (a, b) =>
      a.day.localeCompare(b.day) ||
      a.fromDayStart - b.fromDayStart ||
      a.venueId - b.venueId ||
      a.title.localeCompare(b.title, 'pt-PT') ||
      a.id - b.id,
  );

  const configured = Array.from({ length: festivalStart ? festivalDays : 0 }, (_, i) => addDays(festivalStart, i));
  const days = [...new Set([...configured, ...sessions.map((s) => s.day)])].sort();
  const year = settings.year ?? Number((festivalStart || days[0] || '').slice(0, 4));
  return { festivalName: settings.festivalName || FALLBACK_FESTIVAL_NAME, year, release, cities, venues, sessions, days };
}
