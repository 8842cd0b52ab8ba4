/**
 * Moments (instants: a save, a login, an upload) as the back office shows them: in Lisbon
 * whatever zone the device is set to, pt-PT. The one family of formats for the back office;
 * festival days and session times are wall-clock text, said with common/time's names: a session
 * reads as people say it ("sábado 28, 18:00, Cinema Ideal"), never "2026-11-28 18:00".
 */
import { spokenDayAndTime } from '../common/time/calendar-names';
import { lisbonDateTime, lisbonFormat } from '../common/time/lisbon-time';

const moment = lisbonFormat({ dateStyle: 'short', timeStyle: 'short' });
const momentWithSeconds = lisbonFormat({ dateStyle: 'short', timeStyle: 'medium' });
const clock = lisbonFormat({ timeStyle: 'medium' });
const hourMinute = lisbonFormat({ timeStyle: 'short' });
const day = lisbonFormat({ day: 'numeric', month: 'short', year: 'numeric' });

type Instant = string | Date;
const asDate = (instant: Instant) => (typeof instant === 'string' ? new Date(instant) : instant);

/** "25/11/26, 21:30" */
export const lisbonMoment = (instant: Instant) => moment().format(asDate(instant));

/** "25/11/26, 21:30:05": the audit log, where the second matters. */
export const lisbonMomentWithSeconds = (instant: Instant) => momentWithSeconds().format(asDate(instant));

/** "21:30:05" */
export const lisbonClock = (instant: Instant) => clock().format(asDate(instant));

/** "21:30": who is editing a record, since when. */
export const lisbonHourMinute = (instant: Instant) => hourMinute().format(asDate(instant));

/** "25 de nov. de 2026" */
export const lisbonDay = (instant: Instant) => day().format(asDate(instant));

/** "sábado 28, 17:42": a moment of the festival's weeks as said aloud (a session's history). */
export const lisbonSpokenMoment = (instant: Instant) => spokenDayAndTime(lisbonDateTime(asDate(instant)));

/** "sábado 28, 18:00, Cinema Ideal" (without the venue when there is none): a session's wall-clock start as people say it. */
export const sessionWhen = (startsAt: string, venue?: string) =>
  [startsAt ? spokenDayAndTime(startsAt) : '', venue].filter(Boolean).join(', ');
