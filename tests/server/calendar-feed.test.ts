/** The subscribed calendar of a shared agenda: a feed calendar apps refresh, whose SEQUENCE grows when a session moves. */
import ICAL from 'ical.js';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgendaSession } from '../../src/common/api/api-types';
import { agendaCalendar, sequencesOf } from '../../src/common/agenda/agenda-calendar';
import type { RecordView } from '../../src/common/gestao/record-schemas';
import { importContent } from '../../server/content/import';
import { loggedInStaff } from './gestao-browser';
import { FESTIVAL_START, getJson, NOW, startTestServer, type TestServer } from './helper';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const feed = (ids: string) => server.app.inject({ method: 'GET', url: `/admin/agenda/${ids}/calendario.ics` });
const events = (text: string) =>
  ICAL.Component.fromString(text)
    .getAllSubcomponents('vevent')
    .map((event) => ({
      uid: String(event.getFirstPropertyValue('uid')),
      sequence: Number(event.getFirstPropertyValue('sequence')),
      start: String(event.getFirstPropertyValue('dtstart')),
      location: String(event.getFirstPropertyValue('location')),
    }));

describe('GET /admin/agenda/{sessoes}/calendario.ics', () => {
  it('answers the shared sessions as a published calendar, revalidated, with the street address as LOCATION', async () => {
    const response = await feed('204.219');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain('METHOD:PUBLISH');
    expect(response.body).toMatch(/REFRESH-INTERVAL;VALUE=DURATION:PT1H/);
    const list = events(response.body);
    expect(list.map((e) => [e.uid.split('@')[0], e.sequence])).toEqual([
      ['sessao-204', 0],
      ['sessao-219', 0],
    ]);
    for (const event of list) expect(event.location).toMatch(/^[^,]+, .+\d{4}-\d{3} \S+/);
  });

  it('gives a moved session a higher SEQUENCE and its new time after the next import, and keeps it across imports', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'festa-feed-'));
    const options = { festivalStart: FESTIVAL_START, festivalDays: 9, clock: () => NOW };
    const path = join(dir, 'seed', 'sessions.json');
    try {
      cpSync(server.config.contentDir, dir, { recursive: true });
      const sessions = JSON.parse(readFileSync(path, 'utf8')) as { id: number; time: string }[];
      const before = events((await feed('219')).body)[0]!;
      writeFileSync(path, JSON.stringify(sessions.map((s) => (s.id === 219 ? { ...s, time: '23:10' } : s))));
      await importContent(server.db, { contentDir: dir, ...options });
      const moved = events((await feed('219')).body)[0]!;
      expect(moved.sequence).toBe(before.sequence + 1);
      expect(moved.start).toMatch(/T23:10:00$/);
      // The same content again changes nothing; the session moving back is one more change.
      await importContent(server.db, { contentDir: dir, ...options });
      expect(events((await feed('219')).body)[0]!.sequence).toBe(before.sequence + 1);
      await importContent(server.db, { contentDir: server.config.contentDir, ...options });
      expect(events((await feed('219')).body)[0]!).toMatchObject({ sequence: before.sequence + 2, start: before.start });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('after a move published from /gestao, the .ics made on the device from the synced programme has the SEQUENCE of the feed', async () => {
    const programmer = await loggedInStaff(server, 'prog-feed@festa.pt', 'programacao');
    const index = async () => (await getJson<AgendaSession[]>(server.app, '/api/sessions')).body;
    const starred = (await index()).find((s) => s.id === '204')!;
    const view = (await programmer.request('GET', '/records/sessions/204')).json<RecordView>();
    const moved = await programmer.request('PUT', '/records/sessions/204', {
      baseVersion: view.version,
      // The day's last slot of its venue: nothing to clash with.
      fields: { ...view.fields, starts_at: `${starred.starts_at.slice(0, 10)}T23:50` },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await programmer.request('POST', '/releases')).statusCode).toBe(201);

    const programme = await index();
    const now = programme.find((s) => s.id === '204')!;
    expect(now.sequence).toBe(starred.sequence + 1);
    const fromFeed = events((await feed('204')).body)[0]!;
    expect(fromFeed.sequence).toBe(now.sequence);
    // What "A minha agenda" does (my-agenda.tsx): the agenda's copy (still the one starred, before
    // the visitor saw the change), with the sequences of the programme it last synced.
    const file = agendaCalendar([starred], {
      publicUrl: server.config.publicUrl,
      name: 'A minha agenda',
      sequences: sequencesOf([starred], programme),
    });
    expect(events(file)[0]!.sequence).toBe(fromFeed.sequence);
    expect(fromFeed.sequence).toBeGreaterThan(0);
  });

  it('leaves out a session no longer in the programme, and refuses a link that is not one with a pt-PT 400', async () => {
    expect(events((await feed('204.999999')).body).map((e) => e.uid.split('@')[0])).toEqual(['sessao-204']);
    const bad = await feed('204,219');
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toMatch(/Ligação de agenda inválida/);
  });

  it("speaks the language of the page that gave the address (?lang=): the calendar's name and its reminders", async () => {
    const name = (text: string) => String(ICAL.Component.fromString(text).getFirstPropertyValue('x-wr-calname'));
    const alarm = (text: string) =>
      String(
        ICAL.Component.fromString(text)
          .getFirstSubcomponent('vevent')!
          .getFirstSubcomponent('valarm')!
          .getFirstPropertyValue('description'),
      );
    const pt = (await feed('204')).body;
    expect(name(pt)).toBe('A minha agenda — 8½ Festa do Cinema Italiano');
    expect(alarm(pt)).toMatch(/ começa daqui a 30 minutos \(/);
    const en = await server.app.inject({ method: 'GET', url: '/admin/agenda/204/calendario.ics?lang=en' });
    expect(en.statusCode).toBe(200);
    expect(name(en.body)).toBe('My schedule — 8½ Festa do Cinema Italiano');
    expect(alarm(en.body)).toMatch(/ starts in 30 minutes \(/);
    expect(en.body).toMatch(/^PRODID:.*\/\/EN$/m);
    const it = (await server.app.inject({ method: 'GET', url: '/admin/agenda/204/calendario.ics?lang=it' })).body;
    expect(name(it)).toBe('La mia agenda — 8½ Festa do Cinema Italiano');
    expect(alarm(it)).toMatch(/ inizia tra 30 minuti \(/);
    expect((await server.app.inject({ method: 'GET', url: '/admin/agenda/204/calendario.ics?lang=fr' })).statusCode).toBe(400);
  });
});
