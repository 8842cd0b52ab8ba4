/**
 * The agenda in the visitor's calendar (RFC 5545), made on the device from the saved programme,
 * so it works offline: one VEVENT per session, in Lisbon time (DTSTART;TZID=Europe/Lisbon, with
 * the zone's VTIMEZONE), a UID that stays the same for a session whatever changes (a calendar
 * that imports the file again updates the event instead of doubling it), the venue and city as
 * LOCATION, the film's page as URL, and an alarm 30 minutes before. Written by ical-generator,
 * with the VTIMEZONE from timezones-ical-library; loaded only by the agenda page.
 */
import ical, { ICalAlarmType, ICalCalendarMethod } from 'ical-generator';
import { tzlib_get_ical_block } from 'timezones-ical-library';
import type { AgendaSession } from '../../../common/api-types';
import { endsAt, LISBON_TIME_ZONE } from '../../../common/lisbon-time';
import { workPath } from '../../../common/page-paths';

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

function workUrl(session: AgendaSession, publicUrl: string): string {
  return new URL(workPath({ id: session.work_id, ismovie: session.ismovie }), publicUrl).href;
}

/** An iCalendar file of sessions. `publicUrl` is the site's public address (homeprefs). */
export function agendaCalendar(sessions: AgendaSession[], options: { publicUrl: string; name: string; stamp?: Date }): string {
  const host = new URL(options.publicUrl).hostname;
  const calendar = ical({
    name: options.name,
    prodId: { company: '8½ Festa do Cinema Italiano', product: 'A minha agenda', language: 'PT' },
    method: ICalCalendarMethod.PUBLISH,
    // No calendar-wide zone (DTSTAMP stays in UTC, as RFC 5545 requires): each event names Lisbon,
    // and the generator writes Lisbon's VTIMEZONE once.
    timezone: { name: null, generator: vtimezone },
  });
  for (const session of sessions) {
    const place = `${session.venue_name}, ${session.city_name}`;
    const event = calendar.createEvent({
      id: sessionUid(session.id, host),
      // Wall-clock text read as local time and written back as local time: the same digits,
      // tagged with TZID=Europe/Lisbon, wherever the device is.
      start: `${session.starts_at}:00`,
      end: `${endsAt(session)}:00`,
      timezone: LISBON_TIME_ZONE,
      summary: session.title,
      location: place,
      url: workUrl(session, options.publicUrl),
      description: `${session.title} — ${place}`,
      ...(options.stamp ? { stamp: options.stamp } : {}),
    });
    event.createAlarm({
      type: ICalAlarmType.display,
      trigger: ALARM_MINUTES_BEFORE * 60,
      description: `${session.title} começa daqui a ${ALARM_MINUTES_BEFORE} minutos (${place}).`,
    });
  }
  return calendar.toString();
}

/** Saves text as a file through the browser's download. */
export function downloadFile(text: string, fileName: string, type = 'text/calendar;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has its own copy once it started.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
