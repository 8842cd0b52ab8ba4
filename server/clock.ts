/**
 * Festival time is Lisbon wall-clock time. Sessions are stored as 'YYYY-MM-DDTHH:MM' in Lisbon,
 * so comparing them with "now" only needs now in the same form.
 */
export type Clock = () => Date;
export const systemClock: Clock = () => new Date();

import { lisbonDateTime, lisbonInstant } from '../src/common/lisbon-time';

export { lisbonDateTime, lisbonInstant };

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

/** A clock that reads `start` now and runs on from there (rehearsals and tests: CLOCK_AT). */
export function clockFrom(start: Date, real: Clock = systemClock): Clock {
  const offset = start.getTime() - real().getTime();
  return () => new Date(real().getTime() + offset);
}
