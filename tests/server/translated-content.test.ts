/**
 * The festival's texts in three languages (docs/decisions/2026-12-07-translated-content.md): a
 * localised field saved in pt-PT, English and Italian comes back in each, to the staff and to
 * visitors (with the pt-PT, marked untranslated, where a language has none); a pt-PT change marks
 * its translations "a rever" without touching them; two editors on two languages of one film both
 * keep theirs; the changelog and a rollback name the language. On SQLite by default, on PostgreSQL
 * with TEST_DATABASE=postgres.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReleaseSummary, SavedRecord, TranslationWork } from '../../src/common/gestao/api/answers';
import { fieldText, type RecordView } from '../../src/common/gestao/record-schemas';
import { sourceFingerprint } from '../../src/common/gestao/translations';
import { loggedInStaff, type GestaoBrowser } from './gestao-browser';
import { startTestServer, type TestServer } from './helper';

interface MovieAnswer {
  title: string;
  logline: string;
  description: string;
  untranslated?: string[];
}

describe('a film translated in the back office', () => {
  let server: TestServer;
  let eva: GestaoBrowser;
  let rui: GestaoBrowser;
  let admin: GestaoBrowser;

  beforeAll(async () => {
    server = await startTestServer();
    eva = await loggedInStaff(server, 'eva.costa@festa.pt', 'edicao');
    rui = await loggedInStaff(server, 'rui.alves@festa.pt', 'edicao');
    admin = await loggedInStaff(server, 'ana.admin@festa.pt', 'administracao');
  }, 60_000);
  afterAll(() => server?.close());

  const read = async (id: string) => (await eva.request('GET', `/records/movies/${id}`)).json<RecordView>();
  const save = (who: GestaoBrowser, opened: RecordView, changes: object) =>
    who.request('PUT', `/records/movies/${opened.id}`, {
      baseVersion: opened.version,
      fields: { ...opened.fields, ...changes },
      baseFields: opened.fields,
    });
  const publish = async () => expect((await admin.request('POST', '/releases')).statusCode).toBe(201);
  const visitorReads = async (id: string, lang?: string) =>
    (await server.app.inject({ method: 'GET', url: `/admin/api/movie/${id}${lang ? `?lang=${lang}` : ''}` })).json<MovieAnswer>();
  const work = async () => (await eva.request('GET', '/translations')).json<TranslationWork>();

  it('is searched in every language from every page, and shown in the page’s: an English word, a Portuguese one from /en/, offline too', async () => {
    type Hits = { movies: { id: string; title: string }[] };
    const search = async (q: string, lang?: string) =>
      (
        await server.app.inject({ method: 'GET', url: `/admin/api/search?q=${encodeURIComponent(q)}${lang ? `&lang=${lang}` : ''}` })
      ).json<Hits>().movies;
    // 112 is "Os Invisíveis", "The Invisibles", "Gli invisibili".
    expect(await search('invisibles', 'en')).toContainEqual(expect.objectContaining({ id: '112', title: 'The Invisibles' }));
    expect(await search('invisiveis', 'en')).toContainEqual(expect.objectContaining({ id: '112', title: 'The Invisibles' }));
    expect(await search('invisibles')).toContainEqual(expect.objectContaining({ id: '112', title: 'Os Invisíveis' }));
    expect(await search('invisibili', 'it')).toContainEqual(expect.objectContaining({ id: '112', title: 'Gli invisibili' }));
    // The saved index the browser searches offline: the English titles, and every language's words.
    const index = (await server.app.inject({ method: 'GET', url: '/admin/api/search_index?lang=en' })).json<{
      movies: { id: string; title: string; text: string }[];
    }>();
    const doc = index.movies.find((m) => m.id === '112')!;
    expect(doc.title).toBe('The Invisibles');
    expect(doc.text).toContain('invisibles');
    expect(doc.text).toContain('invisiveis');
  });

  it('comes back in each language it was saved in; visitors read each, and the pt-PT marked where a language has none', async () => {
    const film = await read('103');
    const logline = fieldText(film.fields.logline);
    const saved = await save(eva, film, {
      logline_en: 'A village in Calabria, a summer of fires.',
      logline_en_source: sourceFingerprint(logline),
      logline_it: '',
      logline_it_source: '',
      description_html_it: '<p>Un paese in Calabria.</p><script>alert(1)</script>',
      description_html_it_source: sourceFingerprint(fieldText(film.fields.description_html)),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<SavedRecord>().fields).toMatchObject({
      logline: logline,
      logline_en: 'A village in Calabria, a summer of fires.',
      logline_it: '',
      description_html_it: '<p>Un paese in Calabria.</p>',
    });
    await publish();

    const pt = await visitorReads('103');
    expect(pt.logline).toBe(logline);
    expect(pt.untranslated).toBeUndefined();
    const en = await visitorReads('103', 'en');
    expect(en.logline).toBe('A village in Calabria, a summer of fires.');
    expect(en.untranslated ?? []).not.toContain('logline');
    const it = await visitorReads('103', 'it');
    // Never an empty block: the pt-PT, said to be pt-PT.
    expect(it.logline).toBe(logline);
    expect(it.untranslated).toContain('logline');
    expect(it.description).toBe('<p>Un paese in Calabria.</p>');
    expect(it.untranslated).not.toContain('description');
    // The fallback was read, not written: the Italian logline is still empty, and listed as such.
    expect((await read('103')).fields.logline_it).toBe('');
    expect((await work()).items).toContainEqual(
      expect.objectContaining({ type: 'movies', id: '103', field: 'logline', locale: 'it', state: 'missing', path: 'filmes/103' }),
    );
  });

  it('marks the translations "a rever" when the pt-PT changes, keeping their text, until one is confirmed', async () => {
    const film = await read('103');
    const before = (await work()).counts;
    expect((await save(eva, film, { logline: 'Uma aldeia da Calábria, um verão de incêndios e silêncios.' })).statusCode).toBe(200);
    const after = await work();
    expect(after.items).toContainEqual(expect.objectContaining({ id: '103', field: 'logline', locale: 'en', state: 'stale' }));
    expect(after.counts.en.stale).toBe(before.en.stale + 1);
    const stored = await read('103');
    expect(stored.fields.logline_en).toBe('A village in Calabria, a summer of fires.');

    // "A tradução continua certa": the source becomes the new pt-PT's.
    const confirmed = await save(eva, stored, { logline_en_source: sourceFingerprint(fieldText(stored.fields.logline)) });
    expect(confirmed.statusCode).toBe(200);
    expect((await work()).items).not.toContainEqual(expect.objectContaining({ id: '103', field: 'logline', locale: 'en' }));
  });

  it('lets two editors translate two languages of one film at once: both keep theirs, and the changelog names each language', async () => {
    const opened = await read('105');
    const italian = await save(eva, opened, { description_html_it: '<p>La versione di Eva.</p>' });
    expect(italian.statusCode, italian.body).toBe(200);
    // Rui's form was opened before Eva saved.
    const english = await save(rui, opened, { description_html_en: '<p>Rui’s version.</p>' });
    expect(english.statusCode, english.body).toBe(200);
    expect(english.json<SavedRecord>().merged).toEqual([{ by: 'eva.costa@festa.pt', fields: ['description_html_it'] }]);
    expect((await read('105')).fields).toMatchObject({
      description_html_it: '<p>La versione di Eva.</p>',
      description_html_en: '<p>Rui’s version.</p>',
    });
    await publish();
    const releases = (await admin.request('GET', '/releases')).json<ReleaseSummary[]>();
    const latest = releases.reduce((a, b) => (a.number > b.number ? a : b));
    expect(latest.changelog.join('\n')).toMatch(/sinopse \(EN\), sinopse \(IT\)|sinopse \(IT\), sinopse \(EN\)/);
    expect((await visitorReads('105', 'en')).description).toBe('<p>Rui’s version.</p>');
  });

  it('is undone per language by a rollback, which names it', async () => {
    const releases = (await admin.request('GET', '/releases')).json<ReleaseSummary[]>();
    const last = releases.reduce((a, b) => (a.number > b.number ? a : b));
    const previous = releases.filter((r) => r.number < last.number).reduce((a, b) => (a.number > b.number ? a : b));
    const preview = await admin.request('GET', `/releases/${previous.number}/restore`);
    expect(preview.statusCode).toBe(200);
    expect(preview.json<{ undoes: string[] }>().undoes.join('\n')).toMatch(/sinopse \(EN\)/);
    expect((await admin.request('POST', `/releases/${previous.number}/restore`)).statusCode).toBe(201);
    const en = await visitorReads('105', 'en');
    expect(en.description).not.toBe('<p>Rui’s version.</p>');
  });
});

describe('the rest of what visitors read, in their language', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  }, 60_000);
  afterAll(() => server?.close());

  const get = async <T>(url: string) => {
    const response = await server.app.inject({ method: 'GET', url: `/admin${url}` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<T>();
  };
  type Texts = { description: string; presentationHtml: string; teamHtml: string; untranslated?: string[] };

  it('gives the festival’s own texts, the press, the sponsors’ groups, the posters and the programme text in each language', async () => {
    const pt = await get<Texts>('/api/festival_texts');
    const en = await get<Texts>('/api/festival_texts?lang=en');
    expect(pt.untranslated).toBeUndefined();
    expect(en.untranslated).toEqual([]);
    expect(en.presentationHtml).not.toBe(pt.presentationHtml);
    expect(en.description).toMatch(/Italian/);
    // The start-up preferences keep the pt-PT: they are the same in every language.
    expect((await get<{ description: string }>('/homeprefs')).description).toBe(pt.description);

    const press = await get<{ id: string; title: string; description: string }[]>('/api/press/pressrelease?lang=it');
    expect(press.find((p) => p.id === '501')?.title).toMatch(/^Comunicato stampa: date e novità della \d+ª edizione$/);
    const sponsors = await get<{ items: Record<string, { tag_name: string }> }>('/api/sponsors_from_home?lang=en');
    expect(Object.values(sponsors.items).map((s) => s.tag_name)).toContain('Organisers');
    const posters = await get<{ poster: { description: string }[] }>('/api/posters/festa?lang=en');
    expect(posters.poster[0]?.description).toMatch(/Festa do Cinema Italiano<\/h2><p>Lisbon, /);
    const programme = await get<{ description: string; untranslated: string[] }[]>('/api/festival_program?lang=en');
    expect(programme[0]?.description).toMatch(/^<p>The programme for the \d+th edition/);
    expect(programme[0]?.untranslated).toEqual([]);
    const filter = await get<{ id: string; name: string }[]>('/api/movies2filter?lang=it');
    const pfilter = await get<{ id: string; name: string }[]>('/api/movies2filter');
    expect(filter.map((f) => f.id).sort()).toEqual(pfilter.map((f) => f.id).sort());
    expect(filter.some((f) => f.name !== pfilter.find((p) => p.id === f.id)?.name)).toBe(true);
  });

  it('gives a session’s title and reason in the page’s language in the agenda’s index, the film page, the programme and the .ics', async () => {
    // 126 shows 112 ("Os Invisíveis") tonight, so today's programme holds it too.
    const programmer = await loggedInStaff(server, 'prog-lang@festa.pt', 'programacao');
    const view = (await programmer.request('GET', '/records/sessions/126')).json<RecordView>();
    const saved = await programmer.request('PUT', '/records/sessions/126', {
      baseVersion: view.version,
      fields: {
        ...view.fields,
        status: 'delayed',
        status_note: 'a cópia chega atrasada',
        status_note_en: 'the print is arriving late',
        status_note_en_source: sourceFingerprint('a cópia chega atrasada'),
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await programmer.request('POST', '/releases')).statusCode).toBe(201);

    type Indexed = { id: string; title: string; status_note: string; version: string; city_id: string; untranslated?: string[] };
    const index = async (lang?: string) =>
      (await get<Indexed[]>(`/api/sessions${lang ? `?lang=${lang}` : ''}`)).find((s) => s.id === '126')!;
    const [pt, en, it] = [await index(), await index('en'), await index('it')];
    expect(pt).toMatchObject({ title: 'Os Invisíveis', status_note: 'a cópia chega atrasada' });
    expect(en).toMatchObject({ title: 'The Invisibles', status_note: 'the print is arriving late', untranslated: [] });
    // No Italian reason: the pt-PT, named as such; the version is one in every language.
    expect(it).toMatchObject({ title: 'Gli invisibili', status_note: 'a cópia chega atrasada', untranslated: ['status_note'] });
    expect(new Set([pt.version, en.version, it.version]).size).toBe(1);

    const film = await get<{ sessions: { id: string; status_note: string; untranslated?: string[] }[] }>('/api/movie/112?lang=it');
    expect(film.sessions.find((s) => s.id === '126')).toMatchObject({
      status_note: 'a cópia chega atrasada',
      untranslated: ['status_note'],
    });
    const city = await get<{ festivals: Record<string, { session_id: string; status_note: string; untranslated?: string[] }[]> }>(
      `/api/movies_from_festival/${en.city_id}?lang=en`,
    );
    const event = Object.values(city.festivals)
      .flat()
      .find((e) => e.session_id === '126');
    expect(event).toMatchObject({ status_note: 'the print is arriving late', untranslated: [] });

    const ics = await server.app.inject({ method: 'GET', url: '/admin/agenda/126/calendario.ics?lang=en' });
    expect(ics.body).toMatch(/^SUMMARY:The Invisibles/m);
    expect(ics.body).not.toMatch(/Os Invisíveis/);
  });
});
