/**
 * Festival time is Lisbon wall-clock time. Sessions are stored as 'YYYY-MM-DDTHH:MM' in Lisbon,
 * so comparing them with "now" only needs now in the same form.
 */
export type Clock = () => Date;
export const systemClock: Clock = () => new Date();

import { lisbonDateTime } from '../src/common/lisbon-time';

export { lisbonDateTime };

/** 'YYYY-MM-DD' of an instant, in Lisbon. */
export function lisbonDate(instant: Date): string {
  return lisbonDateTime(instant).slice(0, 10);
}

/** A calendar date plus a number of days, 'YYYY-MM-DD'. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The instant at which Lisbon's wall clock reads `wall` ('YYYY-MM-DDTHH:MM'). */
export function lisbonInstant(wall: string): Date {
  const asUtc = Date.parse(`${wall}:00Z`);
  // Lisbon is UTC or UTC+1: one correction by the offset found at the first guess is exact
  // except within the hour a change of time skips or repeats, where either reading is fine.
  const offset = Date.parse(`${lisbonDateTime(new Date(asUtc))}:00Z`) - asUtc;
  return new Date(asUtc - offset);
}

/** A clock that reads `start` now and runs on from there (rehearsals and tests: CLOCK_AT). */
export function clockFrom(start: Date, real: Clock = systemClock): Clock {
  const offset = start.getTime() - real().getTime();
  return () => new Date(real().getTime() + offset);
}
