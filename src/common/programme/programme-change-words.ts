/**
 * How a published change reads on the changes page and in its Atom feed: "sábado 28, 18:00 →
 * 19:15", "Cinema Ideal → Cinema São Jorge", with the status and its reason. Day words come from
 * calendar-names.ts. In the page's language with its i18n; pt-PT without (the feed).
 */
import type { I18n } from '../i18n/i18n';
import { isLocale, type Locale } from '../i18n/locales';
import { spokenDay } from '../time/calendar-names';
import { clockTime, wallDate } from '../time/lisbon-time';
import { say } from './message-text';
import type { ProgrammeChange, SessionPlace } from './programme-change';
import { statusMarker } from './change-marker';
import { ACCESS_MARKS } from './session-access';

export const RESTORED = /*i18n*/ { id: 'change.restored', message: 'Reposta como planeada' };
/** "Acessibilidade: AD LGP → AD" */
export const ACCESS_CHANGED = /*i18n*/ { id: 'change.access', message: 'Acessibilidade: {was} → {now}' };
const NO_ACCESS = /*i18n*/ { id: 'change.access.none', message: 'nenhuma' };

/** A session's access features before and after, as their marks ("LGP → nenhuma"). */
export function changeAccess({ was, now }: Pick<ProgrammeChange, 'was' | 'now'>, i18n?: I18n): string {
  const marks = (place: SessionPlace) =>
    place.access?.length ? place.access.map((f) => ACCESS_MARKS[f]).join(' ') : say(NO_ACCESS, {}, i18n);
  return say(ACCESS_CHANGED, { was: marks(was), now: marks(now) }, i18n);
}

const localeOf = (i18n?: I18n): Locale | undefined => (i18n && isLocale(i18n.locale) ? i18n.locale : undefined);

const when = (place: SessionPlace, locale?: Locale) => `${spokenDay(wallDate(place.starts_at), locale)}, ${clockTime(place.starts_at)}`;

/** "sábado 28, 18:00 → 19:15" (the day again when it changed); the time alone when it did not move. */
export function changeWhen({ was, now }: ProgrammeChange, i18n?: I18n): string {
  const locale = localeOf(i18n);
  if (was.starts_at === now.starts_at) return when(now, locale);
  if (wallDate(was.starts_at) === wallDate(now.starts_at)) return `${when(was, locale)} → ${clockTime(now.starts_at)}`;
  return `${when(was, locale)} → ${when(now, locale)}`;
}

/** "Cinema Ideal → Cinema São Jorge", or the one venue. */
export function changeWhere({ was, now }: ProgrammeChange): string {
  return was.venue_name === now.venue_name ? now.venue_name : `${was.venue_name} → ${now.venue_name}`;
}

/** The status and its reason ("Cancelada: cópia não chegou"), or what the change restored. */
export function changeStatus(change: ProgrammeChange, i18n?: I18n): string {
  if (change.kind === 'restored') return say(RESTORED, {}, i18n);
  if (change.kind === 'access') return changeAccess(change, i18n);
  return statusMarker(change.now.status, change.now.status_note, i18n);
}

/** One line: "Título — sábado 28, 18:00 → 19:15 · Cinema São Jorge · Atrasada: 20 minutos". */
export function changeSummary(change: ProgrammeChange, i18n?: I18n): string {
  return [`${change.title} — ${changeWhen(change, i18n)}`, changeWhere(change), changeStatus(change, i18n)].filter(Boolean).join(' · ');
}

export interface ChangeGroup {
  /** The session's day (YYYY-MM-DD) and city. */
  day: string;
  city: string;
  changes: ProgrammeChange[];
}

/** The changes (newest first) by the session's day and city, each group where its newest change falls. */
export function groupChanges(changes: ProgrammeChange[]): ChangeGroup[] {
  const groups = new Map<string, ChangeGroup>();
  for (const change of changes) {
    const day = wallDate(change.now.starts_at);
    const key = `${day} ${change.now.city_id}`;
    const group = groups.get(key) ?? { day, city: change.now.city_name, changes: [] };
    group.changes.push(change);
    groups.set(key, group);
  }
  return [...groups.values()];
}
