/**
 * The printed programme, read back as a reader would: the PDFs' text through pdfjs (its legacy
 * build, for Node). A city's programme has every session of that city (time, venue and title in
 * the listing) and nothing of another city, on A4 pages, accents intact; a cancelled session is
 * marked with its reason; an earlier release prints as it was. "Hoje nesta sala" lists exactly
 * the venue's sessions of that festival day (a 01:30 start is the night before). Unknown cities,
 * venues, days and releases are refused in pt-PT, and only the roles that see the programme print.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RecordView } from '../../src/common/gestao/record-schemas';
import { addDays } from '../../src/common/time/lisbon-time';
import type { LightMyRequestResponse } from 'fastify';
import { insertRelease, releaseSnapshot } from '../../server/db/repositories/publishing/releases-repository';
import { GestaoBrowser, loggedInStaff } from './gestao-browser';
import { readPdf } from './pdf-text';
import { startTestServer, type TestServer } from './helper';

const fileNameOf = (response: LightMyRequestResponse) => /filename="([^"]+)"/.exec(String(response.headers['content-disposition']))?.[1];

interface SessionRow {
  id: number;
  starts_at: string;
  venue: string;
  venue_id: number;
  city_id: number;
  title: string;
}

describe('the printed programme', () => {
  let server: TestServer;
  let programmer: GestaoBrowser;
  let lisbon: number;
  let rows: SessionRow[];
  /** The session the test cancels (with a guest), and the one it moves past midnight, on the same venue and day. */
  let cancelled: SessionRow;
  let night: SessionRow;
  const DAY = '2026-04-05';

  const sessionRows = async () =>
    (
      await server.db
        .selectFrom('sessions')
        .innerJoin('venues', 'venues.id', 'sessions.venue_id')
        .innerJoin('movies', 'movies.id', 'sessions.movie_id')
        .select(['sessions.id', 'sessions.starts_at', 'venues.name as venue', 'venues.id as venue_id', 'venues.city_id', 'movies.title'])
        .orderBy('sessions.id')
        .execute()
    ).map((r) => ({ ...r, id: Number(r.id), venue_id: Number(r.venue_id), city_id: Number(r.city_id) }));

  async function edit(id: number, change: (fields: RecordView['fields']) => RecordView['fields']) {
    const record = (await programmer.request('GET', `/records/sessions/${id}`)).json<RecordView>();
    const saved = await programmer.request('PUT', `/records/sessions/${id}`, {
      baseVersion: record.version,
      fields: change(record.fields),
    });
    expect(saved.statusCode, saved.body).toBe(200);
  }

  beforeAll(async () => {
    server = await startTestServer();
    lisbon = Number((await server.db.selectFrom('cities').select('id').where('name', '=', 'Lisboa').executeTakeFirstOrThrow()).id);
    programmer = await loggedInStaff(server, 'prog@festa.pt', 'programacao');
    const before = await sessionRows();
    const onDay = before.filter((s) => s.city_id === lisbon && s.starts_at.startsWith(DAY));
    cancelled = onDay[0]!;
    night = onDay.find((s) => s.venue_id === cancelled.venue_id && s.id !== cancelled.id)!;
    // Release 2: one session cancelled with its reason and a guest, another moved to 01:30 the next morning.
    await edit(cancelled.id, (f) => ({
      ...f,
      status: 'cancelled',
      status_note: 'a cópia não chegou',
      guest: 'Nanni Moretti, Alba Rohrwacher',
    }));
    await edit(night.id, (f) => ({ ...f, starts_at: `${addDays(DAY, 1)}T01:30` }));
    expect((await programmer.request('POST', '/releases')).statusCode).toBe(201);
    rows = await sessionRows();
  }, 60_000);
  afterAll(() => server?.close());

  it("a city's programme has every session of the city and none of another, on A4 pages with accents and page numbers", async () => {
    const response = await programmer.request('GET', `/print/programme?city=${lisbon}&release=latest`);
    expect(fileNameOf(response)).toBe('programa-lisboa-2026.pdf');
    const pages = await readPdf(response);
    for (const page of pages) expect([Math.round(page.width), Math.round(page.height)]).toEqual([595, 842]);
    pages.forEach((page, i) => expect(page.text).toContain(`Página ${i + 1} de ${pages.length}`));
    expect(pages[0]!.text).toContain('8½ Festa do Cinema Italiano');
    expect(pages[0]!.text).toContain('Programa · Lisboa');

    const all = pages.map((p) => p.text).join(' ');
    const listing = all.slice(all.indexOf('Programa dia a dia'));
    const ours = rows.filter((s) => s.city_id === lisbon);
    expect(ours.length).toBeGreaterThan(100);
    const missing = ours.filter((s) => !listing.includes(`${s.starts_at.slice(11, 16)} ${s.venue} ${s.title}`));
    expect(missing).toEqual([]);
    // Every title is on some day's grid too (a short film's box may shrink its type, never drop it).
    const grids = all.slice(0, all.indexOf('Programa dia a dia'));
    expect(ours.filter((s) => !grids.includes(s.title.split(' ')[0]!))).toEqual([]);

    const others = rows.filter((s) => s.city_id !== lisbon);
    expect(others.length).toBeGreaterThan(0);
    const otherVenues = [...new Set(others.map((s) => s.venue))];
    expect(otherVenues.filter((venue) => all.includes(venue))).toEqual([]);
    const onlyElsewhere = [...new Set(others.map((s) => s.title))].filter((title) => !ours.some((s) => s.title === title));
    expect(onlyElsewhere.filter((title) => all.includes(title))).toEqual([]);

    // Accents survive the embedded font: titles with ã, ç and é come back as written.
    for (const letter of ['ã', 'ç', 'é']) {
      const title = ours.find((s) => s.title.includes(letter))?.title;
      expect(title, letter).toBeDefined();
      expect(all).toContain(title);
    }
  });

  it('a cancelled session is marked with its reason and guests; the 01:30 session belongs to the day before', async () => {
    const all = (await readPdf(await programmer.request('GET', `/print/programme?city=${lisbon}`))).map((p) => p.text).join(' ');
    const listing = all.slice(all.indexOf('Programa dia a dia'));
    const entry = listing.slice(listing.indexOf(`${cancelled.starts_at.slice(11, 16)} ${cancelled.venue} ${cancelled.title}`));
    expect(entry.slice(0, 400)).toContain('Com a presença de Nanni Moretti, Alba Rohrwacher');
    expect(entry.slice(0, 400)).toContain('Sessão cancelada: a cópia não chegou');
    expect(all).toContain('Cancelada');
    // Under Sunday the 5th, before Monday's heading.
    const sunday = listing.indexOf('Domingo, 5 de abril');
    const monday = listing.indexOf('Segunda-feira, 6 de abril');
    const at = listing.indexOf(`01:30 ${night.venue} ${night.title}`);
    expect(sunday).toBeGreaterThan(-1);
    expect(at).toBeGreaterThan(sunday);
    expect(at).toBeLessThan(monday);
  });

  it('an earlier release prints as it was published; an unknown release or city is refused in pt-PT', async () => {
    const first = await programmer.request('GET', `/print/programme?city=${lisbon}&release=1`);
    expect(fileNameOf(first)).toBe('programa-lisboa-2026-publicacao-1.pdf');
    const all = (await readPdf(first)).map((p) => p.text).join(' ');
    expect(all).toContain('publicação n.º 1');
    expect(all).not.toContain('Sessão cancelada');
    // `night` was read before the test moved it: release 1 has it at its first time.
    expect(all).toContain(`${night.starts_at.slice(11, 16)} ${night.venue} ${night.title}`);
    expect(all).not.toContain(`01:30 ${night.venue} ${night.title}`);

    // A release kept before the programme desk's columns existed (no status, guest or code) still prints.
    const snapshot = (await releaseSnapshot(server.db, 1))!;
    const stripped = snapshot.sessions.map((row) => {
      const { status: _status, status_note: _note, guest: _guest, code: _code, ...older } = row;
      return older;
    });
    await insertRelease(server.db, {
      number: 50,
      publishedAt: '2025-04-01T10:00:00.000Z',
      publishedBy: 'arquivo@festa.pt',
      kind: 'publicacao',
      changelog: [],
      snapshot: { ...snapshot, sessions: stripped },
    });
    const older = (await readPdf(await programmer.request('GET', `/print/programme?city=${lisbon}&release=50`)))
      .map((p) => p.text)
      .join(' ');
    expect(older).toContain('publicação n.º 50');
    expect(rows.filter((s) => s.city_id === lisbon).filter((s) => !older.includes(s.title))).toEqual([]);

    const unknownCity = await programmer.request('GET', '/print/programme?city=999&release=latest');
    expect(unknownCity.statusCode).toBe(404);
    expect(unknownCity.json()).toEqual({ message: 'Esta cidade não existe.' });
    const unknownRelease = await programmer.request('GET', `/print/programme?city=${lisbon}&release=99`);
    expect(unknownRelease.statusCode).toBe(404);
    expect(unknownRelease.json()).toEqual({ message: 'A publicação 99 não existe.' });
    expect((await programmer.request('GET', `/print/programme?city=${lisbon}&release=ontem`)).json()).toEqual({
      message: 'A publicação é o seu número, ou «latest» para a que está no site.',
    });
    expect((await programmer.request('GET', '/print/programme')).json()).toEqual({ message: 'Escolha a cidade.' });
  });

  it("'Hoje nesta sala' lists exactly that venue's sessions of that festival day, in large type on one A4 page", async () => {
    const response = await programmer.request('GET', `/print/venue-day?venue=${cancelled.venue_id}&day=${DAY}`);
    expect(fileNameOf(response)).toMatch(new RegExp(`^hoje-nesta-sala-[a-z0-9-]+-${DAY}\\.pdf$`));
    const pages = await readPdf(response);
    expect(pages).toHaveLength(1);
    expect([Math.round(pages[0]!.width), Math.round(pages[0]!.height)]).toEqual([595, 842]);
    const { text } = pages[0]!;
    expect(text).toContain('Hoje nesta sala');
    expect(text).toContain(cancelled.venue);
    expect(text).toContain('Domingo, 5 de abril de 2026');
    // The festival day runs from 06:00 to 06:00 the next morning.
    const expected = rows
      .filter((s) => s.venue_id === cancelled.venue_id && s.starts_at >= `${DAY}T06:00` && s.starts_at < `${addDays(DAY, 1)}T06:00`)
      .sort((a, b) => a.starts_at.localeCompare(b.starts_at));
    expect(expected.map((s) => s.id)).toContain(night.id);
    // Each session's start (its end is written "termina às 12:34").
    const times = [...text.matchAll(/(?<!às )\b(\d\d:\d\d)\b/g)].map((m) => m[1]);
    expect(times).toEqual(expected.map((s) => s.starts_at.slice(11, 16)));
    for (const s of expected) expect(text).toContain(`${s.starts_at.slice(11, 16)} ${s.title}`);
    expect(text).toContain('Sessão cancelada: a cópia não chegou');
    expect(text).toContain('Com a presença de Nanni Moretti, Alba Rohrwacher');
    const elsewhere = rows.filter((s) => s.venue_id !== cancelled.venue_id && s.starts_at.startsWith(DAY));
    expect(elsewhere.filter((s) => !expected.some((e) => e.title === s.title) && text.includes(s.title))).toEqual([]);

    // The next day's sheet no longer has the 01:30 session.
    const next = (
      await readPdf(await programmer.request('GET', `/print/venue-day?venue=${cancelled.venue_id}&day=${addDays(DAY, 1)}`))
    )[0]!;
    expect(next.text).not.toContain(`01:30 ${night.title}`);
  });

  it("a moved session prints the time on people's tickets beside the new one, on the door sheet and in the programme; an earlier release does not", async () => {
    // Moved in release 2 from its planned time on Sunday the 5th to 01:30, still that festival day.
    const was = `Mudou: era domingo 5 às ${night.starts_at.slice(11, 16)}`;
    const door = (await readPdf(await programmer.request('GET', `/print/venue-day?venue=${night.venue_id}&day=${DAY}`)))[0]!.text;
    expect(door).toContain(`01:30 ${night.title}`);
    expect(door).toContain(was);
    expect(door.match(/Mudou:/g)).toHaveLength(1);

    const programme = (await readPdf(await programmer.request('GET', `/print/programme?city=${lisbon}&release=latest`)))
      .map((p) => p.text)
      .join(' ');
    expect(programme).toContain(was);
    const asPublished = (await readPdf(await programmer.request('GET', `/print/programme?city=${lisbon}&release=1`)))
      .map((p) => p.text)
      .join(' ');
    expect(asPublished).not.toContain('Mudou:');
  });

  it('unknown venues and days are refused in pt-PT', async () => {
    const venue = await programmer.request('GET', `/print/venue-day?venue=999&day=${DAY}`);
    expect(venue.statusCode).toBe(404);
    expect(venue.json()).toEqual({ message: 'Esta sala não existe.' });
    const outside = await programmer.request('GET', `/print/venue-day?venue=${cancelled.venue_id}&day=2026-05-01`);
    expect(outside.statusCode).toBe(404);
    expect(outside.json()).toEqual({ message: 'O dia 2026-05-01 não é um dia do festival.' });
    const badDay = await programmer.request('GET', `/print/venue-day?venue=${cancelled.venue_id}&day=2026-02-30`);
    expect(badDay.statusCode).toBe(400);
    expect(badDay.json()).toEqual({ message: 'O dia escreve-se AAAA-MM-DD (por exemplo, 2026-04-05).' });
  });

  it('whoever sees the programme prints; Imprensa and Formulários do not, and nobody without a session', async () => {
    const reader = await loggedInStaff(server, 'leitura@festa.pt', 'leitura');
    expect((await reader.request('GET', `/print/venue-day?venue=${cancelled.venue_id}&day=${DAY}`)).statusCode).toBe(200);
    const options = (await reader.request('GET', '/print/options')).json<{
      cities: { name: string }[];
      days: string[];
      year: number;
      today: string;
    }>();
    expect(options.cities.map((c) => c.name)).toContain('Lisboa');
    expect(options.days).toContain(DAY);
    // The server's clock (NOW, 2026-04-05 15:00 in Lisbon): "Hoje nesta sala" opens on that day.
    expect(options.today).toBe('2026-04-05');
    expect(options.year).toBe(2026);
    for (const role of ['imprensa', 'formularios']) {
      const browser = await loggedInStaff(server, `${role}@festa.pt`, role);
      const refused = await browser.request('GET', `/print/programme?city=${lisbon}`);
      expect(refused.statusCode, role).toBe(403);
      expect(refused.json()).toEqual({ message: 'Não tem permissão para fazer isto.' });
    }
    const anonymous = await new GestaoBrowser(server.app).request('GET', `/print/programme?city=${lisbon}`);
    expect(anonymous.statusCode).toBe(401);
  });
});
