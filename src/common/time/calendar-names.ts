/**
 * The festival's days in pt-PT words: weekday and month names, and the ways a day is written.
 * Fixed lists, not Intl: the server's and the browser's ICU data may abbreviate differently, and a
 * page rendered on one must match its hydration on the other (and a PDF must not depend on the
 * server's ICU build). Dates are 'YYYY-MM-DD' calendar days.
 */

const WEEKDAYS = ['domingo', 'segunda-feira', 'terça-feira', 'quarta-feira', 'quinta-feira', 'sexta-feira', 'sábado'] as const;
const WEEKDAYS_SHORT = ['dom', 'seg', 'ter', 'qua', 'qui', 'sex', 'sáb'] as const;

/** pt-PT month names, 1 to 12, as the spec lists them (capitalised). */
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

const parts = (date: string) => ({ year: Number(date.slice(0, 4)), month: Number(date.slice(5, 7)), day: Number(date.slice(8, 10)) });

/**
 * The weekday of a date: 'short' ("sáb", the programme's day strip), 'long' ("segunda-feira") or
 * 'spoken' ("segunda", as said aloud, without "-feira"); '' when it is no date.
 */
export function weekdayName(date: string, form: 'short' | 'long' | 'spoken' = 'short'): string {
  const day = new Date(`${date.slice(0, 10)}T12:00:00Z`).getUTCDay();
  if (Number.isNaN(day)) return '';
  if (form === 'short') return WEEKDAYS_SHORT[day]!;
  return form === 'long' ? WEEKDAYS[day]! : WEEKDAYS[day]!.replace('-feira', '');
}

/** Month name for a month number 1..12 (as number or string); '' when out of range. */
export function monthName(month: number | string): string {
  return MONTH_NAMES[Number(month) - 1] ?? '';
}

/** A month's name inside a date, as pt-PT writes it: lower case ("26 de novembro"). */
export function monthInDate(month: number | string): string {
  return monthName(month).toLowerCase();
}

/** "quinta 26": the weekday as said aloud and the day of the month. */
export function spokenDay(date: string): string {
  return `${weekdayName(date, 'spoken')} ${parts(date).day}`;
}

/** "7 de abril". */
export function dayAndMonth(date: string): string {
  const { day, month } = parts(date);
  return `${day} de ${monthInDate(month)}`;
}

/** "quinta-feira, 2 de abril". */
export function weekdayAndDate(date: string): string {
  return `${weekdayName(date, 'long')}, ${dayAndMonth(date)}`;
}

/** "2 de abril de 2026". */
export function longDate(date: string): string {
  return `${dayAndMonth(date)} de ${parts(date).year}`;
}

/** "sábado 28, 17:42": a wall-clock time ('YYYY-MM-DDTHH:MM') as said aloud, within the festival's weeks. */
export function spokenDayAndTime(wall: string): string {
  return `${spokenDay(wall.slice(0, 10))}, ${wall.slice(11, 16)}`;
}
