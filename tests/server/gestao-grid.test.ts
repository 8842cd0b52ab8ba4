/**
 * The schedule grid's API (/gestao/api/grid, /clashes, /clashes/accept) and publishing refused
 * while the draft has a block clash nobody accepted: a move is an ordinary session write, the
 * clash shows at once, an acceptance needs a reason and is audited, and lapses when a session moves;
 * the grid names today's festival day and the newest release; a session's history says who moved it, when, from → to.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordView } from '../../src/common/gestao/record-schemas';
import type { Clash } from '../../src/common/programme/programme-clash-rules';
import { listAudit } from '../../server/db/repositories/audit/audit-log-repository';
import type { GridAnswer } from '../../src/common/programme/grid';
import type { SessionHistoryEntry } from '../../src/common/programme/session-history-entry';
import { type GestaoBrowser, loggedInStaff } from './gestao-browser';
import { FESTIVAL_START, NOW, startTestServer, type TestServer } from './helper';

type DraftClash = Clash & { acceptance: { reason: string; acceptedBy: string } | null };

let server: TestServer;
let programmer: GestaoBrowser;

const grid = async (city = 1) => {
  const answer = await programmer.request('GET', `/grid?city=${city}`);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<GridAnswer>();
};

/** Moves a session as the grid does: its record written with the version it was read at. */
async function move(id: number, changes: { starts_at?: string; venue_id?: number }) {
  const record = (await programmer.request('GET', `/records/sessions/${id}`)).json<RecordView>();
  const saved = await programmer.request('PUT', `/records/sessions/${id}`, {
    baseVersion: record.version,
    fields: { ...record.fields, ...changes },
  });
  expect(saved.statusCode, saved.body).toBe(200);
}

const blocks = (clashes: DraftClash[]) => clashes.filter((c) => c.severity === 'block');

describe('/gestao/api/grid and the clashes of the draft', () => {
  beforeAll(async () => {
    server = await startTestServer();
    programmer = await loggedInStaff(server, 'prog@festa.pt', 'programacao');
  }, 60_000);
  afterAll(() => server?.close());

  it('the seeded programme has no block clash (and its guests and venue hours are read)', async () => {
    const clashes = (await programmer.request('GET', '/clashes')).json<DraftClash[]>();
    expect(blocks(clashes)).toEqual([]);
    const lisbon = await grid(1);
    expect(lisbon.sessions.some((s) => s.guest !== '')).toBe(true);
    expect(lisbon.venues.find((v) => v.id === 2)).toMatchObject({ name: 'Cinemateca Portuguesa', turnover_min: 10, opens_at: '11:00' });
  });

  it("answers a city's venues, the festival days and its sessions as in the draft, with title and runtime", async () => {
    const porto = await grid(2);
    expect(porto.city).toBe(2);
    expect(porto.cities.map((c) => c.name)).toEqual(['Lisboa', 'Porto', 'Coimbra', 'Setúbal']);
    expect(porto.venues.map((v) => v.city_id)).toEqual(porto.venues.map(() => 2));
    expect(porto.days[0]).toBe(FESTIVAL_START);
    const venueIds = new Set(porto.venues.map((v) => v.id));
    expect(porto.sessions.length).toBeGreaterThan(10);
    expect(porto.sessions.every((s) => venueIds.has(s.venue_id) && s.title !== '' && s.version === 0)).toBe(true);
    expect(porto.sessions.some((s) => typeof s.duration_min === 'number' && s.duration_min > 60)).toBe(true);
  });

  it('a move onto an occupied slot is a block clash at once; publishing is refused naming it', async () => {
    const lisbon = await grid(1);
    const [a, b] = lisbon.sessions.filter((s) => s.venue_id === 3 && s.starts_at.startsWith(FESTIVAL_START));
    expect(a && b).toBeTruthy();
    await move(a!.id, { starts_at: b!.starts_at });

    const after = await grid(1);
    expect(after.sessions.find((s) => s.id === a!.id)).toMatchObject({ starts_at: b!.starts_at, version: 1 });
    const clash = after.clashes.find((c) => c.kind === 'sala' && c.sessionIds.includes(a!.id) && c.sessionIds.includes(b!.id));
    expect(clash).toMatchObject({ severity: 'block', acceptance: null });
    expect(clash!.message).toContain(`«${a!.title}»`);
    expect(clash!.message).toContain('Cinema Ideal');

    const refused = await programmer.request('POST', '/releases');
    expect(refused.statusCode).toBe(409);
    const body = refused.json<{ message: string; clashes: DraftClash[] }>();
    expect(body.message).toMatch(/^O programa tem um conflito por resolver ou aceitar com motivo: /);
    expect(body.message).toContain(clash!.message);
    expect(body.clashes.map((c) => c.key)).toEqual([clash!.key]);
  });

  it('an acceptance needs a reason of 10 characters; accepted, it is audited and publishing goes through', async () => {
    const clash = blocks((await programmer.request('GET', '/clashes')).json<DraftClash[]>())[0]!;
    const empty = await programmer.request('POST', '/clashes/accept', { key: clash.key, reason: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({
      message: 'Há campos por corrigir.',
      errors: { reason: 'Escreva o motivo por que aceita este conflito.' },
    });
    const short = await programmer.request('POST', '/clashes/accept', { key: clash.key, reason: 'porque' });
    expect(short.json<{ errors: Record<string, string> }>().errors.reason).toBe('O motivo tem de ter pelo menos 10 caracteres.');
    const unknown = await programmer.request('POST', '/clashes/accept', {
      key: 'sala:1@1@2026-04-02T10:00',
      reason: 'Sessão dupla combinada com a sala.',
    });
    expect(unknown.statusCode).toBe(409);

    const reason = 'Sessão dupla combinada com a distribuidora.';
    const accepted = await programmer.request('POST', '/clashes/accept', { key: clash.key, reason });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json<DraftClash>().acceptance).toMatchObject({ reason, acceptedBy: 'prog@festa.pt' });
    const audit = await listAudit(server.db, { action: 'clash.accept' });
    expect(audit.map((e) => [e.actorEmail, e.subject, e.outcome])).toEqual([['prog@festa.pt', `${clash.message} Motivo: ${reason}`, 'ok']]);
    expect(audit[0]!.after).toEqual({ key: clash.key, reason });

    expect((await grid(1)).clashes.find((c) => c.key === clash.key)?.acceptance?.reason).toBe(reason);
    expect((await programmer.request('POST', '/releases')).statusCode).toBe(201);
  });

  it('an acceptance lapses when a session moves; moving it away clears the clash', async () => {
    const clash = (await programmer.request('GET', '/clashes')).json<DraftClash[]>().find((c) => c.kind === 'sala' && c.acceptance)!;
    const [moved, other] = clash.sessionIds;
    const sessions = (await grid(1)).sessions;
    const start = sessions.find((s) => s.id === other)!.starts_at;
    // Five minutes later: still on top of the other screening, but no longer the clash accepted.
    await move(moved!, { starts_at: start.replace(/:(\d\d)$/, (_, m: string) => `:${String(Number(m) + 5).padStart(2, '0')}`) });
    const open = blocks((await programmer.request('GET', '/clashes')).json<DraftClash[]>());
    expect(open).toHaveLength(1);
    expect(open[0]!.acceptance).toBeNull();
    expect((await programmer.request('POST', '/releases')).statusCode).toBe(409);

    await move(moved!, { starts_at: `${start.slice(0, 10)}T10:00`, venue_id: 4 });
    expect(blocks((await programmer.request('GET', '/clashes')).json<DraftClash[]>())).toEqual([]);
    expect((await programmer.request('POST', '/releases')).statusCode).toBe(201);
  });

  it("names today's festival day by the server's clock and the newest release (the grid opens on the one; its undo lasts until the other changes)", async () => {
    const before = await grid(1);
    // NOW is 2026-04-05 15:00 in Lisbon, the festival's fourth day.
    expect(before.today).toBe('2026-04-05');
    expect(before.days).toContain(before.today);
    const session = before.sessions[0]!;
    const record = (await programmer.request('GET', `/records/sessions/${session.id}`)).json<RecordView>();
    const saved = await programmer.request('PUT', `/records/sessions/${session.id}`, {
      baseVersion: record.version,
      fields: { ...record.fields, guest: 'Uma convidada' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await programmer.request('POST', '/releases')).statusCode).toBe(201);
    const after = await grid(1);
    expect(after.release).toBe((before.release ?? 0) + 1);
  });

  it("a session's history: each saved version newest first, who and when, each field from → to in words", async () => {
    const porto = await grid(2);
    const session = porto.sessions.find((s) => s.starts_at.startsWith(FESTIVAL_START))!;
    const other = porto.venues.find((v) => v.id !== session.venue_id)!;
    const first = (await programmer.request('GET', `/grid/sessions/${session.id}/history`)).json<SessionHistoryEntry[]>();
    expect(first).toEqual([]);
    await move(session.id, { starts_at: `${FESTIVAL_START}T23:15` });
    await move(session.id, { venue_id: other.id });

    const answer = await programmer.request('GET', `/grid/sessions/${session.id}/history`);
    expect(answer.statusCode, answer.body).toBe(200);
    const [venueMove, timeMove, ...older] = answer.json<SessionHistoryEntry[]>();
    expect(older).toEqual([]);
    const from = porto.venues.find((v) => v.id === session.venue_id)!.name;
    expect(venueMove).toMatchObject({ actorEmail: 'prog@festa.pt', kind: 'mudada', releaseNumber: null });
    expect(venueMove!.changes).toEqual([{ label: 'sala', from, to: other.name }]);
    expect(timeMove!.version).toBe(venueMove!.version - 1);
    expect(timeMove!.changes).toEqual([{ label: 'data e hora', from: `quinta 2, ${session.starts_at.slice(11)}`, to: 'quinta 2, 23:15' }]);
    expect(Date.parse(venueMove!.at)).toBe(NOW.getTime());

    expect((await programmer.request('GET', '/grid/sessions/999999/history')).statusCode).toBe(404);
    const editor = await loggedInStaff(server, 'edit-hist@festa.pt', 'edicao');
    expect((await editor.request('GET', `/grid/sessions/${session.id}/history`)).statusCode).toBe(403);
  });

  it('the grid and accepting are Programação and Administração only; the roles that publish read the clashes', async () => {
    const editor = await loggedInStaff(server, 'edit@festa.pt', 'edicao');
    const reader = await loggedInStaff(server, 'read@festa.pt', 'leitura');
    expect((await editor.request('GET', '/grid?city=1')).statusCode).toBe(403);
    expect((await editor.request('POST', '/clashes/accept', { key: 'x', reason: 'Um motivo bastante longo.' })).statusCode).toBe(403);
    expect((await editor.request('GET', '/clashes')).statusCode).toBe(200);
    expect((await reader.request('GET', '/clashes')).statusCode).toBe(403);
    const denied = await listAudit(server.db, { actorEmail: 'edit@festa.pt', outcome: 'denied' });
    expect(denied.map((e) => e.action)).toContain('GET /gestao/api/grid');
  });
});
