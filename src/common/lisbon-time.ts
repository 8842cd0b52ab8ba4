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

/** The instant at which Lisbon's wall clock reads `wall` ('YYYY-MM-DDTHH:MM'). */
export function lisbonInstant(wall: string): Date {
  const asUtc = Date.parse(`${wall}:00Z`);
  // Lisbon is UTC or UTC+1: one correction by the offset found at the first guess is exact
  // except within the hour a change of time skips or repeats, where either reading is fine.
  const offset = Date.parse(`${lisbonDateTime(new Date(asUtc))}:00Z`) - asUtc;
  return new Date(asUtc - offset);
}
