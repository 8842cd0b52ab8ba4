/**
 * How a published change reads on the changes page and in its Atom feed: "sábado 28, 18:00 →
 * 19:15", "Cinema Ideal → Cinema São Jorge", with the status and its reason. Day words come from
 * calendar-names.ts.
 */
import { spokenDay } from '../time/calendar-names';
import { clockTime, wallDate } from '../time/lisbon-time';
import type { ProgrammeChange, SessionPlace } from './programme-change';
import { statusMarker } from './change-marker';

const when = (place: SessionPlace) => `${spokenDay(wallDate(place.starts_at))}, ${clockTime(place.starts_at)}`;

/** "sábado 28, 18:00 → 19:15" (the day again when it changed); the time alone when it did not move. */
export function changeWhen({ was, now }: ProgrammeChange): string {
  if (was.starts_at === now.starts_at) return when(now);
  if (wallDate(was.starts_at) === wallDate(now.starts_at)) return `${when(was)} → ${clockTime(now.starts_at)}`;
  return `${when(was)} → ${when(now)}`;
}

/** "Cinema Ideal → Cinema São Jorge", or the one venue. */
export function changeWhere({ was, now }: ProgrammeChange): string {
  return was.venue_name === now.venue_name ? now.venue_name : `${was.venue_name} → ${now.venue_name}`;
}

/** The status and its reason ("Cancelada: cópia não chegou"), or what the change restored. */
export function changeStatus(change: ProgrammeChange): string {
  if (change.kind === 'restored') return 'Reposta como planeada';
  return statusMarker(change.now.status, change.now.status_note);
}

/** One line: "Título — sábado 28, 18:00 → 19:15 · Cinema São Jorge · Atrasada: 20 minutos". */
export function changeSummary(change: ProgrammeChange): string {
  return [`${change.title} — ${changeWhen(change)}`, changeWhere(change), changeStatus(change)].filter(Boolean).join(' · ');
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
