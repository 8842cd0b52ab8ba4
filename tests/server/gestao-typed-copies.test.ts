/**
 * /gestao/api/typed: what a person typed and has not saved, kept on the server per person and per
 * record: read back, replaced by a newer copy, never seen by another person, refused when it is
 * not a copy of that form, and only for the roles that edit content.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordView } from '../../src/common/gestao/record-schemas';
import type { TypedCopy } from '../../src/common/gestao/typed-copy';
import { GestaoBrowser, loggedInStaff } from './gestao-browser';
import { NOW, startTestServer, type TestServer } from './helper';

let server: TestServer;

const staff = (email: string, role: string) => loggedInStaff(server, email, role);

const copyOf = async (browser: GestaoBrowser, path: string) => (await browser.request('GET', path)).json<{ copy: TypedCopy | null }>().copy;

describe('/gestao/api/typed', () => {
  let programmer: GestaoBrowser;
  let editor: GestaoBrowser;
  let inbox: GestaoBrowser;
  beforeAll(async () => {
    server = await startTestServer();
    programmer = await staff('prog@festa.pt', 'programacao');
    editor = await staff('edit@festa.pt', 'edicao');
    inbox = await staff('forms@festa.pt', 'formularios');
  }, 60_000);
  afterAll(() => server?.close());

  it("keeps a person's typing per record, the newer copy replacing the older, and forgets it on request", async () => {
    const movie = (await programmer.request('GET', '/records/movies')).json<RecordView[]>()[0]!;
    const path = `/typed/movies/${movie.id}`;
    expect(await copyOf(programmer, path)).toBeNull();

    const first = await programmer.request('PUT', path, { baseVersion: movie.version, fields: { logline: 'Primeira ideia', year: 2024 } });
    expect(first.statusCode).toBe(200);
    await programmer.request('PUT', path, { baseVersion: movie.version, fields: { logline: 'Segunda ideia', title: null, nada: 'x' } });
    const kept = await copyOf(programmer, path);
    // A field the form does not have is not kept; what the form has is kept as typed.
    expect(kept).toEqual({ fields: { logline: 'Segunda ideia', title: null }, baseVersion: movie.version, savedAt: NOW.toISOString() });

    // Another person's copy of the same record is their own.
    expect(await copyOf(editor, path)).toBeNull();
    await editor.request('PUT', path, { baseVersion: movie.version, fields: { logline: 'Da edição' } });
    expect((await copyOf(programmer, path))?.fields.logline).toBe('Segunda ideia');

    expect((await programmer.request('DELETE', path)).statusCode).toBe(204);
    expect(await copyOf(programmer, path)).toBeNull();
    expect((await copyOf(editor, path))?.fields.logline).toBe('Da edição');
  });

  it('a new record has its copy too, under "novo"', async () => {
    await programmer.request('PUT', '/typed/sessions/novo', { baseVersion: 0, fields: { starts_at: '2026-04-10T21:30' } });
    expect((await copyOf(programmer, '/typed/sessions/novo'))?.fields).toEqual({ starts_at: '2026-04-10T21:30' });
  });

  it('refuses what is not a copy of a form, in pt-PT, keeping the copy there was', async () => {
    const path = '/typed/news/novo';
    await editor.request('PUT', path, { baseVersion: 0, fields: { title: 'Notícia por acabar' } });
    const noFields = await editor.request('PUT', path, { baseVersion: 0 });
    expect(noFields.statusCode).toBe(400);
    expect(noFields.json<{ message: string }>().message).toBe('Envie os campos escritos.');
    const nested = await editor.request('PUT', path, { baseVersion: 0, fields: { title: { a: 1 } } });
    expect(nested.statusCode).toBe(400);
    expect(nested.json<{ message: string }>().message).toBe('O campo title tem um valor inválido.');
    const huge = await editor.request('PUT', path, { baseVersion: 0, fields: { description_html: 'x'.repeat(200_001) } });
    expect(huge.statusCode).toBe(413);
    expect(huge.json<{ message: string }>().message).toBe('O texto escrito é grande demais para ser guardado automaticamente.');
    const beyond = await editor.request('PUT', path, { baseVersion: 0, fields: { description_html: 'x'.repeat(300_000) } });
    expect(beyond.statusCode).toBe(413);
    expect(beyond.json<{ message: string }>().message).toBe('O pedido é demasiado grande (máximo 256 KiB).');
    expect((await editor.request('PUT', '/typed/filmes/1', { baseVersion: 0, fields: {} })).statusCode).toBe(404);
    expect((await copyOf(editor, path))?.fields).toEqual({ title: 'Notícia por acabar' });
  });

  it('only for logged-in staff who edit content, and never without the CSRF token', async () => {
    const anonymous = new GestaoBrowser(server.app);
    expect((await anonymous.request('GET', '/typed/movies/novo')).statusCode).toBe(401);
    expect((await inbox.request('GET', '/typed/movies/novo')).statusCode).toBe(403);
    const unsigned = await editor.request('PUT', '/typed/news/novo', { baseVersion: 0, fields: { title: 'Sem token' } }, false);
    expect(unsigned.statusCode).toBe(403);
    expect((await copyOf(editor, '/typed/news/novo'))?.fields.title).not.toBe('Sem token');
  });
});
