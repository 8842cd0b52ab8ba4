/** pt-PT month names, 1 to 12, as the spec lists them. */
export const MONTH_NAMES = [
  'Janeiro',
  'Fevereiro',
  'Março',
  'Abril',
  'Maio',
  'Junho',
  'Julho',
  'Agosto',
  'Setembro',
  'Outubro',
  'Novembro',
  'Dezembro',
] as const;

/** Month name for a month number 1..12 (as number or string); '' when out of range. */
export function monthName(month: number | string): string {
  const index = Number(month) - 1;
  return MONTH_NAMES[index] ?? '';
}

/** A month's name inside a date, as pt-PT writes it: lower case ("26 de novembro"). */
export function monthInDate(month: number | string): string {
  return monthName(month).toLowerCase();
}

/** "dd month yyyy", as the spec builds a news item's pretty_date. */
export function prettyDate(dd: number | string, mm: number | string, yy: number | string): string {
  return `${Number(dd)} ${monthName(mm)} ${yy}`;
}

/** A day key of the city programme: a letter prefix and the day number ('d7'). */
export function dayKey(day: number): string {
  return `d${day}`;
}

/** The day shown for a day key: the key minus its first character. */
export function dayFromKey(key: string): string {
  return key.slice(1);
}
