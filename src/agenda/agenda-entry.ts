/** What the personal agenda keeps on the device, one row per chosen session (IndexedDB `agenda`). */
import type { AgendaSession } from '../common/api/api-types';
import { isCancelled } from '../common/programme/session-status';

/** A change a programme sync brought to a session of the agenda, until the visitor acknowledges it. */
type AgendaChange =
  | { kind: 'changed'; now: AgendaSession; at: number }
  /** `now`: cancelled at the last minute, still in the programme with its reason; none: taken out of it. */
  | { kind: 'cancelled'; now?: AgendaSession; at: number };

export interface AgendaEntry {
  sessionId: string;
  addedAt: number;
  /** The session as the visitor chose it, or as they last acknowledged it: the "before" of a change. */
  session: AgendaSession;
  change?: AgendaChange;
  /**
   * The session as the visitor knew it before the last change they acknowledged: the agenda keeps
   * saying "mudou de 18:00" until the session has passed.
   */
  before?: AgendaSession;
}

/** The agenda's sessions as they are now, without the cancelled ones: they take up nobody's time and clash with nothing. */
export function liveSessions(entries: AgendaEntry[]): AgendaSession[] {
  return entries
    .filter((e) => e.change?.kind !== 'cancelled')
    .map(currentSession)
    .filter((s) => !isCancelled(s.status));
}

/** The session as it is now: the new values of an unacknowledged change, else the kept ones. */
export function currentSession(entry: AgendaEntry): AgendaSession {
  return entry.change?.now ?? entry.session;
}

/**
 * The agenda's sessions a calendar holds: the live ones and those cancelled at the last minute
 * (the calendar app marks them cancelled, rather than keeping them as planned); a session taken
 * out of the programme has nothing left to say.
 */
export function calendarSessions(entries: AgendaEntry[]): AgendaSession[] {
  return entries.filter((e) => e.change?.kind !== 'cancelled' || e.change.now).map(currentSession);
}

/**
 * A kept session with its words (title, reason, how to follow it) as the sessions' index has them in the page's
 * language: an agenda starred on an Italian page reads in English on an English one, its .ics too.
 * Where and when stay the kept ones (a change the visitor has not seen is shown as a change).
 */
export function inPageLanguage(session: AgendaSession, index: ReadonlyMap<string, AgendaSession>): AgendaSession {
  const here = index.get(session.id);
  if (!here) return session;
  const { untranslated: _kept, ...rest } = session;
  return {
    ...rest,
    title: here.title,
    status_note: here.status_note,
    // A session starred before sessions said how to follow them learns it from the index.
    follow: here.follow,
    ...(here.untranslated ? { untranslated: here.untranslated } : {}),
  };
}
