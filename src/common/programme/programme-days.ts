/**
 * The days of a city's programme, and the rule that opens the agenda on today: a city programme
 * holds the days from today on, and counts in numPastEvents every event that has begun. The
 * server applies it to each answer with its clock; the browser applies it again at render time
 * with the device's clock, so a copy saved yesterday (offline) opens on today as well.
 */
import type { CityProgramme, ProgrammeEvent } from '../api/api-types';
import { clockTime, wallDate } from '../time/lisbon-time';

type Days = Record<string, ProgrammeEvent[]>;

const DAY_MS = 24 * 60 * 60 * 1000;
const noon = (date: string) => Date.parse(`${date}T12:00:00Z`);
const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** An event's date: its month and day, in the year that puts it nearest the festival's start. */
function eventDate(event: ProgrammeEvent, festivalStart: number): string | undefined {
  const month = Number(event.mm);
  const day = Number(event.dd);
  if (!month || !day || Number.isNaN(festivalStart)) return undefined;
  const year = new Date(festivalStart).getUTCFullYear();
  const candidates = [year - 1, year, year + 1].map((y) => Date.UTC(y, month - 1, day, 12));
  const nearest = candidates.reduce((a, b) => (Math.abs(b - festivalStart) < Math.abs(a - festivalStart) ? b : a));
  return isoDate(nearest);
}

/**
 * 'YYYY-MM-DD' of each day key ('d22') of a programme. Keys come in date order: a day with events
 * is dated by them, an empty one is the next date after the previous day (the festival's first
 * day for the first key) whose day of the month is the key's.
 */
export function dayDates(festivals: Days, festivalStart: string): Map<string, string> {
  const dates = new Map<string, string>();
  const start = noon(festivalStart);
  if (Number.isNaN(start)) return dates;
  let cursor = start;
  for (const [key, events] of Object.entries(festivals)) {
    let date = events[0] ? eventDate(events[0], start) : undefined;
    if (date === undefined) {
      const wanted = Number(key.slice(1));
      let probe = cursor;
      // A month at most: further than that the key cannot be read as a day after the previous one.
      for (let i = 0; i < 31 && new Date(probe).getUTCDate() !== wanted; i++) probe += DAY_MS;
      if (new Date(probe).getUTCDate() !== wanted) continue;
      date = isoDate(probe);
    }
    dates.set(key, date);
    cursor = noon(date) + DAY_MS;
  }
  return dates;
}

/**
 * A city programme as of `now` ('YYYY-MM-DDTHH:MM', Lisbon): the days before today are left out,
 * and numPastEvents counts the events that have begun (those days' and today's already started).
 * Applying it again later to its own result gives what it would have given on the whole programme:
 * the count never goes down, and the left-out days were all past.
 */
export function programmeFromToday(programme: CityProgramme, now: string, festivalStart: string): CityProgramme {
  if (Array.isArray(programme.festivals)) return programme;
  const today = wallDate(now);
  const time = clockTime(now);
  const dates = dayDates(programme.festivals, festivalStart);
  const kept: Days = {};
  let past = 0;
  for (const [key, events] of Object.entries(programme.festivals)) {
    const date = dates.get(key);
    if (date !== undefined && date < today) {
      past += events.length;
      continue;
    }
    kept[key] = events;
    if (date === today) past += events.filter((e) => e.hh < time).length;
  }
  return { festivals: kept, numPastEvents: Math.max(programme.numPastEvents, past) };
}
