/**
 * Festival time is Lisbon wall-clock time. Sessions are stored as 'YYYY-MM-DDTHH:MM' in Lisbon,
 * so comparing them with "now" only needs now in the same form.
 */
export type Clock = () => Date;
export const systemClock: Clock = () => new Date();

const lisbonParts = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Lisbon',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** 'YYYY-MM-DDTHH:MM' of an instant, in Lisbon. */
export function lisbonDateTime(instant: Date): string {
  const parts = Object.fromEntries(lisbonParts.formatToParts(instant).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

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
