/**
 * The calendar files the visitor downloaded: which version of each session they hold (IndexedDB
 * `meta`, key CALENDAR_FILE_KEY), so that after a change the agenda can say the file on their
 * phone is out of date and offer the new one. A subscribed calendar needs none of this: it follows.
 */
import type { AgendaSession } from '../../common/api/api-types';
import type { FestaDb } from '../../data/db';
import { currentSession, type AgendaEntry } from '../agenda-entry';
import { useLiveRead } from '../../data/lazy-data';

const CALENDAR_FILE_KEY = 'calendarFile';

interface CalendarFileRecord {
  /** The version of each session as last written into a downloaded file. */
  versions: Record<string, string>;
}

/**
 * Notes what a downloaded file holds: the whole agenda's file replaces the record, one session's
 * file adds to it.
 */
export async function recordCalendarFile(db: FestaDb, sessions: AgendaSession[], whole: boolean): Promise<void> {
  await db.transaction('rw', db.meta, async () => {
    const previous = whole ? undefined : ((await db.meta.get(CALENDAR_FILE_KEY))?.value as CalendarFileRecord | undefined);
    const versions = { ...previous?.versions, ...Object.fromEntries(sessions.map((s) => [s.id, s.version])) };
    await db.meta.put({ key: CALENDAR_FILE_KEY, value: { versions } satisfies CalendarFileRecord });
  });
}

/** The agenda's sessions that a downloaded file holds in another version (moved or cancelled since). */
export function outdatedInFile(entries: AgendaEntry[], record: CalendarFileRecord | undefined): AgendaEntry[] {
  if (!record) return [];
  return entries.filter((entry) => {
    const held = record.versions[entry.sessionId];
    if (held === undefined) return false;
    return entry.change?.kind === 'cancelled' || currentSession(entry).version !== held;
  });
}

/** What the downloaded files hold, live. */
export function useCalendarFileRecord(): CalendarFileRecord | undefined {
  return useLiveRead('calendar-file', async (db) => (await db.meta.get(CALENDAR_FILE_KEY))?.value as CalendarFileRecord | undefined);
}
