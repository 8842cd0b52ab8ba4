/**
 * The festival's days in words: weekday and month names, and the ways a day is written.
 * pt-PT from fixed lists, as the spec writes them, not Intl: the server's and the browser's ICU data
 * may abbreviate differently, and a page rendered on one must match its hydration on the other (and
 * a PDF must not depend on the server's ICU build). English (en-GB) and Italian through Intl, whose
 * full names agree across ICU builds. Dates are 'YYYY-MM-DD' calendar days: formatted at noon UTC, in
 * UTC, they are that day whatever the zone.
 */
import { INTL_LOCALES, type Locale } from '../i18n/locales';

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

const formats = new Map<string, Intl.DateTimeFormat>();
/** A calendar day written by Intl in English or Italian. */
function intlDay(date: string, locale: Locale, options: Intl.DateTimeFormatOptions): string {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) formats.set(key, (format = new Intl.DateTimeFormat(INTL_LOCALES[locale], { ...options, timeZone: 'UTC' })));
  const noon = new Date(`${date.slice(0, 10)}T12:00:00Z`);
  return Number.isNaN(noon.getTime()) ? '' : format.format(noon);
}

/**
 * The weekday of a date: 'short' ("sáb", the programme's day strip), 'long' ("segunda-feira") or
 * 'spoken' ("segunda", as said aloud, without "-feira"); '' when it is no date.
 */
export function weekdayName(date: string, form: 'short' | 'long' | 'spoken' = 'short', locale: Locale = 'pt-PT'): string {
  if (locale !== 'pt-PT') return intlDay(date, locale, { weekday: form === 'short' ? 'short' : 'long' });
  const day = new Date(`${date.slice(0, 10)}T12:00:00Z`).getUTCDay();
  if (Number.isNaN(day)) return '';
  if (form === 'short') return WEEKDAYS_SHORT[day]!;
  return form === 'long' ? WEEKDAYS[day]! : WEEKDAYS[day]!.replace('-feira', '');
}

const capitalised = (text: string) => text.charAt(0).toLocaleUpperCase() + text.slice(1);

/** Month name for a month number 1..12 (as number or string), capitalised ("Março", "March", "Marzo"); '' when out of range. */
export function monthName(month: number | string, locale: Locale = 'pt-PT'): string {
  if (locale === 'pt-PT') return MONTH_NAMES[Number(month) - 1] ?? '';
  const number = Number(month);
  if (!Number.isInteger(number) || number < 1 || number > 12) return '';
  return capitalised(intlDay(`2026-${String(number).padStart(2, '0')}-15`, locale, { month: 'long' }));
}

/** A month's name inside a date, as the language writes it there ("26 de novembro", "26 November", "26 novembre"). */
export function monthInDate(month: number | string, locale: Locale = 'pt-PT'): string {
  const name = monthName(month, locale);
  return locale === 'en' ? name : name.toLowerCase();
}

/** "quinta 26", "Thursday 26", "giovedì 26": the weekday as said aloud and the day of the month. */
export function spokenDay(date: string, locale: Locale = 'pt-PT'): string {
  return `${weekdayName(date, 'spoken', locale)} ${parts(date).day}`;
}

/** "7 de abril", "7 April", "7 aprile". */
export function dayAndMonth(date: string, locale: Locale = 'pt-PT'): string {
  if (locale !== 'pt-PT') return intlDay(date, locale, { day: 'numeric', month: 'long' });
  const { day, month } = parts(date);
  return `${day} de ${monthInDate(month)}`;
}

/** "quinta-feira, 2 de abril", "Thursday, 2 April", "giovedì 2 aprile". */
export function weekdayAndDate(date: string, locale: Locale = 'pt-PT'): string {
  if (locale !== 'pt-PT') return intlDay(date, locale, { weekday: 'long', day: 'numeric', month: 'long' });
  return `${weekdayName(date, 'long')}, ${dayAndMonth(date)}`;
}

/** "2 de abril de 2026", "2 April 2026", "2 aprile 2026". */
export function longDate(date: string, locale: Locale = 'pt-PT'): string {
  if (locale !== 'pt-PT') return intlDay(date, locale, { day: 'numeric', month: 'long', year: 'numeric' });
  return `${dayAndMonth(date)} de ${parts(date).year}`;
}

/** "sábado 28, 17:42": a wall-clock time ('YYYY-MM-DDTHH:MM') as said aloud, within the festival's weeks. */
export function spokenDayAndTime(wall: string, locale: Locale = 'pt-PT'): string {
  return `${spokenDay(wall.slice(0, 10), locale)}, ${wall.slice(11, 16)}`;
}
