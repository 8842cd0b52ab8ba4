/**
 * The personal agenda in IndexedDB (the `agenda` table of the Dexie database, src/data/db.ts):
 * kept on the device only, with no account, until the visitor shares it.
 */
import { sessionIndexIn } from '../common/programme/programme-delta';
import type { AgendaSession } from '../common/api/api-types';
import type { FestaDb } from '../data/db';
import type { AgendaEntry } from './agenda-entry';
import { detectChanges } from './changes';

export async function addToAgenda(db: FestaDb, sessions: AgendaSession[], at = Date.now()): Promise<void> {
  await db.transaction('rw', db.agenda, async () => {
    const existing = await db.agenda.bulkGet(sessions.map((s) => s.id));
    const fresh = sessions.filter((_, i) => !existing[i]).map((session): AgendaEntry => ({ sessionId: session.id, addedAt: at, session }));
    await db.agenda.bulkPut(fresh);
  });
  await keepStorage();
}

export async function removeFromAgenda(db: FestaDb, sessionId: string): Promise<void> {
  await db.agenda.delete(sessionId);
}

/**
 * The visitor has seen the changes: a changed session keeps its new values (and what it was, for
 * the agenda's "mudou de"), a cancelled one leaves the agenda.
 */
export async function acknowledgeChanges(db: FestaDb): Promise<void> {
  await db.transaction('rw', db.agenda, async () => {
    const entries = await db.agenda.toArray();
    for (const entry of entries) {
      if (entry.change?.kind === 'cancelled') await db.agenda.delete(entry.sessionId);
      else if (entry.change?.kind === 'changed')
        await db.agenda.put({ sessionId: entry.sessionId, addedAt: entry.addedAt, session: entry.change.now, before: entry.session });
    }
  });
}

/** What a programme sync answer brings for the agenda (older servers send no versions). */
interface AgendaSync {
  answers: Record<string, unknown>;
  sessionVersions?: Record<string, string>;
}

/** Notes in the agenda what a programme sync changed; answers how many sessions of the agenda changed. */
export async function noteAgendaChanges(db: FestaDb, sync: AgendaSync, at = Date.now()): Promise<number> {
  const versions = sync.sessionVersions;
  const list = sessionIndexIn(sync.answers);
  if (!versions || !list) return 0;
  const sessions = new Map(list.map((s) => [s.id, s]));
  return db.transaction('rw', db.agenda, async () => {
    const updated = detectChanges(await db.agenda.toArray(), versions, sessions, at);
    await db.agenda.bulkPut(updated);
    return updated.filter((entry) => entry.change).length;
  });
}

/**
 * Asks the browser to keep the site's storage (the agenda, the saved programme) under storage
 * pressure; browsers that do not ask the visitor decide by themselves, and a refusal changes nothing.
 */
async function keepStorage(): Promise<void> {
  if (typeof navigator === 'undefined' || typeof navigator.storage?.persist !== 'function') return;
  await navigator.storage.persist().catch(() => false);
}
