/**
 * How many times each session changed what a festival-goer plans by (its time, venue or city):
 * the SEQUENCE of its event in the subscribed calendar feed, which a calendar app needs to grow
 * before it replaces the event it holds. Recorded after each import, compared by the session's
 * version (session-index-repository.ts, which reads each session's sequence back with it); kept
 * across imports, which replace the content.
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

/**
 * All sessions' sequences added up: it only grows, and grows whenever one does. An import names its
 * content version after its files, so content that comes back to an earlier state would get that
 * state's version again while the sessions' sequences (which the offline programme carries) went on:
 * the import adds this to its version so that one version always means one set of answers.
 */
export async function sequenceTotal(db: Db): Promise<number> {
  const row = await db
    .selectFrom('session_sequences')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('sequence'), eb.lit(0)).as('total'))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}
