/**
 * How many times each session changed what a festival-goer plans by (its time, venue or city):
 * the SEQUENCE of its event in the subscribed calendar feed, which a calendar app needs to grow
 * before it replaces the event it holds. Recorded after each import, compared by the session's
 * version (session-index-repository.ts); kept across imports, which replace the content.
 */
import type { Db } from '../../database';
import { sessionIndex } from './session-index-repository';

/** Records the sessions' versions as they are now: a new session starts at 0, a changed one goes up by one. */
export async function recordSessionVersions(db: Db): Promise<void> {
  const [sessions, known] = await Promise.all([sessionIndex(db), db.selectFrom('session_sequences').selectAll().execute()]);
  const byId = new Map(known.map((row) => [row.session_id, row]));
  for (const session of sessions) {
    const id = Number(session.id);
    const row = byId.get(id);
    if (!row) await db.insertInto('session_sequences').values({ session_id: id, version: session.version, sequence: 0 }).execute();
    else if (row.version !== session.version)
      await db
        .updateTable('session_sequences')
        .set({ version: session.version, sequence: row.sequence + 1 })
        .where('session_id', '=', id)
        .execute();
  }
}

/** The sequence of each of these sessions (0 for one never recorded). */
export async function sessionSequences(db: Db, ids: string[]): Promise<Map<string, number>> {
  const numeric = ids.map(Number).filter(Number.isSafeInteger);
  if (numeric.length === 0) return new Map();
  const rows = await db.selectFrom('session_sequences').select(['session_id', 'sequence']).where('session_id', 'in', numeric).execute();
  return new Map(rows.map((row) => [String(row.session_id), row.sequence]));
}
