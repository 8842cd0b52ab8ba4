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
