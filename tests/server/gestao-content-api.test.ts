/**
 * The back office's content API over HTTP (/gestao/api/records, /releases): logged-in staff only,
 * the CSRF token on every write, a refused field answered 403 and audited, a stale write 409 with
 * the stored record, the history of a record, and a publication that the public API serves at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fieldText, type RecordVersion, type RecordView } from '../../src/common/gestao/record-schemas';
import { listAudit } from '../../server/db/repositories/audit/audit-log-repository';
import { GestaoBrowser, loggedInStaff } from './gestao-browser';
import { getJson, startTestServer, type TestServer } from './helper';

let server: TestServer;

const staff = (email: string, role: string) => loggedInStaff(server, email, role);

describe('/gestao/api content', () => {
  let programmer: GestaoBrowser;
  let editor: GestaoBrowser;
  beforeAll(async () => {
    server = await startTestServer();
    programmer = await staff('prog@festa.pt', 'programacao');
    editor = await staff('edit@festa.pt', 'edicao');
  }, 60_000);
  afterAll(() => server?.close());

  it('answers only logged-in staff, and refuses a write without the CSRF token', async () => {
    const anonymous = new GestaoBrowser(server.app);
    expect((await anonymous.request('GET', '/records/movies')).statusCode).toBe(401);
    const session = (await programmer.request('GET', '/records/sessions')).json<RecordView[]>()[0]!;
    const unsigned = await programmer.request('PUT', `/records/sessions/${session.id}`, { baseVersion: 0, fields: session.fields }, false);
    expect(unsigned.statusCode).toBe(403);
    expect((await programmer.request('GET', '/records/filmes')).statusCode).toBe(404);
  });

  it('a field the role may not change: 403 in pt-PT, nothing saved, the attempt in the audit log', async () => {
    const session = (await editor.request('GET', '/records/sessions')).json<RecordView[]>()[0]!;
    const moved = { ...session.fields, starts_at: fieldText(session.fields.starts_at).replace(/T\d\d:/, 'T23:') };
    const refused = await editor.request('PUT', `/records/sessions/${session.id}`, { baseVersion: session.version, fields: moved });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: 'O seu perfil não pode alterar: data e hora.', fields: ['starts_at'] });
    expect((await editor.request('GET', `/records/sessions/${session.id}`)).json<RecordView>().state).toBe('publicado');
    const denied = await listAudit(server.db, { actorEmail: 'edit@festa.pt', outcome: 'denied' });
    expect(denied.map((entry) => [entry.action, entry.subject])).toContainEqual(['record.save', `sessions/${session.id}`]);
  });

  it('a stale write is 409 with the stored record; the history lists both saves; publishing serves the change at once', async () => {
    const session = (await programmer.request('GET', '/records/sessions')).json<RecordView[]>()[0]!;
    const first = await programmer.request('PUT', `/records/sessions/${session.id}`, {
      baseVersion: session.version,
      // A free slot of its venue that day: a session on top of another would stop publishing.
      fields: { ...session.fields, starts_at: fieldText(session.fields.starts_at).replace(/T\d\d:\d\d/, 'T20:45') },
    });
    expect(first.statusCode).toBe(200);
    const stale = await programmer.request('PUT', `/records/sessions/${session.id}`, {
      baseVersion: session.version,
      fields: { ...session.fields, starts_at: fieldText(session.fields.starts_at).replace(/T\d\d:\d\d/, 'T22:45') },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json<{ stored: RecordView }>().stored.fields.starts_at).toMatch(/T20:45$/);
    const history = (await programmer.request('GET', `/records/sessions/${session.id}/history`)).json<RecordVersion[]>();
    expect(history.map((v) => [v.version, v.actorEmail, v.changedFields])).toEqual([[session.version + 1, 'prog@festa.pt', ['starts_at']]]);

    const draft = (await programmer.request('GET', '/draft')).json<{ changelog: string[] }>();
    expect(draft.changelog).toHaveLength(1);
    expect(draft.changelog[0]).toMatch(/^Sessão de \*.+\* mudou: \S+ \d+, \d\d:\d\d → 20:45, .+$/);
    const published = await programmer.request('POST', '/releases');
    expect(published.statusCode).toBe(201);
    const movie = await getJson<{ sessions: { id: string; hhmm: string }[] }>(
      server.app,
      `/api/movie/${fieldText(session.fields.movie_id)}`,
    );
    expect(movie.body.sessions.find((s) => s.id === session.id)?.hhmm).toBe('20:45');
    expect((await listAudit(server.db, { action: 'release.publish' })).map((e) => e.actorEmail)).toEqual(['prog@festa.pt']);
  });

  it('only administrators roll back, and the refusal is audited', async () => {
    const releases = (await editor.request('GET', '/releases')).json<{ number: number }[]>();
    const refused = await editor.request('POST', `/releases/${releases[releases.length - 1]!.number}/restore`);
    expect(refused.statusCode).toBe(403);
    expect((await listAudit(server.db, { action: 'release.restore', outcome: 'denied' })).length).toBe(1);
  });

  it("takes a long text, beyond what a visitor's form may send", async () => {
    const movie = (await programmer.request('GET', '/records/movies')).json<RecordView[]>()[0]!;
    const long = `<p>${'Uma sinopse longa e cuidada. '.repeat(640)}</p>`;
    expect(long.length).toBeGreaterThan(16 * 1024);
    const saved = await programmer.request('PUT', `/records/movies/${movie.id}`, {
      baseVersion: movie.version,
      fields: { ...movie.fields, description_html: long },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<RecordView>().fields.description_html).toBe(long);
  });

  it('a scheduled publication is cancelled only by a role that publishes; a Leitura account is refused and audited', async () => {
    const reader = await staff('read@festa.pt', 'leitura');
    const scheduled = await programmer.request('POST', '/releases/scheduled', { runAt: '2026-04-20T10:00' });
    expect(scheduled.statusCode).toBe(201);
    const { id } = scheduled.json<{ id: string }>();
    expect((await reader.request('DELETE', `/releases/scheduled/${id}`)).statusCode).toBe(403);
    const denied = await listAudit(server.db, { actorEmail: 'read@festa.pt', outcome: 'denied' });
    expect(denied.map((entry) => entry.action)).toContain('DELETE /gestao/api/releases/scheduled/:id');
    expect((await editor.request('DELETE', `/releases/scheduled/${id}`)).statusCode).toBe(204);
  });
});

describe('/gestao/api forms inbox', () => {
  let inbox: GestaoBrowser;
  let editor: GestaoBrowser;
  const post = (url: string, payload: object) => server.app.inject({ method: 'POST', url: `/admin/api/${url}`, payload });
  beforeAll(async () => {
    server = await startTestServer();
    inbox = await staff('forms@festa.pt', 'formularios');
    editor = await staff('edit@festa.pt', 'edicao');
    expect((await post('newsletter', { email: 'marta@exemplo.pt', city: 'Lisboa' })).statusCode).toBe(201);
    expect((await post('newsletter', { email: 'joao@exemplo.pt', city: 'Porto' })).statusCode).toBe(201);
    const accreditation = { name: 'Marta Sousa', company: 'Jornal', email: 'Marta@Exemplo.pt', telf: '+351 912 345 678' };
    expect((await post('accreditation', accreditation)).statusCode).toBe(201);
  }, 60_000);
  afterAll(() => server?.close());

  it('lists the submissions with their status, and marks one "tratado" (audited); other roles are refused', async () => {
    const listed = (await inbox.request('GET', '/forms/newsletter')).json<{ entries: { id: string; email: string; status: string }[] }>();
    // Both sent at the test's one instant: newest first says nothing about their order here.
    expect(listed.entries.map((e) => [e.email, e.status]).sort()).toEqual([
      ['joao@exemplo.pt', 'novo'],
      ['marta@exemplo.pt', 'novo'],
    ]);
    const joao = listed.entries.find((e) => e.email === 'joao@exemplo.pt')!;
    const marked = await inbox.request('PATCH', `/forms/newsletter/${joao.id}`, { status: 'tratado' });
    expect(marked.json()).toEqual({ status: 'tratado' });
    const after = (await inbox.request('GET', '/forms/newsletter')).json<{ entries: { email: string; status: string }[] }>().entries;
    expect(after.map((e) => [e.email, e.status]).sort()).toEqual([
      ['joao@exemplo.pt', 'tratado'],
      ['marta@exemplo.pt', 'novo'],
    ]);
    expect((await inbox.request('PATCH', `/forms/newsletter/${joao.id}`, { status: 'perdido' })).statusCode).toBe(400);
    expect((await inbox.request('GET', '/forms/outra')).statusCode).toBe(404);
    expect((await editor.request('GET', '/forms/newsletter')).statusCode).toBe(403);
    expect((await listAudit(server.db, { action: 'form.status' })).map((e) => e.actorEmail)).toEqual(['forms@festa.pt']);
  });

  it('exports the CSV with the status, and deletes a person’s data in every form (the audit log keeps only a hash)', async () => {
    const csv = await inbox.request('GET', '/forms/newsletter/export.csv');
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.body.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe('id,created_at,email,city,status');
    const deleted = await inbox.request('POST', '/forms/delete-person', { email: ' marta@exemplo.pt ' });
    expect(deleted.json()).toEqual({ deleted: { newsletter: 1, accreditation: 1, ticket: 0 } });
    const left = (await inbox.request('GET', '/forms/newsletter')).json<{ entries: { email: string }[] }>();
    expect(left.entries.map((e) => e.email)).toEqual(['joao@exemplo.pt']);
    expect((await inbox.request('GET', '/forms/accreditation')).json<{ entries: unknown[] }>().entries).toEqual([]);
    const logged = await listAudit(server.db, { action: 'form.delete-person' });
    expect(logged).toHaveLength(1);
    expect(JSON.stringify(logged[0])).not.toContain('marta');
  });
});
