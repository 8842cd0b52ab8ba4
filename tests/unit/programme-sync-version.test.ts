/**
 * A new programme reaches the device at once: when the server names a content version other than
 * the saved one, the programme syncs without waiting for the copy to be 30 minutes old, and a
 * session of the visitor's agenda that it moved is noted as changed.
 */
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AgendaSession } from '../../src/common/api/api-types';
import { addToAgenda } from '../../src/agenda/agenda-store';
import { openFestaDb } from '../../src/data/db';
import { storeProgramme, syncProgramme } from '../../src/data/programme-sync';
import { diffProgramme } from '../../src/common/programme/programme-delta';
import { DataStore } from '../../src/data/store';
import { FOLLOWS_NOTHING } from '../../src/common/programme/session-access';

const session = (startsAt: string, version: string): AgendaSession => ({
  id: '7',
  work_id: '101',
  ismovie: '1',
  title: 'O Verão de Ada',
  starts_at: startsAt,
  venue_id: '1',
  venue_name: 'Cinema São Jorge',
  venue_address: '',
  city_id: '1',
  city_name: 'Lisboa',
  duration_min: 100,
  status: '',
  status_note: '',
  follow: FOLLOWS_NOTHING,
  version,
  sequence: 0,
});
const syncAnswer = (version: string, s: AgendaSession) => ({
  version,
  generatedAt: '',
  answers: { '/api/sessions': [s] },
  sessionVersions: { [s.id]: s.version },
});

afterEach(() => vi.unstubAllGlobals());

/** A server that answers the changes since `held` (or the whole programme when it does not know it), and the whole programme. */
function fakeServer(held: ReturnType<typeof syncAnswer>, now: ReturnType<typeof syncAnswer>, options: { knows?: boolean } = {}) {
  return vi.fn(async (url: string) => {
    if (url.endsWith('/sync/programme')) return new Response(JSON.stringify(now), { status: 200 });
    if (url.endsWith(`/sync/changes/${held.version}`)) {
      const answer =
        options.knows === false
          ? { ...now, full: true }
          : {
              version: now.version,
              since: held.version,
              generatedAt: '',
              full: false,
              ...(await diffProgramme(held.answers, now.answers)),
            };
      return new Response(JSON.stringify(answer), { status: 200 });
    }
    return new Response('{}', { status: 404 });
  });
}

describe('syncProgramme', () => {
  it('syncs at once when the server has another content version, downloading only the change, and notes the moved session', async () => {
    const db = openFestaDb('sync-version-new');
    const before = session('2026-04-05T21:30', 'a');
    await addToAgenda(db, [before], 1);
    const held = syncAnswer('v1', before);
    await storeProgramme(db, held, Date.now() - 60_000);
    const moved = session('2026-04-05T22:30', 'b');
    const fetch = fakeServer(held, syncAnswer('v2', moved));
    vi.stubGlobal('fetch', fetch);

    // The page heard (homeprefs) that the server is at v2, a minute after the last sync.
    const store = new DataStore({ '/homeprefs': { status: 200, data: { contentVersion: 'v2' } } });
    expect(await syncProgramme(db, store)).toMatchObject({ delta: true, paths: 1 });
    expect(fetch.mock.calls.map(([url]) => url)).toEqual(['/admin/sync/changes/v1']);
    expect((await db.answers.get('/api/sessions'))?.data).toEqual([moved]);
    expect((await db.meta.get('programmeVersion'))?.value).toBe('v2');
    expect((await db.agenda.get('7'))?.change).toMatchObject({ kind: 'changed', now: moved });
    db.close();
  });

  it('takes the whole programme when the server no longer knows the version held, or the answer held is not the one the change applies to', async () => {
    for (const [name, knows] of [
      ['sync-version-unknown', false],
      ['sync-version-other-base', true],
    ] as const) {
      const db = openFestaDb(name);
      const before = session('2026-04-05T21:30', 'a');
      await addToAgenda(db, [before], 1);
      const held = syncAnswer('v1', before);
      await storeProgramme(db, held, Date.now() - 60_000);
      // Fetched live since the sync: the browser holds another state of the answer than v1's.
      if (knows) await db.answers.put({ path: '/api/sessions', data: [session('2026-04-05T20:00', 'x')], updatedAt: Date.now() });
      const moved = session('2026-04-05T22:30', 'b');
      const fetch = fakeServer(held, syncAnswer('v2', moved), { knows });
      vi.stubGlobal('fetch', fetch);
      const store = new DataStore({ '/homeprefs': { status: 200, data: { contentVersion: 'v2' } } });
      expect(await syncProgramme(db, store), name).not.toBeNull();
      expect(fetch.mock.calls.map(([url]) => url).at(-1), name).toBe(knows ? '/admin/sync/programme' : '/admin/sync/changes/v1');
      expect((await db.answers.get('/api/sessions'))?.data, name).toEqual([moved]);
      expect((await db.agenda.get('7'))?.change, name).toMatchObject({ kind: 'changed', now: moved });
      db.close();
    }
  });

  it('waits for the copy to be 30 minutes old while the versions agree', async () => {
    const db = openFestaDb('sync-version-same');
    await storeProgramme(db, syncAnswer('v1', session('2026-04-05T21:30', 'a')), Date.now() - 60_000);
    const fetch = vi.fn(() => Promise.reject(new Error('must not be called')));
    vi.stubGlobal('fetch', fetch);
    const store = new DataStore({ '/homeprefs': { status: 200, data: { contentVersion: 'v1' } } });
    expect(await syncProgramme(db, store)).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
    db.close();
  });
});
