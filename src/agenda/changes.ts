/**
 * What a programme sync changed in the visitor's agenda. A session keeps its id for life and the
 * sync carries a version per session id, so for each session of the agenda:
 * - the same version: nothing the visitor plans by changed (a retitled film is updated quietly);
 * - another version: the session changed (time, venue or city), kept with its old values until the
 *   visitor acknowledges it;
 * - no version at all: the session was cancelled (taken out of the programme);
 * - another version with the status 'cancelled': cancelled at the last minute, still listed with
 *   its reason (kept as the change's `now`).
 * A session new to the programme has a new id: it is never taken for a change.
 */
import type { AgendaSession } from '../common/api/api-types';
import { clockTime, wallDate } from '../common/time/lisbon-time';
import { spokenDay } from '../common/time/calendar-names';
import { isCancelled, STATUS_LABELS, statusSentence } from '../common/programme/session-status';
import type { AgendaEntry } from './agenda-entry';

const sameSession = (a: AgendaSession, b: AgendaSession) => (Object.keys(a) as (keyof AgendaSession)[]).every((key) => a[key] === b[key]);

/**
 * The entries a sync changes, as they must be stored (unchanged entries are left out).
 * `versions` is the sync's version per session id; `sessions` the sessions as they are now.
 */
export function detectChanges(
  entries: AgendaEntry[],
  versions: Record<string, string>,
  sessions: Map<string, AgendaSession>,
  at: number,
): AgendaEntry[] {
  const updated: AgendaEntry[] = [];
  for (const entry of entries) {
    const version = versions[entry.sessionId];
    const now = sessions.get(entry.sessionId);
    if (version === undefined) {
      if (entry.change?.kind !== 'cancelled') updated.push({ ...entry, change: { kind: 'cancelled', at } });
      continue;
    }
    // A version without its values (an answer missing from the sync) tells nothing to show.
    if (!now || now.version !== version) continue;
    if (version === entry.session.version) {
      // Back as the visitor knew it (a change undone), or changed in nothing they plan by.
      if (entry.change || !sameSession(entry.session, now)) {
        const { change: _undone, ...kept } = entry;
        updated.push({ ...kept, session: now });
      }
      continue;
    }
    const change = entry.change;
    if (isCancelled(now.status)) {
      if (change?.kind !== 'cancelled' || !change.now || !sameSession(change.now, now)) {
        updated.push({ ...entry, change: { kind: 'cancelled', now, at: change?.at ?? at } });
      }
      continue;
    }
    if (change?.kind === 'changed' && sameSession(change.now, now)) continue;
    // A second change before the first was acknowledged keeps the same "before": what the visitor knew.
    updated.push({ ...entry, change: { kind: 'changed', now, at: change?.kind === 'changed' ? change.at : at } });
  }
  return updated;
}

/** The fields of a changed session that a festival-goer plans by, as they were and as they are. */
export interface FieldChange {
  field: 'day' | 'time' | 'venue' | 'city';
  before: string;
  after: string;
}

export function changedFields(before: AgendaSession, after: AgendaSession): FieldChange[] {
  const fields: FieldChange[] = [];
  const day = (s: AgendaSession) => wallDate(s.starts_at);
  const time = (s: AgendaSession) => clockTime(s.starts_at);
  if (day(before) !== day(after)) fields.push({ field: 'day', before: day(before), after: day(after) });
  if (time(before) !== time(after)) fields.push({ field: 'time', before: time(before), after: time(after) });
  if (before.venue_id !== after.venue_id) fields.push({ field: 'venue', before: before.venue_name, after: after.venue_name });
  if (before.city_id !== after.city_id) fields.push({ field: 'city', before: before.city_name, after: after.city_name });
  return fields;
}

const plural = new Intl.PluralRules('pt-PT');

/** The notice of changed sessions: "1 sessão da sua agenda mudou", "2 sessões da sua agenda mudaram". */
export function changesNotice(count: number): string {
  return plural.select(count) === 'one' ? `${count} sessão da sua agenda mudou` : `${count} sessões da sua agenda mudaram`;
}

/** A venue, with its city when the city is part of what changed. */
const place = (session: AgendaSession, withCity: boolean) =>
  withCity ? `${session.venue_name} (${session.city_name})` : session.venue_name;

/**
 * What happened to a session of the agenda, said after its title, naming the day (a notice read on
 * another day must not leave "18:00" to guess): "Mudou: sábado 28: 18:00 → 19:15, Cinema Ideal";
 * "Mudou: quinta 26, 18:00 → sexta 27, 21:30, Cinema Ideal" for another day; "Cancelada
 * (cópia não chegou) — quinta 26, 18:00, Cinema Ideal"; a delay or a move adds its sentence ("—
 * Sessão atrasada: problema técnico"). Null for an entry with no change waiting.
 */
export function changeSummary(entry: AgendaEntry): string | null {
  const { change, session: before } = entry;
  if (!change) return null;
  if (change.kind === 'cancelled') {
    const reason = change.now?.status_note.trim();
    const planned = `${spokenDay(wallDate(before.starts_at))}, ${clockTime(before.starts_at)}, ${before.venue_name}`;
    return `${STATUS_LABELS.cancelled}${reason ? ` (${reason})` : ''} — ${planned}`;
  }
  const after = change.now;
  const [dayBefore, dayAfter] = [wallDate(before.starts_at), wallDate(after.starts_at)];
  const [timeBefore, timeAfter] = [clockTime(before.starts_at), clockTime(after.starts_at)];
  const when =
    dayBefore !== dayAfter
      ? `${spokenDay(dayBefore)}, ${timeBefore} → ${spokenDay(dayAfter)}, ${timeAfter}`
      : `${spokenDay(dayAfter)}: ${timeBefore === timeAfter ? timeAfter : `${timeBefore} → ${timeAfter}`}`;
  const cityMoved = before.city_id !== after.city_id;
  const where = before.venue_id === after.venue_id ? after.venue_name : `${place(before, cityMoved)} → ${place(after, cityMoved)}`;
  const status = statusSentence(after.status, after.status_note);
  return `Mudou: ${when}, ${where}${status ? ` — ${status}` : ''}`;
}

/**
 * What an acknowledged change still says on the session, until it has passed: "mudou de 18:00",
 * "mudou de quinta 26, 18:00" (another day), "mudou de Cinema Ideal" (another venue only). Null
 * when nothing the visitor plans by changed.
 */
export function movedFrom(before: AgendaSession, now: AgendaSession): string | null {
  if (wallDate(before.starts_at) !== wallDate(now.starts_at))
    return `mudou de ${spokenDay(wallDate(before.starts_at))}, ${clockTime(before.starts_at)}`;
  if (clockTime(before.starts_at) !== clockTime(now.starts_at)) return `mudou de ${clockTime(before.starts_at)}`;
  if (before.venue_id !== now.venue_id) return `mudou de ${before.venue_name}`;
  return null;
}
