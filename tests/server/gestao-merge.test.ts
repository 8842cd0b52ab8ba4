/**
 * Editors never undo each other. A save names the version its form read; what others saved since
 * is merged field by field (server/gestao/editing/record-merge.ts): a field only one side changed
 * keeps that side's value, and only a field both changed is a 409 naming it, with the value read,
 * the one stored (who, when) and the one sent. The base comes from the history, so a client cannot
 * make it up. And who has a record's form open holds a lease that others read as "who, since when".
 * On SQLite by default, on PostgreSQL with TEST_DATABASE=postgres.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConflictAnswer, LeaseAnswer, LostChangeView, SavedRecord } from '../../src/common/gestao/api/answers';
import { fieldText, type RecordVersion, type RecordView } from '../../src/common/gestao/record-schemas';
import { GestaoBrowser, loggedInStaff, startBackOffice, TestClock, type BackOffice } from './gestao-browser';
import { NOW, startTestServer, type TestServer } from './helper';

describe('two editors saving one film', () => {
  let server: TestServer;
  let eva: GestaoBrowser;
  let rui: GestaoBrowser;
  let films: RecordView[];

  beforeAll(async () => {
    server = await startTestServer();
    eva = await loggedInStaff(server, 'eva.costa@festa.pt', 'edicao');
    rui = await loggedInStaff(server, 'rui.alves@festa.pt', 'programacao');
    films = (await rui.request('GET', '/records/movies')).json<RecordView[]>().filter((f) => f.version === 0);
  }, 60_000);
  afterAll(() => server?.close());

  const read = async (id: string) => (await rui.request('GET', `/records/movies/${id}`)).json<RecordView>();
  /** A save as the form sends it: the fields typed over those read, the version read and, for version 0, the fields read. */
  const save = (who: GestaoBrowser, opened: RecordView, changes: object) =>
    who.request('PUT', `/records/movies/${opened.id}`, {
      baseVersion: opened.version,
      fields: { ...opened.fields, ...changes },
      baseFields: opened.fields,
    });

  it('keeps both when they changed different fields: no conflict, and the answer says whose change was joined', async () => {
    const film = films[0]!;
    const first = await save(eva, film, { logline: 'A sinopse da Eva.' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<SavedRecord>().merged).toEqual([]);

    // Rui's form was opened before Eva saved: it still holds the old synopsis, which he never touched.
    const second = await save(rui, film, { duration_min: 97 });
    expect(second.statusCode, second.body).toBe(200);
    const saved = second.json<SavedRecord>();
    expect(saved.merged).toEqual([{ by: 'eva.costa@festa.pt', fields: ['logline'] }]);
    expect(saved.fields).toMatchObject({ logline: 'A sinopse da Eva.', duration_min: 97 });
    expect((await read(film.id)).fields).toMatchObject({ logline: 'A sinopse da Eva.', duration_min: 97 });
    const history = (await rui.request('GET', `/records/movies/${film.id}/history`)).json<RecordVersion[]>();
    expect(history.map((v) => [v.actorEmail, v.changedFields])).toEqual([
      ['rui.alves@festa.pt', ['duration_min']],
      ['eva.costa@festa.pt', ['logline']],
    ]);
  });

  it('refuses, saving nothing, when both changed the same field: each such field with the value read, theirs (who, when) and mine', async () => {
    const film = films[1]!;
    expect((await save(eva, film, { logline: 'A versão da Eva.', keywords: 'eva' })).statusCode).toBe(200);
    const refused = await save(rui, film, { logline: 'A versão do Rui.', duration_min: 88 });
    expect(refused.statusCode).toBe(409);
    const conflict = refused.json<ConflictAnswer>();
    expect(conflict.message).toBe('Outra pessoa guardou este registo depois de o abrir. Compare as versões antes de guardar.');
    expect(conflict.conflicts).toEqual([
      {
        field: 'logline',
        base: film.fields.logline,
        theirs: 'A versão da Eva.',
        mine: 'A versão do Rui.',
        by: 'eva.costa@festa.pt',
        at: NOW.toISOString(),
      },
    ]);
    expect(conflict.rolledBack).toBeUndefined();
    expect(conflict.stored.fields).toMatchObject({ logline: 'A versão da Eva.', keywords: 'eva' });
    expect(fieldText((await read(film.id)).fields.duration_min)).toBe(fieldText(film.fields.duration_min));

    // What the save would leave: his duration and her keywords, the synopsis hers until he chooses.
    expect(conflict.joined).toMatchObject({ logline: 'A versão da Eva.', keywords: 'eva', duration_min: 88 });
    // Rui chooses his synopsis: saved over the stored version, Eva's keywords stay.
    const resolved = await rui.request('PUT', `/records/movies/${film.id}`, {
      baseVersion: conflict.stored.version,
      fields: { ...conflict.joined, logline: 'A versão do Rui.' },
    });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect((await read(film.id)).fields).toMatchObject({ logline: 'A versão do Rui.', keywords: 'eva', duration_min: 88 });
  });

  it('tells the person whose value a settled conflict replaced, on their next visit, and puts it back or lets it go at their word alone', async () => {
    const film = films[4]!;
    expect((await save(eva, film, { logline: 'O texto da Eva.' })).statusCode).toBe(200);
    const conflict = (await save(rui, film, { logline: 'O texto do Rui.' })).json<ConflictAnswer>();
    expect(conflict.conflicts.map((c) => c.field)).toEqual(['logline']);
    // Rui keeps his own over Eva's: the form says which fields it kept over someone else's.
    const resolved = await rui.request('PUT', `/records/movies/${film.id}`, {
      baseVersion: conflict.stored.version,
      fields: { ...conflict.joined, logline: 'O texto do Rui.' },
      overridden: ['logline'],
    });
    expect(resolved.statusCode, resolved.body).toBe(200);

    expect((await rui.request('GET', '/lost-changes')).json<LostChangeView[]>()).toEqual([]);
    const lost = (await eva.request('GET', '/lost-changes')).json<LostChangeView[]>();
    expect(lost).toHaveLength(1);
    expect(lost[0]).toMatchObject({
      field: 'logline',
      value: 'O texto da Eva.',
      replacedBy: 'rui.alves@festa.pt',
      record: { id: film.id },
    });
    expect(lost[0]!.record.fields.logline).toBe('O texto do Rui.');
    const id = lost[0]!.id;

    // Only hers to settle: Rui can neither put it back nor dismiss it.
    expect((await rui.request('POST', `/lost-changes/${id}/restore`)).statusCode).toBe(404);
    expect((await rui.request('DELETE', `/lost-changes/${id}`)).statusCode).toBe(404);
    const restored = await eva.request('POST', `/lost-changes/${id}/restore`);
    expect(restored.statusCode, restored.body).toBe(200);
    expect((await read(film.id)).fields.logline).toBe('O texto da Eva.');
    const history = (await rui.request('GET', `/records/movies/${film.id}/history`)).json<RecordVersion[]>();
    expect(history[0]).toMatchObject({ actorEmail: 'eva.costa@festa.pt', changedFields: ['logline'] });
    // Put back over Rui's value, which he is now told of in turn: nothing changes hands unseen.
    expect((await rui.request('GET', '/lost-changes')).json<LostChangeView[]>()).toMatchObject([
      { field: 'logline', value: 'O texto do Rui.', replacedBy: 'eva.costa@festa.pt' },
    ]);
    // Settled once: gone from her list, and a second click (another tab) is told so.
    expect((await eva.request('GET', '/lost-changes')).json<LostChangeView[]>()).toEqual([]);
    const again = await eva.request('POST', `/lost-changes/${id}/restore`);
    expect(again.statusCode).toBe(404);
    expect(again.json<{ message: string }>().message).toBe('Este aviso já foi tratado (noutra janela, talvez).');

    // A choice of the colleague's own value that changes nothing, or a save with no conflict settled, tells no one.
    const quiet = await read(film.id);
    expect(
      (
        await rui.request('PUT', `/records/movies/${film.id}`, {
          baseVersion: quiet.version,
          fields: quiet.fields,
          overridden: ['logline'],
        })
      ).statusCode,
    ).toBe(200);
    expect((await eva.request('GET', '/lost-changes')).json<LostChangeView[]>()).toEqual([]);

    // `overridden` is a list of field names, by the body's one schema; anything else is refused and nothing is stored.
    const now = await read(film.id);
    // Read as sent, never cast: a number is not a field's name.
    for (const overridden of ['logline', [1]]) {
      const odd = await rui.request('PUT', `/records/movies/${film.id}`, {
        baseVersion: now.version,
        fields: { ...now.fields, logline: 'Não fica.' },
        overridden,
      });
      expect(odd.statusCode).toBe(400);
      expect(odd.json<{ message: string }>().message).toMatch(/overridden/);
    }
    expect(await read(film.id)).toMatchObject({ version: now.version, fields: { logline: now.fields.logline } });
  });

  it('lets a person dismiss a lost value, which then stays as the colleague saved it', async () => {
    const film = films[5]!;
    expect((await save(eva, film, { keywords: 'da eva' })).statusCode).toBe(200);
    const conflict = (await save(rui, film, { keywords: 'do rui' })).json<ConflictAnswer>();
    expect(
      (
        await rui.request('PUT', `/records/movies/${film.id}`, {
          baseVersion: conflict.stored.version,
          fields: { ...conflict.joined, keywords: 'do rui' },
          overridden: ['keywords'],
        })
      ).statusCode,
    ).toBe(200);
    const [lost] = (await eva.request('GET', '/lost-changes')).json<LostChangeView[]>();
    expect(lost).toMatchObject({ field: 'keywords', value: 'da eva' });
    expect((await eva.request('DELETE', `/lost-changes/${lost!.id}`)).statusCode).toBe(204);
    expect((await eva.request('GET', '/lost-changes')).json<LostChangeView[]>()).toEqual([]);
    expect((await read(film.id)).fields.keywords).toBe('do rui');
  });

  it('reads the base from the history: a base the client makes up does not undo a change it never saw', async () => {
    const film = films[2]!;
    expect((await save(eva, film, { keywords: 'primeira' })).statusCode).toBe(200);
    const opened = await read(film.id);
    expect((await save(eva, opened, { logline: 'Mudada pela Eva.' })).statusCode).toBe(200);
    // Rui's form holds the old synopsis and claims it read Eva's: the history says otherwise.
    const lying = await rui.request('PUT', `/records/movies/${film.id}`, {
      baseVersion: opened.version,
      fields: { ...opened.fields, duration_min: 101 },
      baseFields: { ...opened.fields, logline: 'Mudada pela Eva.' },
    });
    expect(lying.statusCode, lying.body).toBe(200);
    expect((await read(film.id)).fields).toMatchObject({ logline: 'Mudada pela Eva.', keywords: 'primeira', duration_min: 101 });
  });

  it('without the fields read, a form of version 0 cannot tell what the first save changed: those fields conflict', async () => {
    const film = films[3]!;
    expect((await save(eva, film, { logline: 'Sem base.' })).statusCode).toBe(200);
    const blind = await rui.request('PUT', `/records/movies/${film.id}`, {
      baseVersion: 0,
      fields: { ...film.fields, duration_min: 77 },
    });
    expect(blind.statusCode).toBe(409);
    expect(blind.json<ConflictAnswer>().conflicts.map((c) => [c.field, 'base' in c])).toEqual([['logline', false]]);
  });
});

describe("a record's editing lease", () => {
  const time = new TestClock();
  const EVA = { email: 'eva.costa@festa.test', password: 'lanterna magica de trastevere' };
  const RUI = { email: 'rui.alves@festa.test', password: EVA.password };
  const LEO = { email: 'leo@festa.test', password: EVA.password };
  let office: BackOffice;
  let eva: GestaoBrowser;
  let rui: GestaoBrowser;
  let leo: GestaoBrowser;
  let city: string;

  beforeAll(async () => {
    office = await startBackOffice(time.now, [
      [EVA, 'programacao'],
      [RUI, 'programacao'],
      [LEO, 'leitura'],
    ]);
    [eva, rui, leo] = [new GestaoBrowser(office.app), new GestaoBrowser(office.app), new GestaoBrowser(office.app)];
    for (const [browser, who] of [
      [eva, EVA],
      [rui, RUI],
      [leo, LEO],
    ] as const)
      expect((await browser.login(who.email, who.password)).statusCode).toBe(200);
    const made = await eva.request('POST', '/records/cities', { fields: { name: 'Braga', position: 5 } });
    expect(made.statusCode, made.body).toBe(201);
    city = made.json<RecordView>().id;
  }, 60_000);
  afterAll(() => office?.close());

  const hold = async (who: GestaoBrowser) => {
    const answer = await who.request('PUT', `/records/cities/${city}/lease`);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<LeaseAnswer>().others;
  };

  it('tells the next person who has the form open and since when, renewed by heartbeat, lapsed after two minutes without one', async () => {
    const opened = time.now().toISOString();
    expect(await hold(eva)).toEqual([]);
    time.advance(1);
    expect(await hold(rui)).toEqual([{ email: EVA.email, since: opened }]);
    // Eva's heartbeat keeps her "since"; each sees the other.
    expect(await hold(eva)).toEqual([{ email: RUI.email, since: time.now().toISOString() }]);
    time.advance(1.5);
    expect(await hold(rui)).toEqual([{ email: EVA.email, since: opened }]);
    // Two minutes without a heartbeat: Eva's tab was closed.
    time.advance(1);
    expect(await hold(rui)).toEqual([]);
    // Back, she opened it anew.
    const again = time.now().toISOString();
    expect(await hold(eva)).toHaveLength(1);
    expect(await hold(rui)).toEqual([{ email: EVA.email, since: again }]);
  });

  it('is given back when the form closes; a reader holds none; an unknown record has none', async () => {
    await hold(eva);
    expect((await eva.request('DELETE', `/records/cities/${city}/lease`)).statusCode).toBe(204);
    expect(await hold(rui)).toEqual([]);
    const reader = await leo.request('PUT', `/records/cities/${city}/lease`);
    expect(reader.statusCode).toBe(403);
    expect(reader.json()).toEqual({ message: 'O seu perfil não pode alterar este tipo de registo.' });
    expect((await eva.request('PUT', '/records/cities/99999/lease')).statusCode).toBe(404);
    expect((await eva.request('PUT', `/records/nada/${city}/lease`)).statusCode).toBe(404);
  });

  it('is given back at logout, with every other form of that person: the page need not release it after', async () => {
    await hold(eva);
    expect((await hold(rui)).map((other) => other.email)).toEqual([EVA.email]);
    expect((await eva.request('DELETE', '/session')).statusCode).toBe(204);
    expect(await hold(rui)).toEqual([]);
  });
});
