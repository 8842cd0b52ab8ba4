/** Cities, venues and sessions: the festival's agenda, city by city and day by day. */
import type { City, CityProgramme, ProgrammeEvent } from '../../../../src/common/api/api-types';
import { DEFAULT_LOCALE, type Locale } from '../../../../src/common/i18n/locales';
import { publicValues } from '../../../../src/common/api/collection-props';
import { CITY_FIELDS } from '../../../../src/common/api/response-schemas';
import { COLLECTIONS } from '../../../../src/common/gestao/collections';
import { dayKey } from '../../../../src/common/time/months';
import { addDays } from '../../../clock';
import type { Db } from '../../database';
import {
  SESSION_FOLLOW_COLUMNS,
  SESSION_STATUS_COLUMNS,
  sessionFollow,
  sessionStatus,
  sessionsWithPlaceAndWork,
  statusNoteFallback,
} from './session-rows';
import { untranslatedMark } from '../content/localized-rows';
import { plannedBeside, plannedPlaces } from './programme-changes-repository';
import { WORK_CARD_COLUMNS, workCard } from '../content/work-cards';

export async function listCities(db: Db): Promise<City[]> {
  const rows = await db
    .selectFrom('cities')
    .select(['id', ...CITY_FIELDS])
    .orderBy('position')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ id: String(r.id), ...publicValues(COLLECTIONS.cities, CITY_FIELDS, r) }));
}

export async function cityExists(db: Db, cityId: number): Promise<boolean> {
  return (await db.selectFrom('cities').select('id').where('id', '=', cityId).executeTakeFirst()) !== undefined;
}

/**
 * A city's whole programme: every festival day as a key ('d30', 'd31', 'd1' ... in date order,
 * which a letter prefix keeps in insertion order), each with that day's events; `festivals` is []
 * when the city has no session at all. It knows no clock: numPastEvents is 0 here, and the API
 * answers it through programmeFromToday (src/common/programme/programme-days.ts), the rule of "now".
 */
export async function cityProgramme(
  db: Db,
  cityId: number,
  festival: { start: string; days: number },
  locale: Locale = DEFAULT_LOCALE,
): Promise<CityProgramme> {
  const rows = await sessionsWithPlaceAndWork(db)
    .innerJoin('sections', 'sections.id', 'movies.section_id')
    .select([
      'sessions.id as session_id',
      'sessions.starts_at',
      'venues.name as venue_name',
      'venues.address as venue_address',
      ...SESSION_STATUS_COLUMNS,
      ...SESSION_FOLLOW_COLUMNS,
      'venues.id as venue_id',
      ...WORK_CARD_COLUMNS,
    ])
    .where('venues.city_id', '=', cityId)
    .orderBy('sessions.starts_at')
    .orderBy('movies.title')
    .execute();
  if (rows.length === 0) return { festivals: [], numPastEvents: 0 };
  const planned = await plannedPlaces(db);

  const days: Record<string, ProgrammeEvent[]> = {};
  const keyOf = new Map<string, string>();
  for (let i = 0; i < festival.days; i++) {
    const date = addDays(festival.start, i);
    const key = dayKey(Number(date.slice(8, 10)));
    keyOf.set(date, key);
    days[key] = [];
  }
  for (const r of rows) {
    const date = r.starts_at.slice(0, 10);
    // A session outside the configured festival days still belongs to the agenda.
    const key = keyOf.get(date) ?? dayKey(Number(date.slice(8, 10)));
    const card = workCard(r, locale);
    (days[key] ??= []).push({
      ...card,
      mm: String(Number(date.slice(5, 7))),
      dd: String(Number(date.slice(8, 10))),
      session_id: String(r.session_id),
      hh: r.starts_at.slice(11, 16),
      venue: r.venue_name,
      venue_address: r.venue_address,
      venue_id: String(r.venue_id),
      ...sessionStatus(r, locale),
      follow: sessionFollow(r),
      ...plannedBeside(planned, String(r.session_id), r),
      ...untranslatedMark(locale, [...(card.untranslated ?? []), ...statusNoteFallback(r, locale)]),
    });
  }
  return { festivals: days, numPastEvents: 0 };
}

/** A session as a ticket request needs it: its readable label and when it starts. */
interface TicketSession {
  /** 'Título — Cidade, Sala, AAAA-MM-DD HH:MM' */
  label: string;
  /** 'YYYY-MM-DDTHH:MM', Lisbon wall-clock time. */
  startsAt: string;
}

export async function ticketSession(db: Db, sessionId: number): Promise<TicketSession | null> {
  const row = await sessionsWithPlaceAndWork(db)
    .select(['movies.title', 'cities.name as city', 'venues.name as venue', 'sessions.starts_at'])
    .where('sessions.id', '=', sessionId)
    .executeTakeFirst();
  return row ? { label: `${row.title} — ${row.city}, ${row.venue}, ${row.starts_at.replace('T', ' ')}`, startsAt: row.starts_at } : null;
}
