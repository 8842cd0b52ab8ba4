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
import { isCancelled, statusLabel, statusSentence } from '../common/programme/session-status';
import type { I18n } from '../common/i18n/i18n';
import type { Locale } from '../common/i18n/locales';
import { say } from '../common/programme/message-text';
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

/** The words of a change, said in the page's language (its `i18n`; pt-PT without one). */
const CHANGE_MESSAGES = {
  notice: /*i18n*/ {
    id: 'agenda.changes.notice',
    message: '{count, plural, one {# sessão da sua agenda mudou} other {# sessões da sua agenda mudaram}}',
  },
  cancelled: /*i18n*/ { id: 'agenda.changes.cancelled', message: '{cancelled} — {planned}' },
  cancelledWithReason: /*i18n*/ { id: 'agenda.changes.cancelledWithReason', message: '{cancelled} ({reason}) — {planned}' },
  planned: /*i18n*/ { id: 'agenda.changes.planned', message: '{day}, {time}, {venue}' },
  otherDay: /*i18n*/ { id: 'agenda.changes.otherDay', message: '{dayBefore}, {timeBefore} → {dayAfter}, {timeAfter}' },
  sameDay: /*i18n*/ { id: 'agenda.changes.sameDay', message: '{day}: {time}' },
  place: /*i18n*/ { id: 'agenda.changes.place', message: '{venue} ({city})' },
  changed: /*i18n*/ { id: 'agenda.changes.changed', message: 'Mudou: {when}, {where}' },
  changedWithStatus: /*i18n*/ { id: 'agenda.changes.changedWithStatus', message: 'Mudou: {when}, {where} — {status}' },
  movedFromDay: /*i18n*/ { id: 'agenda.changes.movedFromDay', message: 'mudou de {day}, {time}' },
  movedFrom: /*i18n*/ { id: 'agenda.changes.movedFrom', message: 'mudou de {what}' },
};

const localeOf = (i18n?: I18n): Locale => (i18n?.locale as Locale | undefined) ?? 'pt-PT';

/** The notice of changed sessions: "1 sessão da sua agenda mudou", "2 sessões da sua agenda mudaram". */
export function changesNotice(count: number, i18n?: I18n): string {
  return say(CHANGE_MESSAGES.notice, { count }, i18n);
}

/** A venue, with its city when the city is part of what changed. */
const place = (session: AgendaSession, withCity: boolean, i18n?: I18n) =>
  withCity ? say(CHANGE_MESSAGES.place, { venue: session.venue_name, city: session.city_name }, i18n) : session.venue_name;

/**
 * What happened to a session of the agenda, said after its title, naming the day (a notice read on
 * another day must not leave "18:00" to guess): "Mudou: sábado 28: 18:00 → 19:15, Cinema Ideal";
 * "Mudou: quinta 26, 18:00 → sexta 27, 21:30, Cinema Ideal" for another day; "Cancelada
 * (cópia não chegou) — quinta 26, 18:00, Cinema Ideal"; a delay or a move adds its sentence ("—
 * Sessão atrasada: problema técnico"). Null for an entry with no change waiting. In the page's
 * language with its `i18n` (pt-PT without one).
 */
export function changeSummary(entry: AgendaEntry, i18n?: I18n): string | null {
  const { change, session: before } = entry;
  if (!change) return null;
  const locale = localeOf(i18n);
  if (change.kind === 'cancelled') {
    const reason = change.now?.status_note.trim();
    const planned = say(
      CHANGE_MESSAGES.planned,
      { day: spokenDay(wallDate(before.starts_at), locale), time: clockTime(before.starts_at), venue: before.venue_name },
      i18n,
    );
    const cancelled = statusLabel('cancelled', i18n);
    return reason
      ? say(CHANGE_MESSAGES.cancelledWithReason, { cancelled, reason, planned }, i18n)
      : say(CHANGE_MESSAGES.cancelled, { cancelled, planned }, i18n);
  }
  const after = change.now;
  const [dayBefore, dayAfter] = [wallDate(before.starts_at), wallDate(after.starts_at)];
  const [timeBefore, timeAfter] = [clockTime(before.starts_at), clockTime(after.starts_at)];
  const when =
    dayBefore !== dayAfter
      ? say(
          CHANGE_MESSAGES.otherDay,
          { dayBefore: spokenDay(dayBefore, locale), timeBefore, dayAfter: spokenDay(dayAfter, locale), timeAfter },
          i18n,
        )
      : say(
          CHANGE_MESSAGES.sameDay,
          { day: spokenDay(dayAfter, locale), time: timeBefore === timeAfter ? timeAfter : `${timeBefore} → ${timeAfter}` },
          i18n,
        );
  const cityMoved = before.city_id !== after.city_id;
  const where =
    before.venue_id === after.venue_id ? after.venue_name : `${place(before, cityMoved, i18n)} → ${place(after, cityMoved, i18n)}`;
  const status = statusSentence(after.status, after.status_note, i18n);
  return status
    ? say(CHANGE_MESSAGES.changedWithStatus, { when, where, status }, i18n)
    : say(CHANGE_MESSAGES.changed, { when, where }, i18n);
}

/**
 * What an acknowledged change still says on the session, until it has passed: "mudou de 18:00",
 * "mudou de quinta 26, 18:00" (another day), "mudou de Cinema Ideal" (another venue only). Null
 * when nothing the visitor plans by changed. In the page's language with its `i18n`.
 */
export function movedFrom(before: AgendaSession, now: AgendaSession, i18n?: I18n): string | null {
  if (wallDate(before.starts_at) !== wallDate(now.starts_at)) {
    const day = spokenDay(wallDate(before.starts_at), localeOf(i18n));
    return say(CHANGE_MESSAGES.movedFromDay, { day, time: clockTime(before.starts_at) }, i18n);
  }
  if (clockTime(before.starts_at) !== clockTime(now.starts_at))
    return say(CHANGE_MESSAGES.movedFrom, { what: clockTime(before.starts_at) }, i18n);
  if (before.venue_id !== now.venue_id) return say(CHANGE_MESSAGES.movedFrom, { what: before.venue_name }, i18n);
  return null;
}
