/**
 * Festival time is Lisbon wall-clock time, on the server, on a visitor's phone and in the tests
 * alike. It comes in two forms: an instant (a Date or milliseconds), and wall-clock text,
 * 'YYYY-MM-DDTHH:MM' in Lisbon, as sessions carry it (see GET /api/sessions), comparable as text.
 * This module turns one into the other, counts on the wall clock and writes times for people.
 */

export const LISBON_TIME_ZONE = 'Europe/Lisbon';

/**
 * A formatter made on first use: building one for a time zone loads its data (milliseconds on a
 * phone), which would otherwise lengthen the evaluation of the page's first script, before hydration.
 */
function onFirstUse(locale: string, options: Intl.DateTimeFormatOptions): () => Intl.DateTimeFormat {
  let format: Intl.DateTimeFormat | undefined;
  return () => (format ??= new Intl.DateTimeFormat(locale, options));
}

/** A pt-PT formatter of instants as Lisbon reads them, made on first use (the back office's formats are built on it). */
export const lisbonFormat = (options: Omit<Intl.DateTimeFormatOptions, 'timeZone'>) =>
  onFirstUse('pt-PT', { ...options, timeZone: LISBON_TIME_ZONE });

const lisbonParts = onFirstUse('en-CA', {
  timeZone: LISBON_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

// Instants and wall-clock time

/** 'YYYY-MM-DDTHH:MM' of an instant, in Lisbon: comparable as text with a session's starts_at. */
export function lisbonDateTime(instant: Date | number): string {
  const parts = Object.fromEntries(
    lisbonParts()
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

/** 'YYYY-MM-DD' of an instant, in Lisbon. */
export function lisbonDate(instant: Date | number): string {
  return wallDate(lisbonDateTime(instant));
}

/**
 * How far Lisbon's wall clock is ahead of UTC when it reads `wall`, in milliseconds: Lisbon's
 * reading of an instant minus the instant, found twice so that a first guess on the other side of
 * a change of time is corrected. In the hour a change repeats either answer is fine; a time in the
 * hour it skips is read after the change, as a clock put forward would show it (02:30 for 01:30).
 */
function lisbonOffsetMs(wall: string): number {
  const asUtc = Date.parse(`${wall}:00Z`);
  let offsetMs = 0;
  for (let i = 0; i < 2; i++) offsetMs = Date.parse(`${lisbonDateTime(new Date(asUtc - offsetMs))}:00Z`) - (asUtc - offsetMs);
  return offsetMs;
}

/** The instant at which Lisbon's wall clock reads `wall` ('YYYY-MM-DDTHH:MM'). */
export function lisbonInstant(wall: string): Date {
  return new Date(Date.parse(`${wall}:00Z`) - lisbonOffsetMs(wall));
}

/** A wall-clock time as ISO 8601 with its offset ('2026-04-05T21:30:00+01:00'), as schema.org dates want it. */
export function lisbonIso(wall: string): string {
  const offsetMs = lisbonOffsetMs(wall);
  const sign = offsetMs < 0 ? '-' : '+';
  const abs = Math.round(Math.abs(offsetMs) / 60_000);
  return `${wall}:00${sign}${twoDigits(Math.floor(abs / 60))}:${twoDigits(abs % 60)}`;
}

const twoDigits = (n: number) => String(n).padStart(2, '0');

// Counting on the wall clock: the agenda only adds minutes to session times and compares them, so
// it counts as if the clock had no daylight-saving jumps (the festival's sessions never span the
// 1 a.m. change).

/** 'YYYY-MM-DD' of a wall-clock time. */
export const wallDate = (wall: string) => wall.slice(0, 10);

/** 'HH:MM' of a wall-clock time. */
export const clockTime = (wall: string) => wall.slice(11, 16);

/** Minutes since 1970 on the wall clock of 'YYYY-MM-DDTHH:MM' (or a day's midnight, 'YYYY-MM-DD'); NaN when it is neither. */
export function wallMinutes(wall: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}))?/.exec(wall);
  if (!match) return Number.NaN;
  const [, y, mo, d, h = '0', mi = '0'] = match;
  return Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi)) / 60_000;
}

/** The wall-clock text 'YYYY-MM-DDTHH:MM' of a count of wall-clock minutes ('' when it is not a number). */
export function wallTimeOf(minutes: number): string {
  return Number.isFinite(minutes) ? new Date(minutes * 60_000).toISOString().slice(0, 16) : '';
}

/** A wall-clock time plus some minutes, 'YYYY-MM-DDTHH:MM'. */
export function addWallMinutes(wall: string, minutes: number): string {
  return wallTimeOf(wallMinutes(wall) + minutes);
}

/** A calendar date plus a number of days, 'YYYY-MM-DD'. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

// Times for people

/** "12:03": the time of an instant in Lisbon. */
export const lisbonClockTime = (instant: Date | number) => clockTime(lisbonDateTime(instant));

const dayAndTime = lisbonFormat({ day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit' });

/** The day and time of an instant in Lisbon, in pt-PT words ("25 de novembro às 14:03"). */
export const lisbonDayAndTime = (instant: Date | number) => dayAndTime().format(instant);

/** A span of minutes as people say it: "45 min", "2 h", "1 h 30 min". */
export function formatMinutes(minutes: number): string {
  const total = Math.max(0, Math.round(minutes));
  const h = Math.floor(total / 60);
  const m = total % 60;
  if (h === 0) return `${m} min`;
  return m === 0 ? `${h} h` : `${h} h ${m} min`;
}
