/**
 * "A decorrer" and "A seguir" on today's programme: the sessions running now, and the next ones
 * (every session starting at the earliest start still to come today). Only sessions of the day
 * of `now` are marked: another day's programme has no now.
 */
import { endsAt } from '../common/time/work-length';
import { wallDate } from '../common/time/lisbon-time';
import { isCancelled } from '../common/programme/session-status';
import type { MessageDescriptor } from '../common/i18n/i18n';

export type NowMark = 'now' | 'next';

interface TimedSession {
  id: string;
  starts_at: string;
  duration_min: number | null;
  /** A cancelled session is neither running nor next (kept from the programme as it was stored). */
  status?: string;
}

/** The mark's word (the page translates it: `i18n._(NOW_LABELS[mark])`). */
export const NOW_LABELS: Record<NowMark, MessageDescriptor> = {
  now: /*i18n*/ { id: 'agenda.nowNext.now', message: 'A decorrer' },
  next: /*i18n*/ { id: 'agenda.nowNext.next', message: 'A seguir' },
};

/** The mark of each session running now or next, by id; `now` is Lisbon wall-clock 'YYYY-MM-DDTHH:MM'. */
export function nowAndNext(sessions: TimedSession[], now: string): Map<string, NowMark> {
  const today = wallDate(now);
  const marks = new Map<string, NowMark>();
  const todays = sessions.filter((s) => wallDate(s.starts_at) === today && !isCancelled(s.status ?? ''));
  for (const s of todays) if (s.starts_at <= now && now < endsAt(s)) marks.set(s.id, 'now');
  const upcoming = todays.filter((s) => s.starts_at > now).map((s) => s.starts_at);
  const next = upcoming.length > 0 ? upcoming.reduce((a, b) => (b < a ? b : a)) : null;
  if (next) for (const s of todays) if (s.starts_at === next) marks.set(s.id, 'next');
  return marks;
}

/** Index of the first marked item of a list (where the view opens), or -1. */
export function firstMarked<T>(items: T[], id: (item: T) => string, marks: Map<string, NowMark>): number {
  return items.findIndex((item) => marks.has(id(item)));
}
