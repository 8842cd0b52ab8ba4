/**
 * What a public marker says of a session a published change moved: "Mudou: era às 18:00", "Mudou:
 * era sábado 28 às 18:00" when the day changed too, "Mudou de sala: era no Cinema Ideal" ("era na
 * Cinemateca": the venue's grammatical gender). The time named is the one first published (the time
 * on people's tickets). A cancellation or a delay is said by the status beside it (session-status.ts);
 * statusMarker is its short form for lists. In the page's language with its i18n; pt-PT without.
 */
import type { I18n } from '../i18n/i18n';
import { isLocale } from '../i18n/locales';
import { spokenDay } from '../time/calendar-names';
import { clockTime, wallDate } from '../time/lisbon-time';
import { say } from './message-text';
import { statusLabel, WITH_REASON } from './session-status';
import { nameInitial, venueGender, type VenueGender } from './venue-gender';

export interface MarkedSession {
  /** Lisbon wall time, YYYY-MM-DDTHH:MM. */
  starts_at: string;
  venue_name: string;
  /** Its last-minute status: a delayed session's badge already says it changed ("Era às 18:00"). */
  status?: string;
  /** Where and when it was first published; a venue's gender unknown (an answer kept from before venues had one) reads as masculine. */
  planned?: { starts_at: string; venue_name: string; venue_gender?: VenueGender };
}

export const MOVED_TIME = /*i18n*/ { id: 'change.movedTime', message: 'Mudou: era às {time}' };
/** Beside a delayed session's badge ("Atrasada"), which already says why the time moved. */
export const DELAYED_FROM = /*i18n*/ { id: 'change.delayedFrom', message: 'Era às {time}' };
export const MOVED_DAY = /*i18n*/ { id: 'change.movedDay', message: 'Mudou: era {day} às {time}' };
/** The article agrees with the venue's name: "era no Cinema São Jorge", "era na Cinemateca". */
export const MOVED_VENUE = /*i18n*/ {
  id: 'change.movedVenue',
  message: '{gender, select, f {Mudou de sala: era na {venue}} other {Mudou de sala: era no {venue}}}',
};

/** The lines of a moved session's marker; [] for a session where and when it was planned. */
export function changeMarkers({ starts_at, venue_name, status, planned }: MarkedSession, i18n?: I18n): string[] {
  if (!planned) return [];
  const lines: string[] = [];
  if (planned.starts_at !== starts_at) {
    const time = clockTime(planned.starts_at);
    const day = wallDate(planned.starts_at);
    if (day === wallDate(starts_at)) lines.push(say(status === 'delayed' ? DELAYED_FROM : MOVED_TIME, { time }, i18n));
    else {
      const locale = i18n && isLocale(i18n.locale) ? i18n.locale : undefined;
      lines.push(say(MOVED_DAY, { day: spokenDay(day, locale), time }, i18n));
    }
  }
  if (planned.venue_name !== venue_name) {
    const { venue_name: venue } = planned;
    lines.push(say(MOVED_VENUE, { gender: venueGender(planned.venue_gender), initial: nameInitial(venue), venue }, i18n));
  }
  return lines;
}

/** "Cancelada: cópia não chegou", "Atrasada: 20 minutos"; the word alone without a reason; '' as planned. */
export function statusMarker(status: string, note: string, i18n?: I18n): string {
  const label = statusLabel(status, i18n);
  if (!label) return '';
  const reason = note.trim();
  return reason ? say(WITH_REASON, { status: label, reason }, i18n) : label;
}
