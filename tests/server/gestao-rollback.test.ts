/**
 * A rollback moves versions: "Repor a publicação N" gives every record it changes a new version, so
 * a form opened before it answers 409 with the conflict data (never 200 with the undone values put
 * back into the draft); a draft pending on such a record keeps only its own change; the next
 * publication does not bring the undone title back. The confirmation's data says what the rollback
 * undoes and which draft stays. On SQLite by default, on PostgreSQL with TEST_DATABASE=postgres.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConflictAnswer } from '../../src/common/gestao/api/answers';
import { fieldText, type RecordView } from '../../src/common/gestao/record-schemas';
import { loggedInStaff, type GestaoBrowser } from './gestao-browser';
import { getJson, startTestServer, type TestServer } from './helper';

let server: TestServer;
let editor: GestaoBrowser;
let admin: GestaoBrowser;

beforeAll(async () => {
  server = await startTestServer();
  editor = await loggedInStaff(server, 'edit@festa.pt', 'edicao');
  // Just logged in (the second factor set up), so the rollback asks no password again.
  admin = await loggedInStaff(server, 'admin@festa.pt', 'administracao');
}, 60_000);
afterAll(() => server?.close());

const read = async (id: string) => (await editor.request('GET', `/records/news/${id}`)).json<RecordView>();
const save = (record: RecordView, fields: object) =>
  editor.request('PUT', `/records/news/${record.id}`, { baseVersion: record.version, fields: { ...record.fields, ...fields } });

describe('Repor a publicação N', () => {
  it('a form opened before the rollback gets 409 with the restored record; the draft keeps the rolled-back state; the next publication does not republish the undone title', async () => {
    const [first, second, third] = (await editor.request('GET', '/records/news')).json<RecordView[]>();
    const firstTitle = fieldText(first!.fields.title);
    const secondTitle = fieldText(second!.fields.title);
    const releasesBefore = (await editor.request('GET', '/releases')).json<{ number: number }[]>();
    const target = releasesBefore[0]!.number;

    // Release target+1: two news items retitled.
    expect((await save(first!, { title: 'Título a desfazer' })).statusCode).toBe(200);
    expect((await save(second!, { title: 'Outro título a desfazer' })).statusCode).toBe(200);
    expect((await editor.request('POST', '/releases')).statusCode).toBe(201);

    // A form opened now, at the version that release made.
    const openForm = await read(first!.id);
    expect(openForm.fields.title).toBe('Título a desfazer');
    // Pending when the rollback comes: a change of the second item's summary, and of a third item untouched by it.
    expect((await save(await read(second!.id), { summary: 'Resumo por publicar.' })).statusCode).toBe(200);
    expect((await save(third!, { summary: 'Outro resumo por publicar.' })).statusCode).toBe(200);

    // The confirmation: what the rollback undoes, and which draft stays.
    const preview = await admin.request('GET', `/releases/${target}/restore`);
    expect(preview.statusCode).toBe(200);
    const { undoes, draftStays } = preview.json<{ undoes: string[]; draftStays: string[] }>();
    expect(undoes).toEqual(
      expect.arrayContaining([`Notícia alterada: *${firstTitle}* (título)`, `Notícia alterada: *${secondTitle}* (título)`]),
    );
    expect(draftStays).toEqual(
      expect.arrayContaining([
        `Notícia alterada: *Outro título a desfazer* (resumo)`,
        `Notícia alterada: *${fieldText(third!.fields.title)}* (resumo)`,
      ]),
    );
    expect((await editor.request('GET', `/releases/${target}/restore`)).statusCode).toBe(403);
    expect((await admin.request('GET', '/releases/999/restore')).statusCode).toBe(404);

    const restored = await admin.request('POST', `/releases/${target}/restore`);
    expect(restored.statusCode).toBe(201);

    // The form opened before it: 409, the conflict data the form shows, nothing saved.
    const stale = await save(openForm, { summary: 'Escrito num formulário antigo.' });
    expect(stale.statusCode).toBe(409);
    const conflict = stale.json<ConflictAnswer>();
    // The summary alone was typed: the title is named because the rollback changed it, by whom.
    expect(conflict.conflicts.map((c) => [c.field, c.mine, c.theirs, c.by])).toEqual([
      ['title', 'Título a desfazer', firstTitle, 'admin@festa.pt'],
    ]);
    expect(conflict.stored).toMatchObject({ id: first!.id, version: openForm.version + 1, state: 'publicado' });
    expect(conflict.stored.fields.title).toBe(firstTitle);
    expect(conflict.rolledBack).toBe(true);
    expect(conflict.message).toMatch(/repôs uma publicação anterior \(Reposição da publicação \d+\)/);
    // The draft keeps the rolled-back state.
    const now = await read(first!.id);
    expect(now).toMatchObject({ state: 'publicado', version: openForm.version + 1 });
    expect(now.fields.title).toBe(firstTitle);
    expect(now.fields.summary).toBe(first!.fields.summary);
    const history = (await editor.request('GET', `/records/news/${first!.id}/history`)).json<
      { actorEmail: string; changedFields: string[] }[]
    >();
    expect(history[0]).toMatchObject({ actorEmail: 'admin@festa.pt', changedFields: ['title'] });

    // The pending draft of a record the rollback changed stays, with only its own change over the restored record.
    const pending = await read(second!.id);
    expect(pending.state).toBe('alterado');
    expect(pending.fields).toMatchObject({ title: secondTitle, summary: 'Resumo por publicar.' });
    // The draft untouched by the rollback is as it was.
    expect((await read(third!.id)).fields.summary).toBe('Outro resumo por publicar.');

    // Publishing afterwards publishes the pending changes, not the undone titles.
    const changelog = (await editor.request('GET', '/draft')).json<{ changelog: string[] }>().changelog;
    expect(changelog.join('\n')).not.toContain('a desfazer');
    expect((await editor.request('POST', '/releases')).statusCode).toBe(201);
    for (const [id, title, summary] of [
      [first!.id, firstTitle, first!.fields.summary],
      [second!.id, secondTitle, 'Resumo por publicar.'],
      [third!.id, third!.fields.title, 'Outro resumo por publicar.'],
    ] as const) {
      const shown = await getJson<{ title: string; summary: string }>(server.app, `/api/news/${id}`);
      expect(shown.status).toBe(200);
      expect(shown.body).toMatchObject({ title, summary });
    }
  });
});
