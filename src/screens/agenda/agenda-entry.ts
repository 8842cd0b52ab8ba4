/** What the personal agenda keeps on the device, one row per chosen session (IndexedDB `agenda`). */
import type { AgendaSession } from '../../common/api-types';

/** A change a programme sync brought to a session of the agenda, until the visitor acknowledges it. */
type AgendaChange = { kind: 'changed'; now: AgendaSession; at: number } | { kind: 'cancelled'; at: number };

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
  return entries.filter((e) => e.change?.kind !== 'cancelled').map(currentSession);
}

/** The session as it is now: the new values of an unacknowledged change, else the kept ones. */
export function currentSession(entry: AgendaEntry): AgendaSession {
  return entry.change?.kind === 'changed' ? entry.change.now : entry.session;
}
