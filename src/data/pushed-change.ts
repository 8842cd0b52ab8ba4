/**
 * A pushed programme change written into the programme the device keeps (issue 37), by the service
 * worker as the notification arrives: the agenda and the session's page are right before the
 * network answers, also when there is none. Only the answers that name the session are touched:
 * the sessions' index (the agenda) and its film's or activity's page. The session takes its new
 * time, venue and status and keeps where it was first published, so the page says "Mudou: era às
 * 18:00" as the server would. The next programme sync replaces these answers with the server's;
 * the server's own answers are kept aside until then (PUSHED_BASES_KEY), as the delta sync's patches
 * apply to them, not to these.
 */
import type { VenueGender } from '../common/programme/venue-gender';
import type { AgendaSession } from '../common/api/api-types';
import { apiPath, endpoints } from '../common/api/endpoint-refs';
import type { PushMessage } from '../common/push/push-message';
import { LOCALES, languageParam, type Locale } from '../common/i18n/locales';
import type { AnswerRow, FestaDb } from './db';

/** meta: the server's answers, by path, that a pushed change rewrote since the last sync. */
export const PUSHED_BASES_KEY = 'pushedBases';
export type PushedBases = Record<string, unknown>;

export async function pushedBases(db: FestaDb): Promise<PushedBases> {
  const value = (await db.meta.get(PUSHED_BASES_KEY))?.value;
  return value && typeof value === 'object' ? (value as PushedBases) : {};
}

/** A session as the stored answers hold it: the index's entries and the pages' session lists share these fields. */
interface StoredSession {
  id: string;
  starts_at: string;
  venue_name: string;
  planned?: { starts_at: string; venue_name: string; venue_gender?: VenueGender };
}

/** The session placed where the change put it; its first-published place kept beside, as the API gives it. */
export function placedAfter<T extends StoredSession>(session: T, { was, now }: Pick<PushMessage, 'was' | 'now'>): T {
  // The venue's gender goes with its name: "era na Cinemateca", never "no".
  const first = session.planned ?? { starts_at: was.starts_at, venue_name: was.venue_name, venue_gender: was.venue_gender };
  const moved = first.starts_at !== now.starts_at || first.venue_name !== now.venue_name;
  const placed: Record<string, unknown> = {
    ...(session as StoredSession & Record<string, unknown>),
    starts_at: now.starts_at,
    venue_name: now.venue_name,
    city_id: String(now.city_id),
    city_name: now.city_name,
    status: now.status,
    status_note: now.status_note,
  };
  if ('venue_id' in session) placed.venue_id = String(now.venue_id);
  // The film and activity pages' lists carry the day and time apart too.
  if ('hhmm' in session) {
    placed.dd = String(Number(now.starts_at.slice(8, 10)));
    placed.mm = String(Number(now.starts_at.slice(5, 7)));
    placed.hhmm = now.starts_at.slice(11, 16);
  }
  if (moved) placed.planned = first;
  else delete placed.planned;
  return placed as T;
}

const withSession = <T extends StoredSession>(list: T[], message: PushMessage) =>
  list.map((s) => (s.id === message.session_id ? placedAfter(s, message) : s));

/** The stored answers of one language that name the session (its index, its work's page), rewritten. */
async function rewrittenIn(db: FestaDb, message: PushMessage, locale: Locale): Promise<{ rows: AnswerRow[]; read: AnswerRow[] }> {
  const lang = languageParam(locale);
  const index = await db.answers.get(apiPath(endpoints.sessionIndex, lang));
  const sessions = index?.data as AgendaSession[] | undefined;
  const entry = Array.isArray(sessions) ? sessions.find((s) => s.id === message.session_id) : undefined;
  if (!index || !sessions || !entry) return { rows: [], read: [] };
  const workPath =
    entry.ismovie === '1'
      ? apiPath(endpoints.movie, { id: entry.work_id, ...lang })
      : apiPath(endpoints.activity, { id: entry.work_id, ...lang });
  const work = await db.answers.get(workPath);
  const workSessions = (work?.data as { sessions?: unknown } | undefined)?.sessions;
  // Each row keeps its updatedAt: the server has not answered anything newer.
  const rows: AnswerRow[] = [{ ...index, data: withSession(sessions, message) }];
  if (work && Array.isArray(workSessions)) {
    rows.push({ ...work, data: { ...(work.data as object), sessions: withSession(workSessions as StoredSession[], message) } });
  }
  return { rows, read: [index, ...(work ? [work] : [])] };
}

/** Writes the change into the stored answers that hold the session, in each language the device keeps; the paths it changed. */
export async function storePushedChange(db: FestaDb, message: PushMessage): Promise<string[]> {
  return db.transaction('rw', db.answers, db.meta, async () => {
    const rows: AnswerRow[] = [];
    const read: AnswerRow[] = [];
    for (const locale of LOCALES) {
      const found = await rewrittenIn(db, message, locale);
      rows.push(...found.rows);
      read.push(...found.read);
    }
    if (rows.length === 0) return [];
    const bases = await pushedBases(db);
    const originals = read.filter((row) => !(row.path in bases));
    await db.answers.bulkPut(rows);
    await db.meta.put({ key: PUSHED_BASES_KEY, value: { ...bases, ...Object.fromEntries(originals.map((row) => [row.path, row.data])) } });
    return rows.map((row) => row.path);
  });
}
