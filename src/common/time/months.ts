/** The city programme's day keys and a news item's date, as the spec writes them. */
import { monthName } from './calendar-names';

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
