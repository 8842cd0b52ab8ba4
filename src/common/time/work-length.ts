/**
 * How long a work lasts, and so when its session ends. The content gives a film's length in
 * minutes (`duration_min`, the database column and the API field alike); a parallel event, or a
 * film not yet timed, has none, and counts as DEFAULT_DURATION_MIN. Every end time (the public
 * agenda, the clash rules, the grid, the printed programme, the door sheet, the calendar file) is
 * `endsAt`, so one session ends at one time everywhere.
 */
import { addWallMinutes } from '../time/lisbon-time';

/** A work without a length counts as an hour: what a talk takes. */
export const DEFAULT_DURATION_MIN = 60;

/** A work's length as the content gives it: null (or 0, as the film API writes "unknown") when it has none. */
export interface WorkLength {
  duration_min: number | null;
}

/** Whether the content gives the work a length at all (the door sheet says so when it does not). */
export const hasDuration = (work: WorkLength): boolean => work.duration_min !== null && work.duration_min > 0;

/** The minutes a work lasts: its own length, or DEFAULT_DURATION_MIN when it has none. */
export const durationOf = (work: WorkLength): number => (hasDuration(work) ? work.duration_min! : DEFAULT_DURATION_MIN);

/** When a session ends ('YYYY-MM-DDTHH:MM'): its start plus its work's length. */
export function endsAt(session: WorkLength & { starts_at: string }): string {
  return addWallMinutes(session.starts_at, durationOf(session));
}
