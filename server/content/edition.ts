/**
 * One edition, derived from FESTIVAL_START: its year, its number (counted from the festival's
 * first year) and its dates. The seed never spells a year, an edition number or a date of the
 * edition; it writes a marker that the import replaces, so every page of an import tells the same
 * edition whatever the configured start:
 *
 *   {{year}} {{year-1}}     the calendar year of the first festival day (minus one, ...)
 *   {{edition}} {{edition-1}}   the edition number ("{{edition}}.ª edição")
 *   {{dates}}               "2 a 10 de abril de 2026" (first to last day, with the year)
 *   {{days}}                "2 a 10 de abril" (the same without the year)
 *   {{end}}                 "10 de abril" (the last day)
 *   {{date-30}} {{date+2}}  "3 de março": a day counted from the first day
 *   {{month+45}}            "maio": the month of a day counted from the first day
 *   {{nth-edition}} {{nth-edition-1}}   the edition as an ordinal: "19.ª", "19th", "19ª"
 *
 * A translation's markers are replaced in its language ("2–10 April 2026", "2–10 aprile 2026").
 */
import { dayAndMonth, monthInDate } from '../../src/common/time/calendar-names';
import type { Locale } from '../../src/common/i18n/locales';
import { addDays } from '../clock';

export interface Edition {
  /** Calendar year of the first festival day. */
  year: number;
  /** 1 for the first edition, in the founding year. */
  number: number;
  /** First and last festival day, 'YYYY-MM-DD'. */
  start: string;
  end: string;
}

export function editionFor(foundedYear: number, festivalStart: string, festivalDays: number): Edition {
  const year = Number(festivalStart.slice(0, 4));
  return { year, number: year - foundedYear + 1, start: festivalStart, end: addDays(festivalStart, festivalDays - 1) };
}

const parts = (date: string) => ({ year: Number(date.slice(0, 4)), month: Number(date.slice(5, 7)), day: Number(date.slice(8, 10)) });

/**
 * "2 a 10 de abril", "30 de março a 7 de abril"; withYear adds it once at the end (twice across a
 * new year). English and Italian write a range with a dash: "2–10 April", "30 March – 7 April".
 */
export function dateRange(start: string, end: string, withYear: boolean, locale: Locale = 'pt-PT'): string {
  const a = parts(start);
  const b = parts(end);
  if (locale !== 'pt-PT') {
    if (a.year !== b.year) return `${dayAndMonth(start, locale)} ${a.year} – ${dayAndMonth(end, locale)} ${b.year}`;
    const tail = withYear ? ` ${b.year}` : '';
    if (a.month === b.month) return `${a.day}–${dayAndMonth(end, locale)}${tail}`;
    return `${dayAndMonth(start, locale)} – ${dayAndMonth(end, locale)}${tail}`;
  }
  if (a.year !== b.year) return `${dayAndMonth(start)} de ${a.year} a ${dayAndMonth(end)} de ${b.year}`;
  const tail = withYear ? ` de ${b.year}` : '';
  if (a.month === b.month) return `${a.day} a ${dayAndMonth(end)}${tail}`;
  return `${dayAndMonth(start)} a ${dayAndMonth(end)}${tail}`;
}

const MARKER = /\{\{\s*([a-z]+(?:-[a-z]+)*)\s*(?:([+-])\s*(\d+))?\s*\}\}/g;

/** An edition's number as an ordinal: "19.ª" (a edição), "19th", "19ª" (l'edizione). */
function ordinal(n: number, locale: Locale): string {
  if (locale === 'pt-PT') return `${n}.ª`;
  if (locale === 'it') return `${n}ª`;
  const teen = n % 100 >= 11 && n % 100 <= 13;
  const suffix = teen ? 'th' : (({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th');
  return `${n}${suffix}`;
}

/**
 * The text with every marker replaced; a marker the import does not know, or a brace pair left
 * over, is reported in `problems` (naming `where`) rather than shown to a visitor.
 */
export function expandMarkers(text: string, edition: Edition, where: string, problems: string[], locale: Locale = 'pt-PT'): string {
  if (!text.includes('{{')) return text;
  const out = text.replace(MARKER, (whole, name: string, sign: string | undefined, amount: string | undefined) => {
    const offset = amount === undefined ? 0 : Number(amount) * (sign === '-' ? -1 : 1);
    const day = addDays(edition.start, offset);
    switch (name) {
      case 'year':
        return String(edition.year + offset);
      case 'edition':
        return String(edition.number + offset);
      case 'nth-edition':
        return ordinal(edition.number + offset, locale);
      case 'date':
        return dayAndMonth(day, locale);
      case 'month':
        return monthInDate(day.slice(5, 7), locale);
      case 'dates':
      case 'days':
      case 'end':
        if (amount !== undefined) break;
        if (name === 'end') return dayAndMonth(edition.end, locale);
        return dateRange(edition.start, edition.end, name === 'dates', locale);
    }
    problems.push(`${where}: marcador desconhecido ${whole}`);
    return whole;
  });
  if (/\{\{|\}\}/.test(out.replace(MARKER, ''))) problems.push(`${where}: marcador incompleto em "${text.slice(0, 60)}"`);
  return out;
}

/** A copy of a JSON value with the markers of every string replaced; `where` names the place of a problem. */
export function expandEdition<T>(value: T, edition: Edition, where: string, problems: string[], locale: Locale = 'pt-PT'): T {
  if (typeof value === 'string') return expandMarkers(value, edition, where, problems, locale) as T;
  if (Array.isArray(value)) return value.map((item, i) => expandEdition(item as unknown, edition, `${where}[${i}]`, problems, locale)) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, expandEdition(item as unknown, edition, `${where}.${key}`, problems, locale)]),
    ) as T;
  }
  return value;
}
