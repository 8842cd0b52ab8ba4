/**
 * The server's clock. Festival time is Lisbon wall-clock time (src/common/time/lisbon-time.ts, shared
 * with the browser and the tests): sessions are stored as 'YYYY-MM-DDTHH:MM' in Lisbon, so
 * comparing them with "now" only needs now in the same form.
 */
export type Clock = () => Date;
export const systemClock: Clock = () => new Date();

export { addDays, lisbonDate, lisbonDateTime, lisbonInstant } from '../src/common/time/lisbon-time';

/** A clock that reads `start` now and runs on from there (rehearsals and tests: CLOCK_AT). */
export function clockFrom(start: Date, real: Clock = systemClock): Clock {
  const offset = start.getTime() - real().getTime();
  return () => new Date(real().getTime() + offset);
}
