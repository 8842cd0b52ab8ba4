/**
 * Programme changes recorded at publish: a move, a delay, a cancellation, its restore, two moves of
 * one session and a rollback each leave one row per changed session, in the release's
 * transaction, with the session as it was and as it now is; a session's planned place stays the
 * first one (the time on people's tickets). An import records nothing. On SQLite by default, on
 * PostgreSQL with TEST_DATABASE=postgres.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordView } from '../../src/common/gestao/record-schemas';
import type { AgendaSession, Movie } from '../../src/common/api/api-types';
import type { ProgrammeChange } from '../../src/common/programme/programme-change';
import type { LastMinuteSession } from '../../src/common/gestao/last-minute';
import { addWallMinutes } from '../../src/common/time/lisbon-time';
import { plannedPlaces, programmeChanges } from '../../server/db/repositories/programme/programme-changes-repository';
import { loggedInStaff, type GestaoBrowser } from './gestao-browser';
import { countRows, getJson, NOW, startTestServer, type TestServer } from './helper';

let server: TestServer;
let programmer: GestaoBrowser;
let admin: GestaoBrowser;
/** The last session of each venue on the festival's later days: moving it a little later clashes with nothing. */
let lastOfTheirDay: LastMinuteSession[];

beforeAll(async () => {
  server = await startTestServer();
  programmer = await loggedInStaff(server, 'prog@festa.pt', 'programacao');
  admin = await loggedInStaff(server, 'admin@festa.pt', 'administracao');
  const rows = await server.db.selectFrom('sessions').select(['id', 'venue_id', 'starts_at']).orderBy('starts_at', 'desc').execute();
  const seen = new Set<string>();
  const ids: number[] = [];
  for (const row of rows) {
    const key = `${row.venue_id} ${row.starts_at.slice(0, 10)}`;
    if (!seen.has(key)) ids.push(row.id);
    seen.add(key);
  }
  lastOfTheirDay = [];
  for (const id of ids.slice(0, 6)) lastOfTheirDay.push(await session(id));
}, 60_000);
afterAll(() => server?.close());

async function session(id: number): Promise<LastMinuteSession> {
  const record = (await programmer.request('GET', `/records/sessions/${id}`)).json<RecordView>();
  const row = await server.db.selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  return { ...row, id: String(id), version: record.version } as unknown as LastMinuteSession;
}

/** Moves a session in the draft, as the grid does, and publishes the draft. */
async function moveAndPublish(id: string, changes: { starts_at?: string; venue_id?: number }) {
  const record = (await programmer.request('GET', `/records/sessions/${id}`)).json<RecordView>();
  const saved = await programmer.request('PUT', `/records/sessions/${id}`, {
    baseVersion: record.version,
    fields: { ...record.fields, ...changes },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const published = await programmer.request('POST', '/releases');
  expect(published.statusCode, published.body).toBe(201);
}

async function lastMinute(id: string, status: string, note: string, starts_at?: string) {
  const record = (await programmer.request('GET', `/records/sessions/${id}`)).json<RecordView>();
  const answer = await programmer.request('POST', `/screenings/${id}/status`, { status, note, starts_at, baseVersion: record.version });
  expect(answer.statusCode, answer.body).toBe(200);
}

const changesOf = async (id: string) => (await programmeChanges(server.db)).filter((c) => c.session_id === id).reverse();

describe('programme changes recorded at publish', () => {
  it('an import records nothing', async () => {
    expect(await countRows(server.db, 'programme_changes')).toBe(0);
  });

  it('a move to a new time: one row, the session as it was and as it is, the kind retimed, and the work it belongs to', async () => {
    const target = lastOfTheirDay[0]!;
    const later = addWallMinutes(target.starts_at, 15);
    await moveAndPublish(target.id, { starts_at: later });
    const [change, ...more] = await changesOf(target.id);
    expect(more).toEqual([]);
    expect(change).toMatchObject({
      kind: 'retimed',
      published_at: NOW.toISOString(),
      was: { starts_at: target.starts_at, status: '' },
      now: { starts_at: later, status: '' },
    });
    expect(change!.path).toMatch(/^\/(filme|actividade)\/\d+$/);
    expect(change!.title).not.toBe('');
    expect(change!.was.venue_name).toBe(change!.now.venue_name);
    expect(change!.now.city_name).not.toBe('');
  });

  it('a second move keeps both rows, and the planned place stays the first (the time on the tickets)', async () => {
    const target = lastOfTheirDay[0]!;
    const later = addWallMinutes(target.starts_at, 30);
    await moveAndPublish(target.id, { starts_at: later });
    const history = await changesOf(target.id);
    expect(history.map((c) => [c.was.starts_at, c.now.starts_at])).toEqual([
      [target.starts_at, addWallMinutes(target.starts_at, 15)],
      [addWallMinutes(target.starts_at, 15), later],
    ]);
    expect((await plannedPlaces(server.db)).get(target.id)).toMatchObject({ starts_at: target.starts_at });
  });

  it('the public API says it: the session carries where and when it was first published; the changes list, newest first, and the offline sync carry it', async () => {
    const target = lastOfTheirDay[0]!;
    const { path } = (await changesOf(target.id))[0]!;
    const kind = path.startsWith('/filme/') ? 'movie' : 'activity';
    const work = await getJson<Movie>(server.app, `/api/${kind}/${path.split('/')[2]}`);
    const session = work.body.sessions.find((s) => s.id === target.id)!;
    expect(session).toMatchObject({ hhmm: addWallMinutes(target.starts_at, 30).slice(11, 16), planned: { starts_at: target.starts_at } });
    // A session never changed carries nothing more than before.
    expect(work.body.sessions.filter((s) => s.id !== target.id).every((s) => s.planned === undefined)).toBe(true);
    const indexed = (await getJson<AgendaSession[]>(server.app, '/api/sessions')).body.find((s) => s.id === target.id);
    expect(indexed?.planned?.starts_at).toBe(target.starts_at);
    const list = await getJson<ProgrammeChange[]>(server.app, '/api/programme_changes');
    expect(list.status).toBe(200);
    expect(list.body.map((c) => c.id)).toEqual([...list.body.map((c) => c.id)].sort((a, b) => b - a));
    expect(list.body[0]).toMatchObject({ session_id: target.id, kind: 'retimed' });
    const sync = await getJson<{ answers: Record<string, unknown> }>(server.app, '/sync/programme');
    expect(sync.body.answers['/api/programme_changes']).toEqual(list.body);
  });

  it('a delay and a cancellation from the phone, and the restore, are each a row; the other sessions none', async () => {
    const [, delayed, cancelled] = lastOfTheirDay;
    const before = await countRows(server.db, 'programme_changes');
    await lastMinute(delayed!.id, 'delayed', '20 minutos', addWallMinutes(delayed!.starts_at, 20));
    await lastMinute(cancelled!.id, 'cancelled', 'cópia não chegou');
    await lastMinute(cancelled!.id, '', '');
    expect(await countRows(server.db, 'programme_changes')).toBe(before + 3);
    const delays = await changesOf(delayed!.id);
    expect(delays).toHaveLength(1);
    expect(delays[0]).toMatchObject({
      kind: 'delayed',
      was: { starts_at: delayed!.starts_at, status: '' },
      now: { starts_at: addWallMinutes(delayed!.starts_at, 20), status: 'delayed', status_note: '20 minutos' },
    });
    expect((await changesOf(cancelled!.id)).map((c) => [c.kind, c.now.status, c.now.status_note])).toEqual([
      ['cancelled', 'cancelled', 'cópia não chegou'],
      ['restored', '', ''],
    ]);
  });

  it('a move to another venue and time keeps the venue it was in (a new time outranks a new venue in its kind)', async () => {
    const target = lastOfTheirDay[3]!;
    const venues = await server.db.selectFrom('venues').select(['id', 'name', 'city_id']).execute();
    const here = venues.find((v) => v.id === Number(target.venue_id))!;
    const elsewhere = venues.find((v) => v.city_id === here.city_id && v.id !== here.id);
    if (!elsewhere) throw new Error('The seed has one venue only in this city');
    // Late at night: the other venue has nothing then.
    await moveAndPublish(target.id, { venue_id: elsewhere.id, starts_at: `${target.starts_at.slice(0, 10)}T23:50` });
    const [change] = await changesOf(target.id);
    expect(change).toMatchObject({ kind: 'retimed', was: { venue_name: here.name }, now: { venue_name: elsewhere.name } });
  });

  it('a rollback that moves a session back is a change too', async () => {
    const target = lastOfTheirDay[4]!;
    const releases = (await programmer.request('GET', '/releases')).json<{ number: number }[]>();
    const beforeMove = releases[0]!.number;
    await moveAndPublish(target.id, { starts_at: addWallMinutes(target.starts_at, 10) });
    const restored = await admin.request('POST', `/releases/${beforeMove}/restore`);
    expect(restored.statusCode, restored.body).toBe(201);
    const history = await changesOf(target.id);
    expect(history.map((c) => c.now.starts_at)).toEqual([addWallMinutes(target.starts_at, 10), target.starts_at]);
    expect(history[1]!.release).toBeGreaterThan(history[0]!.release);
  });

  it('the Atom feed: one entry per change, newest first, with ids that stay the same from one fetch to the next', async () => {
    const list = (await getJson<ProgrammeChange[]>(server.app, '/api/programme_changes')).body;
    const fetchFeed = () => server.app.inject({ method: 'GET', url: '/admin/alteracoes.atom' });
    const feed = await fetchFeed();
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toMatch(/^application\/atom\+xml/);
    expect(feed.body).toMatch(/^<\?xml version="1.0" encoding="utf-8"\?>\s*<feed xmlns="http:\/\/www.w3.org\/2005\/Atom">/);
    expect(feed.body).toContain('<title>Alterações à programação — 8½ Festa do Cinema Italiano</title>');
    const ids = [...feed.body.matchAll(/<entry>[\s\S]*?<id>([^<]+)<\/id>/g)].map((m) => m[1]);
    expect(ids).toEqual(list.map((c) => expect.stringMatching(new RegExp(`/alteracoes#alteracao-${c.id}$`)) as string));
    const again = await fetchFeed();
    expect([...again.body.matchAll(/<id>([^<]+)<\/id>/g)].map((m) => m[1])).toEqual(
      [...feed.body.matchAll(/<id>([^<]+)<\/id>/g)].map((m) => m[1]),
    );
    const delayed = list.find((c) => c.kind === 'delayed')!;
    expect(feed.body).toContain(`${delayed.title} — `);
    expect(feed.body).toContain('Atrasada: 20 minutos');
  });

  it('the Atom feed in English and Italian: the same address with ?lang=, its words and its links in the language', async () => {
    const list = (await getJson<ProgrammeChange[]>(server.app, '/api/programme_changes')).body;
    const delayed = list.find((c) => c.kind === 'delayed')!;
    const en = await server.app.inject({ method: 'GET', url: '/admin/alteracoes.atom?lang=en' });
    expect(en.statusCode).toBe(200);
    expect(en.headers['content-type']).toMatch(/^application\/atom\+xml/);
    expect(en.body).toContain('<title>Programme changes — 8½ Festa do Cinema Italiano</title>');
    expect(en.body).toMatch(/<link rel="self" href="[^"]*\/admin\/alteracoes\.atom\?lang=en"/);
    expect(en.body).toMatch(/<id>[^<]*\/en\/alteracoes<\/id>/);
    expect(en.body).toContain(`${delayed.path.replace(/^/, '/en')}"`);
    expect(en.body).toContain('Delayed: 20 minutos');
    expect(en.body).not.toContain('Atrasada');
    // The works by their English titles, as the English changes page lists them.
    const english = (await getJson<ProgrammeChange[]>(server.app, '/api/programme_changes?lang=en')).body;
    expect(english.find((c) => c.id === delayed.id)!.title).not.toBe(delayed.title);
    for (const change of english) expect(en.body).toContain(change.title.replace(/&/g, '&amp;').replace(/'/g, '&apos;'));
    const ids = [...en.body.matchAll(/<entry>[\s\S]*?<id>([^<]+)<\/id>/g)].map((m) => m[1]);
    expect(ids).toEqual(list.map((c) => expect.stringMatching(new RegExp(`/en/alteracoes#alteracao-${c.id}$`)) as string));
    const it_ = await server.app.inject({ method: 'GET', url: '/admin/alteracoes.atom?lang=it' });
    expect(it_.body).toContain('<title>Modifiche al programma — 8½ Festa do Cinema Italiano</title>');
    expect(it_.body).toContain(`${delayed.path.replace(/^/, '/it')}"`);
    expect((await server.app.inject({ method: 'GET', url: '/admin/alteracoes.atom?lang=fr' })).statusCode).toBe(400);
    // Each language's changes page names its own feed in its head.
    for (const [page, href] of [
      ['/alteracoes', '/admin/alteracoes.atom'],
      ['/en/alteracoes', '/admin/alteracoes.atom?lang=en'],
      ['/it/alteracoes', '/admin/alteracoes.atom?lang=it'],
    ] as const) {
      const html = (await server.app.inject({ method: 'GET', url: page })).body;
      expect(html, page).toMatch(
        new RegExp(`<link rel="alternate" type="application/atom\\+xml" title="[^"]+" href="${href.replace(/[.?+]/g, '\\$&')}">`),
      );
    }
  });
});
