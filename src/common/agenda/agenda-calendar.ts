/**
 * The agenda in the visitor's calendar (RFC 5545), one builder for both ways it gets there: the
 * file the agenda page makes on the device from the saved programme (so it works offline), and
 * the subscription feed the server answers (server/api/calendar-routes.ts), which calendar apps
 * refresh by themselves. One VEVENT per session, in Lisbon time (DTSTART with the TZID of LISBON_TIME_ZONE, with
 * the zone's VTIMEZONE), a UID that stays the same for a session whatever changes (a calendar that
 * imports the file again updates the event instead of doubling it), a SEQUENCE that grows with
 * each published change (each session's `sequence` in GET /api/sessions: the feed and the file
 * made on the device from the saved programme give the same one), the venue and its street
 * address as LOCATION, the film's page as URL, a last-minute status (a cancelled session is
 * STATUS:CANCELLED, its summary "Cancelada: …"; another status's sentence is in the description), and an alarm 30 minutes before (or, after a session
 * in another city that day, the journey's time before that, saying when to leave). Written by
 * ical-generator, with the VTIMEZONE from timezones-ical-library; in the browser, loaded only by
 * the agenda page.
 */
import { followLine } from '../programme/follow-words';
import { FESTIVAL_NAME } from '../constants';
import ical, { ICalAlarmType, ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { tzlib_get_ical_block } from 'timezones-ical-library';
import type { AgendaSession, TravelTime } from '../api/api-types';
import { journeyLookup } from '../time/journeys';
import { endsAt } from '../time/work-length';
import { clockTime, formatMinutes, LISBON_TIME_ZONE, wallDate } from '../time/lisbon-time';
import { isCancelled, statusLabel, statusSentence } from '../programme/session-status';
import { workPath } from '../addresses/page-paths';
import type { I18n } from '../i18n/i18n';
import { DEFAULT_LOCALE, localizedPath, type Locale } from '../i18n/locales';
import { say } from '../programme/message-text';

/** The file's words, in the language of the `i18n` given (pt-PT without one: the feed). */
export const CALENDAR_MESSAGES = {
  product: /*i18n*/ { id: 'calendar.product', message: 'A minha agenda' },
  cancelled: /*i18n*/ { id: 'calendar.cancelled', message: '{cancelled}: {title}' },
  description: /*i18n*/ { id: 'calendar.description', message: '{title} — {place}' },
  reminder: /*i18n*/ { id: 'calendar.reminder', message: '{title} começa daqui a {minutes} minutos ({place}).' },
  leave: /*i18n*/ {
    id: 'calendar.leave',
    message: 'Hora de partir para {city}: a viagem leva {journey} e {title} começa às {time} ({place}).',
  },
};

/** The language tag of the calendar's PRODID. */
const PRODID_LANGUAGE: Record<Locale, string> = { 'pt-PT': 'PT', en: 'EN', it: 'IT' };

const ALARM_MINUTES_BEFORE = 30;

/** The VTIMEZONE block of a zone, or nothing (then only the TZID is written). */
function vtimezone(zone: string): string | null {
  const block = tzlib_get_ical_block(zone);
  return Array.isArray(block) && block[0] ? block[0] : null;
}

/** The stable UID of a session: its id never changes, whatever its time or venue becomes. */
export function sessionUid(sessionId: string, host: string): string {
  return `sessao-${sessionId}@${host}`;
}

function workUrl(session: AgendaSession, publicUrl: string, locale: Locale): string {
  return new URL(localizedPath(workPath({ id: session.work_id, ismovie: session.ismovie }), locale), publicUrl).href;
}

/**
 * The SEQUENCE of each session, from the programme's sessions (GET /api/sessions): the later of
 * two lists given for one session wins, so the device passes its agenda's copies, then the
 * programme it last synced.
 */
export function sequencesOf(...lists: readonly Pick<AgendaSession, 'id' | 'sequence'>[][]): Map<string, number> {
  return new Map(lists.flat().map((s) => [s.id, s.sequence]));
}

/** Where a session is: the venue and its street address (which names the city), or the venue and the city. */
export function sessionLocation(session: AgendaSession): string {
  return `${session.venue_name}, ${session.venue_address || session.city_name}`;
}

interface CalendarOptions {
  /** The site's public address (homeprefs). */
  publicUrl: string;
  name: string;
  stamp?: Date;
  /** How many times each session changed (its SEQUENCE, from sequencesOf); 0 for a session not listed. */
  sequences?: ReadonlyMap<string, number>;
  /** How often a subscribing calendar app should refresh, in minutes (the feed only). */
  refreshMinutes?: number;
  /** The journeys between cities: a session after one in another city is announced in time to travel. */
  travelTimes?: TravelTime[];
  /** The page's i18n: the file's words and the films' addresses in its language (pt-PT without one: the feed). */
  i18n?: I18n;
}

/**
 * When to remind, in minutes before the start, and what to say: 30 minutes, or, when the session
 * before it (in these sessions, the same day) is in another city, the journey plus those 30, so the
 * reminder says when to leave.
 */
function reminder(
  session: AgendaSession,
  previous: AgendaSession | undefined,
  journey: ReturnType<typeof journeyLookup<string>>,
  place: string,
  i18n?: I18n,
) {
  const minutes =
    previous && wallDate(previous.starts_at) === wallDate(session.starts_at) && previous.city_id !== session.city_id
      ? journey(previous.city_id, session.city_id)
      : undefined;
  if (minutes === undefined) {
    return {
      before: ALARM_MINUTES_BEFORE,
      text: say(CALENDAR_MESSAGES.reminder, { title: session.title, minutes: ALARM_MINUTES_BEFORE, place }, i18n),
    };
  }
  return {
    before: minutes + ALARM_MINUTES_BEFORE,
    text: say(
      CALENDAR_MESSAGES.leave,
      { city: session.city_name, journey: formatMinutes(minutes), title: session.title, time: clockTime(session.starts_at), place },
      i18n,
    ),
  };
}

/** An iCalendar file of sessions. */
export function agendaCalendar(sessions: AgendaSession[], options: CalendarOptions): string {
  const host = new URL(options.publicUrl).hostname;
  const { i18n } = options;
  const locale = (i18n?.locale as Locale | undefined) ?? DEFAULT_LOCALE;
  const calendar = ical({
    name: options.name,
    prodId: {
      company: FESTIVAL_NAME,
      product: say(CALENDAR_MESSAGES.product, {}, i18n),
      language: PRODID_LANGUAGE[locale],
    },
    method: ICalCalendarMethod.PUBLISH,
    // No calendar-wide zone (DTSTAMP stays in UTC, as RFC 5545 requires): each event names Lisbon,
    // and the generator writes Lisbon's VTIMEZONE once.
    timezone: { name: null, generator: vtimezone },
    ...(options.refreshMinutes ? { ttl: options.refreshMinutes * 60 } : {}),
  });
  const journey = journeyLookup(options.travelTimes ?? []);
  const inOrder = [...sessions].sort((a, b) => (a.starts_at < b.starts_at ? -1 : a.starts_at > b.starts_at ? 1 : 0));
  inOrder.forEach((session, i) => {
    const place = sessionLocation(session);
    const event = calendar.createEvent({
      id: sessionUid(session.id, host),
      sequence: options.sequences?.get(session.id) ?? 0,
      // Wall-clock text read as local time and written back as local time: the same digits,
      // tagged with Lisbon's TZID, wherever the device is.
      start: `${session.starts_at}:00`,
      end: `${endsAt(session)}:00`,
      timezone: LISBON_TIME_ZONE,
      // A cancelled session stays in the calendar, marked (a calendar app shows it struck through).
      ...(isCancelled(session.status) ? { status: ICalEventStatus.CANCELLED } : {}),
      summary: isCancelled(session.status)
        ? say(CALENDAR_MESSAGES.cancelled, { cancelled: statusLabel('cancelled', i18n), title: session.title }, i18n)
        : session.title,
      location: place,
      url: workUrl(session, options.publicUrl, locale),
      description: [
        say(CALENDAR_MESSAGES.description, { title: session.title, place }, i18n),
        // Can I follow it: "IT · legendas PT EN · M/12 · LGP".
        followLine(session.follow, session.ismovie === '1', i18n),
        statusSentence(session.status, session.status_note, i18n),
      ]
        .filter(Boolean)
        .join('\n'),
      ...(options.stamp ? { stamp: options.stamp } : {}),
    });
    const { before, text } = reminder(session, inOrder[i - 1], journey, place, i18n);
    event.createAlarm({ type: ICalAlarmType.display, trigger: before * 60, description: text });
  });
  return calendar.toString();
}
