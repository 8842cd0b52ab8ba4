/**
 * Last-minute changes from the phone (POST /gestao/api/screenings/:id/status): one session's status
 * published at once as a release of its own, every other draft left a draft; audited; the public
 * API, the agenda's index and the calendar feed say it at once; a cancelled session stays
 * cancelled through an ordinary save or a draft published later, and only the explicit restore
 * brings it back; only Programação and Administração may; bad input gets pt-PT messages beside
 * its field. On SQLite by default, on PostgreSQL with TEST_DATABASE=postgres.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgendaSession, CityProgramme, Movie } from '../../src/common/api/api-types';
import type { LastMinuteSession, StatusChangeResult } from '../../src/common/gestao/last-minute';
import { fieldText, type RecordView } from '../../src/common/gestao/record-schemas';
import { addDays, addWallMinutes } from '../../src/common/time/lisbon-time';
import type { DraftClash } from '../../src/common/programme/grid';
import { readSettings } from '../../server/db/repositories/content/settings-repository';
import { listAudit } from '../../server/db/repositories/audit/audit-log-repository';
import { drafts } from '../../server/db/repositories/publishing/drafts-repository';
import { readSnapshot, type ContentSnapshot } from '../../server/db/repositories/content/content-repository';
import { latestRelease, releaseSnapshot } from '../../server/db/repositories/publishing/releases-repository';
import { publishDraft } from '../../server/gestao/editing/staff-releases';
import { GestaoBrowser, loggedInStaff } from './gestao-browser';
import { getJson, startTestServer, type TestServer } from './helper';

let server: TestServer;
let programmer: GestaoBrowser;

interface Day {
  day: string;
  today: string;
  days: string[];
  sessions: LastMinuteSession[];
  venues: { id: number; name: string; city_id: number }[];
}

const today = async (browser = programmer) => (await browser.request('GET', '/last-minute')).json<Day>();
const record = async (id: string) => (await programmer.request('GET', `/records/sessions/${id}`)).json<RecordView>();
const change = (id: string, body: object, browser = programmer) => browser.request('POST', `/screenings/${id}/status`, body);
const check = (id: string, body: object) => programmer.request('POST', `/screenings/${id}/status/clashes`, body);
const movieOf = async (id: string) => fieldText((await record(id)).fields.movie_id);
const publicSession = async (id: string) => {
  const movie = await getJson<Movie>(server.app, `/api/movie/${await movieOf(id)}`);
  return movie.body.sessions.find((s) => s.id === id);
};
const indexed = async (id: string) => (await getJson<AgendaSession[]>(server.app, '/api/sessions')).body.find((s) => s.id === id)!;

describe('last-minute changes of a session', () => {
  let sessions: LastMinuteSession[];
  beforeAll(async () => {
    server = await startTestServer();
    programmer = await loggedInStaff(server, 'prog@festa.pt', 'programacao');
    sessions = (await today()).sessions;
  }, 60_000);
  afterAll(() => server?.close());

  it("lists today's published sessions (a festival day ends at 06:00), with the days there are and the venues", async () => {
    const day = await today();
    expect(day.day).toBe(day.today);
    expect(day.days).toContain(day.today);
    expect(day.sessions.length).toBeGreaterThan(1);
    for (const s of day.sessions) {
      expect(s.starts_at >= `${day.day}T06:00`).toBe(true);
      expect(s.status).toBe('');
    }
    const other = day.days.find((d) => d !== day.today)!;
    const chosen = (await programmer.request('GET', `/last-minute?dia=${other}`)).json<Day>();
    expect(chosen.day).toBe(other);
    expect(chosen.sessions.length).toBeGreaterThan(0);
    expect(chosen.sessions.every((s) => s.starts_at >= `${other}T06:00` && s.starts_at < `${addDays(other, 1)}T06:00`)).toBe(true);
  });

  it('cancels one session at once as a small release: another pending draft stays a draft; audited; public at once', async () => {
    const [target, other] = sessions;
    // Someone is editing another session in the draft.
    const draft = await record(other!.id);
    const saved = await programmer.request('PUT', `/records/sessions/${other!.id}`, {
      baseVersion: draft.version,
      fields: { ...draft.fields, guest: 'Nanni Moretti' },
    });
    expect(saved.statusCode).toBe(200);
    const calendarBefore = await server.app.inject({ method: 'GET', url: `/admin/agenda/${target!.id}/calendario.ics` });
    expect(calendarBefore.body).toMatch(/SEQUENCE:0/);
    const versionBefore = (await indexed(target!.id)).version;

    const answer = await change(target!.id, { status: 'cancelled', note: 'cópia não chegou', baseVersion: target!.version });
    expect(answer.statusCode).toBe(200);
    const result = answer.json<StatusChangeResult>();
    expect(result.session).toMatchObject({
      id: target!.id,
      status: 'cancelled',
      status_note: 'cópia não chegou',
      version: target!.version + 1,
    });
    expect(result.previous.status).toBe('');
    expect(result.changelog).toEqual([
      expect.stringMatching(new RegExp(`^Sessão cancelada: \\*.+\\*, \\S+ \\d+, \\d\\d:\\d\\d, ${target!.venue_name} — cópia não chegou$`)),
    ]);

    // Only that session was published: the other is still a draft.
    expect((await record(other!.id)).state).toBe('alterado');
    expect((await drafts(server.db)).map((d) => [d.record_type, d.record_id, d.row?.guest])).toEqual([
      ['sessions', other!.id, 'Nanni Moretti'],
    ]);
    expect((await record(target!.id)).state).toBe('publicado');

    const audit = await listAudit(server.db, { action: 'session.status' });
    expect(audit.map((e) => [e.actorEmail, e.subject, e.outcome])).toEqual([['prog@festa.pt', `sessions/${target!.id}`, 'ok']]);

    // The public answers say it, the session still listed.
    expect(await publicSession(target!.id)).toMatchObject({ status: 'cancelled', status_note: 'cópia não chegou' });
    const programme = await getJson<CityProgramme>(server.app, `/api/movies_from_festival/${target!.city_id}`);
    const events = Object.values(programme.body.festivals as Record<string, { session_id: string; status: string }[]>).flat();
    expect(events.find((e) => e.session_id === target!.id)?.status).toBe('cancelled');
    const after = await indexed(target!.id);
    expect(after.status).toBe('cancelled');
    expect(after.version).not.toBe(versionBefore);

    const calendar = await server.app.inject({ method: 'GET', url: `/admin/agenda/${target!.id}/calendario.ics` });
    expect(calendar.body).toMatch(/STATUS:CANCELLED/);
    expect(calendar.body).toMatch(/SUMMARY:Cancelada: /);
    expect(calendar.body).toMatch(/SEQUENCE:1/);
  });

  it('a cancelled session stays cancelled through an ordinary save and a draft published later; the explicit restore brings it back', async () => {
    const [target, other] = sessions;
    const stored = await record(target!.id);
    expect(stored.fields.status).toBe('cancelled');
    const save = await programmer.request('PUT', `/records/sessions/${target!.id}`, {
      baseVersion: stored.version,
      fields: { ...stored.fields, status: '', status_note: '', guest: 'Alice Rohrwacher' },
    });
    expect(save.statusCode).toBe(200);
    expect(save.json<RecordView>().fields).toMatchObject({
      status: 'cancelled',
      status_note: 'cópia não chegou',
      guest: 'Alice Rohrwacher',
    });

    // A draft saved before the cancellation takes it too: publishing it cannot undo it.
    const otherDraft = await record(other!.id);
    const cancelled = await change(other!.id, { status: 'cancelled', note: 'problema técnico', baseVersion: otherDraft.version });
    expect(cancelled.statusCode).toBe(200);
    expect((await record(other!.id)).fields).toMatchObject({ status: 'cancelled', guest: 'Nanni Moretti' });
    expect((await programmer.request('POST', '/releases')).statusCode).toBe(201);
    expect(await publicSession(target!.id)).toMatchObject({ status: 'cancelled' });
    expect(await publicSession(other!.id)).toMatchObject({ status: 'cancelled', status_note: 'problema técnico' });

    const current = await record(target!.id);
    const restored = await change(target!.id, { status: '', note: '', baseVersion: current.version });
    expect(restored.statusCode).toBe(200);
    expect(restored.json<StatusChangeResult>().changelog).toEqual([expect.stringMatching(/^Sessão reposta: /)]);
    expect(await publicSession(target!.id)).toMatchObject({ status: '', status_note: '' });
    const calendar = await server.app.inject({ method: 'GET', url: `/admin/agenda/${target!.id}/calendario.ics` });
    expect(calendar.body).not.toMatch(/STATUS:CANCELLED/);
  });

  it('a delay moves the start and says why; "Anular" puts back what was before, published at once too', async () => {
    const target = (await today()).sessions.find((s) => s.status === '')!;
    const later = addWallMinutes(target.starts_at, 15);
    const delayed = await change(target.id, {
      status: 'delayed',
      note: 'convidado atrasado',
      starts_at: later,
      baseVersion: target.version,
    });
    expect(delayed.statusCode).toBe(200);
    const result = delayed.json<StatusChangeResult>();
    expect(result.changelog[0]).toMatch(/^Sessão atrasada: .+, \d\d:\d\d → \d\d:\d\d, .+ — convidado atrasado$/);
    expect(await publicSession(target.id)).toMatchObject({ status: 'delayed', hhmm: later.slice(11, 16) });

    const undo = await change(target.id, {
      status: result.previous.status,
      note: result.previous.status_note,
      starts_at: result.previous.starts_at,
      venue_id: result.previous.venue_id,
      baseVersion: result.session.version,
    });
    expect(undo.statusCode).toBe(200);
    expect(await publicSession(target.id)).toMatchObject({ status: '', hhmm: target.starts_at.slice(11, 16) });
  });

  it('a delay onto the next screening in the same venue is refused with the clash, and published with a reason that goes into the registo', async () => {
    const day = await today();
    const free = day.sessions.filter((s) => s.status === '');
    const [first, next] = free
      .flatMap((a) => free.filter((b) => b.venue_id === a.venue_id && b.starts_at > a.starts_at).map((b) => [a, b] as const))
      .sort((x, y) => x[1].starts_at.localeCompare(y[1].starts_at))[0]!;
    const onto = { status: 'delayed', note: 'convidado atrasado', starts_at: next.starts_at, baseVersion: first.version };
    const refused = await change(first.id, onto);
    expect(refused.statusCode).toBe(409);
    const body = refused.json<{ message: string; clashes: { severity: string; sessionIds: number[]; message: string }[] }>();
    expect(body.message).toMatch(
      /^Esta mudança cria (um conflito|\d+ conflitos): .+ Escolha outra hora ou sala, ou aceite com um motivo\.$/,
    );
    expect(body.clashes.some((c) => c.severity === 'block' && c.sessionIds.includes(Number(next.id)))).toBe(true);
    // Nothing was published: the session is where it was.
    expect(await publicSession(first.id)).toMatchObject({ status: '', hhmm: first.starts_at.slice(11, 16) });

    const tooShort = await change(first.id, { ...onto, clash_reason: 'curto' });
    expect(tooShort.statusCode).toBe(400);
    expect(tooShort.json<{ errors: Record<string, string> }>().errors.clash_reason).toBe('O motivo tem de ter pelo menos 10 caracteres.');

    const reason = 'o realizador chega às 22h e a sala seguinte espera';
    const accepted = await change(first.id, { ...onto, clash_reason: reason });
    expect(accepted.statusCode).toBe(200);
    const result = accepted.json<StatusChangeResult>();
    expect(result.acceptedClashes.length).toBeGreaterThan(0);
    expect(result.acceptedClashes.every((c) => c.acceptance?.reason === reason)).toBe(true);
    expect(await publicSession(first.id)).toMatchObject({ status: 'delayed', hhmm: next.starts_at.slice(11, 16) });
    const registo = await listAudit(server.db, { action: 'clash.accept' });
    expect(registo.some((e) => (e.subject ?? '').endsWith(`Motivo: ${reason}`))).toBe(true);

    // Put back as it was, for the stories after this one.
    const undo = await change(first.id, {
      status: '',
      note: '',
      starts_at: first.starts_at,
      venue_id: first.venue_id,
      baseVersion: result.session.version,
    });
    expect(undo.statusCode).toBe(200);
  });

  it("a new time keeps the session's status: its clashes are checked first (only that session's, nothing written), then published with a reason", async () => {
    const day = await today();
    const free = day.sessions.filter((s) => s.status === '');
    const [first, next] = free
      .flatMap((a) => free.filter((b) => b.venue_id === a.venue_id && b.starts_at > a.starts_at).map((b) => [a, b] as const))
      .sort((x, y) => x[1].starts_at.localeCompare(y[1].starts_at))[0]!;
    // Five minutes after the next one starts: a clash nobody accepted yet (an acceptance names both times).
    const onto = addWallMinutes(next.starts_at, 5);
    const retime = { status: '', starts_at: onto, baseVersion: first.version };
    const checked = await check(first.id, retime);
    expect(checked.statusCode).toBe(200);
    const { clashes } = checked.json<{ clashes: DraftClash[] }>();
    expect(clashes.some((c) => c.severity === 'block' && !c.acceptance && c.sessionIds.includes(Number(next.id)))).toBe(true);
    // Only this session's clashes: none of the programme's others.
    expect(clashes.every((c) => c.sessionIds.includes(Number(first.id)))).toBe(true);
    const all = (await programmer.request('GET', '/clashes')).json<DraftClash[]>();
    expect(all.some((c) => !c.sessionIds.includes(Number(first.id)))).toBe(true);
    // Nothing was written: the same version, the same time.
    expect((await today()).sessions.find((s) => s.id === first.id)).toMatchObject({ version: first.version, starts_at: first.starts_at });
    expect((await check(first.id, { ...retime, baseVersion: first.version + 3 })).statusCode).toBe(409);
    expect((await check(first.id, { ...retime, starts_at: 'amanhã' })).json()).toEqual({
      message: 'Há campos por corrigir.',
      errors: { starts_at: 'Indique a nova hora (AAAA-MM-DDTHH:MM).' },
    });

    const reason = 'a cópia chega mais tarde, o público é avisado';
    const published = await change(first.id, { ...retime, clash_reason: reason });
    expect(published.statusCode).toBe(200);
    const result = published.json<StatusChangeResult>();
    expect(result.session).toMatchObject({ status: '', starts_at: onto });
    expect(result.acceptedClashes.map((c) => c.key).sort()).toEqual(
      clashes
        .filter((c) => c.severity === 'block')
        .map((c) => c.key)
        .sort(),
    );
    expect(await publicSession(first.id)).toMatchObject({ status: '', hhmm: onto.slice(11, 16) });

    const undo = await change(first.id, { status: '', starts_at: first.starts_at, baseVersion: result.session.version });
    expect(undo.statusCode).toBe(200);
  });

  it('offers every day of the festival for a new time, and any other day a session is on', async () => {
    const day = await today();
    const { festivalStart, festivalDays } = await readSettings(server.db);
    expect(festivalDays).toBeGreaterThan(0);
    for (let i = 0; i < festivalDays; i++) expect(day.days).toContain(addDays(festivalStart, i));
    expect(day.days).toEqual([...new Set(day.days)].sort());
  });

  it('a move goes to another venue of the same city only', async () => {
    const day = await today();
    // A venue of the same city with nothing on within four hours of the session: the move makes no clash.
    const hours = (a: string, b: string) => Math.abs(Date.parse(`${a}Z`) - Date.parse(`${b}Z`)) / 3_600_000;
    const sameCity = (s: LastMinuteSession) =>
      day.venues.find(
        (v) =>
          v.city_id === s.city_id &&
          v.id !== s.venue_id &&
          day.sessions.every((other) => other.venue_id !== v.id || hours(other.starts_at, s.starts_at) > 4),
      );
    const target = day.sessions.find((s) => s.status === '' && sameCity(s))!;
    expect(target).toBeDefined();
    const otherCity = day.venues.find((v) => v.city_id !== target.city_id)!;
    const refused = await change(target.id, { status: 'moved', venue_id: otherCity.id, baseVersion: target.version });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ message: 'Há campos por corrigir.', errors: { venue_id: 'Escolha uma sala da mesma cidade.' } });
    const venue = sameCity(target)!;
    const moved = await change(target.id, { status: 'moved', note: 'sala indisponível', venue_id: venue.id, baseVersion: target.version });
    expect(moved.statusCode).toBe(200);
    expect(moved.json<StatusChangeResult>().changelog[0]).toMatch(
      new RegExp(`^Sessão mudou de sala: .+, ${target.venue_name} → ${venue.name} — sala indisponível$`),
    );
    expect(await publicSession(target.id)).toMatchObject({ status: 'moved', venue_name: venue.name });
  });

  it('a release keeps the content as the database then holds it, though it read the content once, before writing', async () => {
    /** Each table's rows, in an order of their own: the database keeps none. */
    const comparable = (content: ContentSnapshot) =>
      Object.fromEntries(
        Object.entries(content).map(([table, rows]) => [
          table,
          (rows as object[]).map((row) => JSON.stringify(row, Object.keys(row).sort())).sort(),
        ]),
      );
    const latestSnapshot = async () => (await releaseSnapshot(server.db, (await latestRelease(server.db))!.number))!;

    const target = (await today()).sessions.find((s) => s.status === '')!;
    expect((await change(target.id, { status: 'sold_out', baseVersion: target.version })).statusCode).toBe(200);
    expect(comparable(await latestSnapshot())).toEqual(comparable(await readSnapshot(server.db)));

    // A draft published whole (the guest saved in the first story, and a new note here) is held to the same.
    const other = (await today()).sessions.find((s) => s.id !== target.id)!;
    const draft = await record(other.id);
    await programmer.request('PUT', `/records/sessions/${other.id}`, {
      baseVersion: draft.version,
      fields: { ...draft.fields, guest: 'Alba Rohrwacher' },
    });
    await publishDraft(server.db, { id: 1, email: 'prog@festa.pt', role: 'programacao' }, new Date().toISOString());
    expect(comparable(await latestSnapshot())).toEqual(comparable(await readSnapshot(server.db)));
  });

  it('bad input gets pt-PT messages beside its field, a stale version a 409, and nothing changes', async () => {
    const target = (await today()).sessions.find((s) => s.status === '')!;
    const bad = await change(target.id, { status: 'exploded', note: 'x'.repeat(201) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      message: 'Há campos por corrigir.',
      errors: {
        status: 'Escolha um estado da lista.',
        note: 'O motivo não pode ter mais de 200 caracteres.',
        baseVersion: 'Falta a versão em que se baseou (baseVersion).',
      },
    });
    const noVenue = await change(target.id, { status: 'moved', baseVersion: target.version });
    expect(noVenue.json()).toEqual({ message: 'Há campos por corrigir.', errors: { venue_id: 'Escolha a nova sala.' } });
    const noTime = await change(target.id, { status: 'delayed', baseVersion: target.version });
    expect(noTime.json()).toEqual({ message: 'Há campos por corrigir.', errors: { starts_at: 'Indique a nova hora.' } });
    const earlier = await change(target.id, {
      status: 'delayed',
      starts_at: addWallMinutes(target.starts_at, -10),
      baseVersion: target.version,
    });
    expect(earlier.json<{ errors: Record<string, string> }>().errors.starts_at).toMatch(/^A nova hora tem de ser depois das \d\d:\d\d\.$/);
    const stale = await change(target.id, { status: 'sold_out', baseVersion: target.version + 5 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json<{ message: string; stored: RecordView }>().stored.id).toBe(target.id);
    const missing = await change('999999', { status: 'sold_out', baseVersion: 0 });
    expect(missing.statusCode).toBe(404);
    expect(await publicSession(target.id)).toMatchObject({ status: '' });
  });

  it('only Programação and Administração: another role is refused (403, audited), and nobody logged out gets in', async () => {
    const editor = await loggedInStaff(server, 'edit@festa.pt', 'edicao');
    const target = (await today()).sessions.find((s) => s.status === '')!;
    const refused = await change(target.id, { status: 'sold_out', baseVersion: target.version }, editor);
    expect(refused.statusCode).toBe(403);
    expect((await editor.request('GET', '/last-minute')).statusCode).toBe(403);
    const denied = await listAudit(server.db, { actorEmail: 'edit@festa.pt', outcome: 'denied' });
    expect(denied.map((e) => e.subject)).toContain(`/gestao/api/screenings/${target.id}/status`);
    expect((await new GestaoBrowser(server.app).request('GET', '/last-minute')).statusCode).toBe(401);
    expect(await publicSession(target.id)).toMatchObject({ status: '' });
  });
});
