/**
 * What a public marker says of a session a published change moved: "Mudou: era às 18:00", "Mudou:
 * era sábado 28 às 18:00" when the day changed too, "Mudou de sala: era no Cinema Ideal". The time
 * named is the one first published (the time on people's tickets). A cancellation or a delay is
 * said by the status beside it (session-status.ts); statusMarker is its short form for lists.
 */
import { spokenDay } from '../time/calendar-names';
import { clockTime, wallDate } from '../time/lisbon-time';
import { isSessionStatus, STATUS_LABELS } from './session-status';

export interface MarkedSession {
  /** Lisbon wall time, YYYY-MM-DDTHH:MM. */
  starts_at: string;
  venue_name: string;
  planned?: { starts_at: string; venue_name: string };
}

/** The lines of a moved session's marker; [] for a session where and when it was planned. */
export function changeMarkers({ starts_at, venue_name, planned }: MarkedSession): string[] {
  if (!planned) return [];
  const lines: string[] = [];
  if (planned.starts_at !== starts_at) {
    const day = wallDate(planned.starts_at) === wallDate(starts_at) ? '' : `${spokenDay(wallDate(planned.starts_at))} `;
    lines.push(`Mudou: era ${day}às ${clockTime(planned.starts_at)}`);
  }
  if (planned.venue_name !== venue_name) lines.push(`Mudou de sala: era no ${planned.venue_name}`);
  return lines;
}

/** "Cancelada: cópia não chegou", "Atrasada: 20 minutos"; the word alone without a reason; '' as planned. */
export function statusMarker(status: string, note: string): string {
  if (!isSessionStatus(status) || status === '') return '';
  const reason = note.trim();
  return reason ? `${STATUS_LABELS[status]}: ${reason}` : STATUS_LABELS[status];
}
