/** Festival time is Lisbon wall-clock time, on the server and on a visitor's phone alike. */
const lisbonParts = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Lisbon',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** 'YYYY-MM-DDTHH:MM' of an instant, in Lisbon: comparable as text with a session's starts_at. */
export function lisbonDateTime(instant: Date): string {
  const parts = Object.fromEntries(lisbonParts.formatToParts(instant).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}
