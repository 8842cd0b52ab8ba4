/**
 * A new programme reaches the device at once: when the server names a content version other than
 * the saved one, the programme syncs without waiting for the copy to be 30 minutes old, and a
 * session of the visitor's agenda that it moved is noted as changed.
 */
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AgendaSession } from '../../src/common/api-types';
import { addToAgenda } from '../../src/screens/agenda/agenda-store';
import { openFestaDb } from '../../src/data/db';
import { storeProgramme, syncProgramme } from '../../src/data/programme-sync';
import { DataStore } from '../../src/data/store';

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
  version,
});
const syncAnswer = (version: string, s: AgendaSession) => ({
  version,
  generatedAt: '',
  answers: { '/api/sessions': [s] },
  sessionVersions: { [s.id]: s.version },
});

afterEach(() => vi.unstubAllGlobals());

describe('syncProgramme', () => {
  it('syncs at once when the server has another content version, and notes the moved session', async () => {
    const db = openFestaDb('sync-version-new');
    const before = session('2026-04-05T21:30', 'a');
    await addToAgenda(db, [before], 1);
    await storeProgramme(db, syncAnswer('v1', before), Date.now() - 60_000);
    const moved = session('2026-04-05T22:30', 'b');
    const fetch = vi.fn(() => Promise.resolve(new Response(JSON.stringify(syncAnswer('v2', moved)), { status: 200 })));
    vi.stubGlobal('fetch', fetch);

    // The page heard (homeprefs) that the server is at v2, a minute after the last sync.
    const store = new DataStore({ '/homeprefs': { status: 200, data: { contentVersion: 'v2' } } });
    expect(await syncProgramme(db, store)).not.toBeNull();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect((await db.agenda.get('7'))?.change).toMatchObject({ kind: 'changed', now: moved });
    db.close();
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
