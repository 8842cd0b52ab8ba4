/**
 * One end time per session: the public agenda's data (GET /admin/api/sessions, from which the
 * agenda, its calendar file and "A decorrer" work it out), the clash check of the grid and of
 * publishing, the door sheet ("Hoje nesta sala": "termina às …") and the printed programme's day
 * grid all end a session at the same minute: its start plus its work's length, or
 * DEFAULT_DURATION_MIN when the content gives none (a parallel event).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgendaSession } from '../../src/common/api/api-types';
import { festivalDayOf } from '../../src/common/time/festival-day';
import { DEFAULT_DURATION_MIN, endsAt } from '../../src/common/time/work-length';
import type { RecordView } from '../../src/common/gestao/record-schemas';
import { addWallMinutes, clockTime, wallMinutes } from '../../src/common/time/lisbon-time';
import type { DraftClash } from '../../src/common/programme/grid';
import { type GestaoBrowser, loggedInStaff } from './gestao-browser';
import { getJson, startTestServer, type TestServer } from './helper';
import { readPdf } from './pdf-text';

let server: TestServer;
let programmer: GestaoBrowser;
let agenda: AgendaSession[];
/** Sessions this file has moved in the draft: never chosen again. */
const moved = new Set<string>();

/** Moves a session in the draft as the grid does: its record written with the version it was read at. */
async function move(id: string, startsAt: string) {
  const record = (await programmer.request('GET', `/records/sessions/${id}`)).json<RecordView>();
  const saved = await programmer.request('PUT', `/records/sessions/${id}`, {
    baseVersion: record.version,
    fields: { ...record.fields, starts_at: startsAt },
  });
  expect(saved.statusCode, saved.body).toBe(200);
}

/** The draft's clashes between exactly these two sessions, of one kind. */
async function clashesBetween(a: string, b: string, kind: string): Promise<DraftClash[]> {
  const answer = await programmer.request('GET', '/clashes');
  expect(answer.statusCode, answer.body).toBe(200);
  const ids = [Number(a), Number(b)].sort((x, y) => x - y);
  return answer.json<DraftClash[]>().filter((c) => c.kind === kind && c.sessionIds.join() === ids.join());
}

/** A session of the kind wanted, as planned, whose venue has another such session on its festival day. */
function sessionWithNeighbour(ismovie: '0' | '1'): { session: AgendaSession; neighbour: AgendaSession } {
  const planned = agenda.filter((s) => s.status === '' && !moved.has(s.id));
  for (const session of planned.filter((s) => s.ismovie === ismovie)) {
    const neighbour = planned.find(
      (o) => o.id !== session.id && o.venue_id === session.venue_id && festivalDayOf(o.starts_at) === festivalDayOf(session.starts_at),
    );
    if (neighbour) return { session, neighbour };
  }
  throw new Error(`no session (ismovie ${ismovie}) with another in its venue on its day`);
}

describe('one end time per session', () => {
  beforeAll(async () => {
    server = await startTestServer();
    programmer = await loggedInStaff(server, 'prog@festa.pt', 'programacao');
    const answer = await getJson<AgendaSession[]>(server.app, '/api/sessions');
    expect(answer.status).toBe(200);
    agenda = answer.body;
  }, 60_000);
  afterAll(() => server?.close());

  const cases = [
    { name: 'a parallel event without a length', ismovie: '0' as const },
    { name: 'a film', ismovie: '1' as const },
  ];

  for (const { name, ismovie } of cases) {
    it(`${name} ends at the same time in the public agenda's data, the clash check, the door sheet and the printed programme`, async () => {
      const { session, neighbour } = sessionWithNeighbour(ismovie);
      const start = clockTime(session.starts_at);
      const endWall = endsAt(session);
      const end = clockTime(endWall);
      if (ismovie === '0') expect(wallMinutes(endWall) - wallMinutes(session.starts_at)).toBe(DEFAULT_DURATION_MIN);
      else expect(wallMinutes(endWall) - wallMinutes(session.starts_at)).toBeGreaterThan(0);

      // The door sheet of its venue and festival day: "termina às" the same minute.
      const day = festivalDayOf(session.starts_at);
      const sheet = (await readPdf(await programmer.request('GET', `/print/venue-day?venue=${session.venue_id}&day=${day}`)))
        .map((page) => page.text)
        .join(' ');
      const at = sheet.indexOf(`${start} ${session.title}`);
      expect(at, sheet).toBeGreaterThan(-1);
      expect(sheet.slice(at, at + 300)).toContain(`termina às ${end}`);

      // The printed programme's day grid: the session's box reads "start–end".
      const programme = (await readPdf(await programmer.request('GET', `/print/programme?city=${session.city_id}&release=latest`)))
        .map((page) => page.text)
        .join(' ');
      expect(programme).toContain(`${start}–${end} ${session.title.split(' ')[0]}`);

      // The clash check: another screening of the venue starting five minutes before that end
      // overlaps it (and the message gives the same end); one starting at that end does not.
      moved.add(neighbour.id);
      await move(neighbour.id, addWallMinutes(endWall, -5));
      const [overlap, ...more] = await clashesBetween(session.id, neighbour.id, 'sala');
      expect(more).toEqual([]);
      expect(overlap?.message).toContain(`(${start}–${end})`);
      await move(neighbour.id, endWall);
      expect(await clashesBetween(session.id, neighbour.id, 'sala')).toEqual([]);
    });
  }
});
