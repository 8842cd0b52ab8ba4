/**
 * A festival day runs from 06:00 to 06:00 the next morning: a 01:30 screening is the night of the
 * day before, on the grid, the door sheet, the printed programme and the phone's list alike.
 */
import { addDays, wallDate, wallMinutes } from '../time/lisbon-time';

/** The hour a festival day ends (and the next one begins). */
export const FESTIVAL_DAY_ENDS_AT_HOUR = 6;

const DAY_START = `T${String(FESTIVAL_DAY_ENDS_AT_HOUR).padStart(2, '0')}:00`;

/** The festival day ('YYYY-MM-DD') a wall-clock time belongs to: before 06:00 it is the day before. */
export function festivalDayOf(wall: string): string {
  return Number(wall.slice(11, 13)) < FESTIVAL_DAY_ENDS_AT_HOUR ? addDays(wallDate(wall), -1) : wallDate(wall);
}

/** Where festival day `day` begins and ends, as wall-clock text ('YYYY-MM-DDT06:00'): the end is the next day's start. */
export function festivalDayBounds(day: string): { starts: string; ends: string } {
  return { starts: `${day}${DAY_START}`, ends: `${addDays(day, 1)}${DAY_START}` };
}

/** Minutes from the start of festival day `day` (its 06:00) to a wall-clock time. */
export function minutesIntoFestivalDay(day: string, wall: string): number {
  return wallMinutes(wall) - wallMinutes(festivalDayBounds(day).starts);
}

/**
 * The day a day-by-day screen opens on (the grid, the door sheet): today's festival day while the
 * festival clock is inside the festival, else the first of `days`.
 */
export function openingDay(days: readonly string[], today: string): string | undefined {
  return days.includes(today) ? today : days[0];
}

/** The wall-clock time of 'HH:MM' on festival day `day`: before 06:00 it is the next morning's date. */
export function wallTimeInFestivalDay(day: string, time: string): string {
  const date = Number(time.slice(0, 2)) < FESTIVAL_DAY_ENDS_AT_HOUR ? addDays(day, 1) : day;
  return `${date}T${time}`;
}
