/**
 * A pushed change corrects the programme the device keeps before the network answers (issue 37):
 * the session in the agenda's index and on its film's page takes the new time and keeps where it
 * was first published; the next delta sync still applies, to the server's answers kept aside.
 */
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AgendaSession } from '../../src/common/api/api-types';
import type { SessionPlace } from '../../src/common/programme/programme-change';
import { diffProgramme } from '../../src/common/programme/programme-delta';
import type { PushMessage } from '../../src/common/push/push-message';
import { openFestaDb, type FestaDb } from '../../src/data/db';
import { storeProgramme, syncProgramme } from '../../src/data/programme-sync';
import { pushedBases, storePushedChange } from '../../src/data/pushed-change';
import { FOLLOWS_NOTHING } from '../../src/common/programme/session-access';

const place = (startsAt: string): SessionPlace => ({
  starts_at: startsAt,
  venue_id: 3,
  venue_name: 'Cinema Ideal',
  city_id: 1,
  city_name: 'Lisboa',
  status: '',
  status_note: '',
});
const indexEntry = (startsAt: string, version: string): AgendaSession => ({
  id: '7',
  work_id: '101',
  ismovie: '1',
  title: 'Tudo por Uma Vespa',
  starts_at: startsAt,
  venue_id: '3',
  venue_name: 'Cinema Ideal',
  venue_address: 'Rua do Loreto 15',
  city_id: '1',
  city_name: 'Lisboa',
  duration_min: 95,
  status: '',
  status_note: '',
  follow: FOLLOWS_NOTHING,
  version,
  sequence: 0,
});
const filmSession = (startsAt: string) => ({
  id: '7',
  city_name: 'Lisboa',
  dd: String(Number(startsAt.slice(8, 10))),
  mm: String(Number(startsAt.slice(5, 7))),
  hhmm: startsAt.slice(11, 16),
  venue_name: 'Cinema Ideal',
  starts_at: startsAt,
  city_id: '1',
  venue_address: 'Rua do Loreto 15',
  status: '',
  status_note: '',
  follow: FOLLOWS_NOTHING,
});
const other = { ...filmSession('2026-11-29T21:00'), id: '8' };
const film = (startsAt: string) => ({ id: '101', title: 'Tudo por Uma Vespa', sessions: [filmSession(startsAt), other] });
const programme = (version: string, startsAt: string) => ({
  version,
  generatedAt: '',
  answers: { '/api/sessions': [indexEntry(startsAt, version)], '/api/movie/101': film(startsAt) },
});
const pushed = (was: string, now: string): PushMessage => ({
  title: 'Tudo por Uma Vespa',
  body: '',
  url: '/filme/101#sessao-7',
  tag: 'sessao-7',
  session_id: '7',
  kind: 'retimed',
  was: place(was),
  now: place(now),
});
const answer = async (db: FestaDb, path: string) => (await db.answers.get(path))?.data;

afterEach(() => vi.unstubAllGlobals());

describe('storePushedChange', () => {
  it('moves the session in the index and on its film page, with the first-published time beside, and keeps the rest', async () => {
    const db = openFestaDb('pushed-moved');
    await storeProgramme(db, programme('v1', '2026-11-28T18:00'), 1_000);
    expect(await storePushedChange(db, pushed('2026-11-28T18:00', '2026-11-28T19:15'))).toEqual(['/api/sessions', '/api/movie/101']);

    const planned = { starts_at: '2026-11-28T18:00', venue_name: 'Cinema Ideal' };
    expect(await answer(db, '/api/sessions')).toEqual([{ ...indexEntry('2026-11-28T19:15', 'v1'), planned }]);
    expect(await answer(db, '/api/movie/101')).toEqual({
      ...film('2026-11-28T18:00'),
      sessions: [{ ...filmSession('2026-11-28T19:15'), planned }, other],
    });
    // Nothing newer came from the server: the rows keep the sync's time.
    expect((await db.answers.get('/api/sessions'))?.updatedAt).toBe(1_000);

    // A second change: still "era às 18:00", the time on the tickets; the server's answers kept aside are the sync's.
    await storePushedChange(db, pushed('2026-11-28T19:15', '2026-11-28T20:00'));
    expect((await answer(db, '/api/sessions')) as AgendaSession[]).toMatchObject([{ starts_at: '2026-11-28T20:00', planned }]);
    expect(await pushedBases(db)).toEqual(programme('v1', '2026-11-28T18:00').answers);

    // Moved back where it was published: no marker.
    await storePushedChange(db, pushed('2026-11-28T20:00', '2026-11-28T18:00'));
    expect(await answer(db, '/api/sessions')).toEqual([indexEntry('2026-11-28T18:00', 'v1')]);
    db.close();
  });

  it('leaves the stored programme alone when it does not hold the session', async () => {
    const db = openFestaDb('pushed-unknown');
    expect(await storePushedChange(db, pushed('2026-11-28T18:00', '2026-11-28T19:15'))).toEqual([]);
    await storeProgramme(db, programme('v1', '2026-11-28T18:00'), 1_000);
    expect(await storePushedChange(db, { ...pushed('2026-11-28T18:00', '2026-11-28T19:15'), session_id: '99' })).toEqual([]);
    expect(await answer(db, '/api/sessions')).toEqual([indexEntry('2026-11-28T18:00', 'v1')]);
    expect(await pushedBases(db)).toEqual({});
    db.close();
  });

  it("lets the next sync download only the change: its patches apply to the server's answers kept aside", async () => {
    const db = openFestaDb('pushed-then-synced');
    const held = programme('v1', '2026-11-28T18:00');
    await storeProgramme(db, held, Date.now() - 60_000);
    await storePushedChange(db, pushed('2026-11-28T18:00', '2026-11-28T19:15'));
    const now = programme('v2', '2026-11-28T19:15');
    const fetch = vi.fn(async (url: string) => {
      if (url.endsWith('/sync/changes/v1')) {
        const changes = { version: 'v2', since: 'v1', generatedAt: '', full: false, ...(await diffProgramme(held.answers, now.answers)) };
        return new Response(JSON.stringify(changes), { status: 200 });
      }
      return new Response('{}', { status: 404 });
    });
    vi.stubGlobal('fetch', fetch);

    expect(await syncProgramme(db, undefined, { force: true })).toMatchObject({ delta: true });
    expect(fetch.mock.calls.map(([url]) => url)).toEqual(['/admin/sync/changes/v1']);
    expect(await answer(db, '/api/sessions')).toEqual(now.answers['/api/sessions']);
    expect(await answer(db, '/api/movie/101')).toEqual(now.answers['/api/movie/101']);
    expect(await pushedBases(db)).toEqual({});
    db.close();
  });
});
