/**
 * "Can I follow this session?" (src/common/programme/session-access.ts): a session's spoken and
 * subtitles' languages, age rating and access features, its own or, where it says nothing, its
 * film's; set from the back office with the collection's rules; filtered in the page's address,
 * server-rendered; and a venue's card. On SQLite by default, on PostgreSQL with TEST_DATABASE=postgres.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgendaSession, CityProgramme, Movie, MovieListItem, Venue } from '../../src/common/api/api-types';
import type { RecordView } from '../../src/common/gestao/record-schemas';
import type { LastMinuteDay, LastMinuteSession, StatusChangeResult } from '../../src/common/gestao/last-minute';
import type { GridAnswer } from '../../src/common/programme/grid';
import type { ProgrammeChange } from '../../src/common/programme/programme-change';
import { changeStatus } from '../../src/common/programme/programme-change-words';
import { pushBody } from '../../src/common/push/push-message';
import { wordsIn } from '../../src/common/i18n/all-catalogs';
import { loggedInStaff } from './gestao-browser';
import { startTestServer, type TestServer } from './helper';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 60_000);
afterAll(() => server?.close());

const get = async <T>(url: string): Promise<T> => {
  const response = await server.app.inject({ method: 'GET', url: `/admin${url}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
};
const sessionOf = async (filmId: string, sessionId: string) =>
  (await get<Movie>(`/api/movie/${filmId}`)).sessions.find((s) => s.id === sessionId)!;

describe('a session says how it can be followed', () => {
  it('inherits its film’s languages, subtitles and rating where it says nothing, and keeps its own where it does', async () => {
    // 106 is subtitled in Portuguese and English, rated by its film; its session 7 adds audio description.
    const film = await get<Movie>('/api/movie/106');
    expect(film.follow).toMatchObject({ languages: ['it'], subtitles: ['pt', 'en'], access: [] });
    expect(film.follow?.age_rating).toMatch(/^M\/\d+$/);
    expect(film.sessions.find((s) => s.id === '7')?.follow).toEqual({ ...film.follow, access: ['ad'] });
    // 151's session 186, at another venue, is shown with Portuguese subtitles only.
    const own = await sessionOf('151', '186');
    expect(own.follow?.subtitles).toEqual(['pt']);
    expect((await get<Movie>('/api/movie/151')).follow?.subtitles).toEqual(['pt', 'en']);
    // The agenda's index and the programme say the same of it.
    const index = await get<AgendaSession[]>('/api/sessions');
    expect(index.find((s) => s.id === '186')?.follow).toEqual(own.follow);
  });

  it('lists a film with what any of its sessions offers, so that the films list can filter', async () => {
    const films = await get<MovieListItem[]>('/api/movies_from_categ/0/festa');
    // 103's own subtitles are pt en; its session 64 adds subtitles for the deaf.
    const film = films.find((f) => f.id === '103')!;
    expect(film.follow).toMatchObject({ subtitles: ['pt', 'en'], access: expect.arrayContaining(['sdh']) as string[] });
  });

  it('is set from the back office with the collection’s rules, kept by a writer that does not send it, and read by visitors', async () => {
    const programmer = await loggedInStaff(server, 'prog-access@festa.pt', 'programacao');
    const view = (await programmer.request('GET', '/records/sessions/126')).json<RecordView>();
    const wrong = await programmer.request('PUT', '/records/sessions/126', {
      baseVersion: view.version,
      fields: { ...view.fields, access_features: 'lgp braille' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain('«braille» não é um dos códigos');
    const saved = await programmer.request('PUT', '/records/sessions/126', {
      baseVersion: view.version,
      fields: { ...view.fields, access_features: 'LGP', subtitle_languages: 'en, pt' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // The grid writes back only what it knows of a session: the rest stays.
    const again = (await programmer.request('GET', '/records/sessions/126')).json<RecordView>();
    expect(again.fields).toMatchObject({ access_features: 'lgp', subtitle_languages: 'en pt' });
    const { access_features: _a, subtitle_languages: _s, spoken_languages: _l, age_rating: _r, ...gridFields } = again.fields;
    const fromGrid = await programmer.request('PUT', '/records/sessions/126', {
      baseVersion: again.version,
      fields: { ...gridFields, guest: 'Rui' },
    });
    expect(fromGrid.statusCode, fromGrid.body).toBe(200);
    expect((await programmer.request('GET', '/records/sessions/126')).json<RecordView>().fields).toMatchObject({
      access_features: 'lgp',
      guest: 'Rui',
    });
    expect((await programmer.request('POST', '/releases')).statusCode).toBe(201);
    expect((await sessionOf('112', '126')).follow).toMatchObject({ subtitles: ['pt', 'en'], access: ['lgp'] });
    // An interpreter gained (or lost) is news, as a new time is: the changes page, its feed and Web Push tell it.
    const changes = await get<ProgrammeChange[]>('/api/programme_changes?lang=en');
    const change = changes.find((c) => c.session_id === '126')!;
    expect(change).toMatchObject({ kind: 'access', was: { access: [] }, now: { access: ['lgp'] } });
    expect(changeStatus(change, wordsIn('en'))).toBe('Access: none → LGP');
    expect(pushBody(change, wordsIn('it'))).toMatch(/^Accessibilità: nessuna → LGP — /);
  });
});

describe('from the phone at the door', () => {
  it('a session that loses its interpreter says so at once: published alone, told as a change, and undone the same way', async () => {
    const programmer = await loggedInStaff(server, 'prog-door@festa.pt', 'programacao');
    const day = (await programmer.request('GET', '/last-minute')).json<LastMinuteDay>();
    // Another session has a draft pending: a change at the door publishes only its own.
    const [target, other] = day.sessions.filter((s) => s.film_access_features === '' && s.access_features === '');
    const draft = (await programmer.request('GET', `/records/sessions/${other!.id}`)).json<RecordView>();
    await programmer.request('PUT', `/records/sessions/${other!.id}`, {
      baseVersion: draft.version,
      fields: { ...draft.fields, guest: 'Alba' },
    });
    const send = (session: LastMinuteSession, accessFeatures: unknown) =>
      programmer.request('POST', `/screenings/${session.id}/status`, {
        status: session.status,
        note: session.status_note,
        venue_id: session.venue_id,
        starts_at: session.starts_at,
        access_features: accessFeatures,
        baseVersion: session.version,
      });

    const wrong = await send(target!, 'lgp braille');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<{ errors: Record<string, string> }>().errors.access_features).toBe(
      'Campo acessibilidade: «braille» não é um dos códigos (sdh, ad, lgp, relaxed, qa_interpreted, none).',
    );
    const gained = await send(target!, 'lgp');
    expect(gained.statusCode, gained.body).toBe(200);
    const result = gained.json<StatusChangeResult>();
    expect(result.session).toMatchObject({ access_features: 'lgp', status: target!.status, starts_at: target!.starts_at });
    expect(result.previous.access_features).toBe('');
    expect((await programmer.request('GET', `/records/sessions/${other!.id}`)).json<RecordView>().state).toBe('alterado');
    const told = (await get<ProgrammeChange[]>('/api/programme_changes')).find((c) => c.session_id === target!.id);
    expect(told).toMatchObject({ kind: 'access', was: { access: [] }, now: { access: ['lgp'] } });

    // "Anular" sends the session as it was: the interpreter is gone again, and that too is told.
    const undone = await send(result.session, result.previous.access_features);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json<StatusChangeResult>().session.access_features).toBe('');
    const film = await get<Movie>(
      `/api/movie/${(await programmer.request('GET', `/records/sessions/${target!.id}`)).json<RecordView>().fields.movie_id as string}`,
    );
    expect(film.sessions.find((s) => s.id === target!.id)?.follow?.access).toEqual([]);
    // A change that changes nothing is refused in words.
    const same = await send(undone.json<StatusChangeResult>().session, '');
    expect(same.statusCode).toBe(400);
    expect(same.body).toContain('A sessão já está assim: nada mudou.');
  });

  it('the grid shows each session as visitors will read it, in the draft', async () => {
    const programmer = await loggedInStaff(server, 'prog-grid@festa.pt', 'programacao');
    const grid = (await programmer.request('GET', '/grid?city=1')).json<GridAnswer>();
    const film = await get<Movie>('/api/movie/106');
    expect([...grid.sessions, ...grid.elsewhere.sessions].find((s) => s.id === 7)?.follow).toEqual(
      film.sessions.find((s) => s.id === '7')?.follow,
    );
  });
});

describe('the programme filtered in its address', () => {
  it('renders on the server only the sessions with English subtitles', async () => {
    const programme = await get<CityProgramme>('/api/movies_from_festival/1');
    const days = Array.isArray(programme.festivals) ? {} : programme.festivals;
    const [day, events] = Object.entries(days).find(
      ([, list]) => list.some((e) => e.follow?.subtitles.includes('en')) && list.some((e) => !e.follow?.subtitles.includes('en')),
    )!;
    const english = new Set(events.filter((e) => e.follow?.subtitles.includes('en')).map((e) => e.session_id));
    const page = await server.app.inject({ method: 'GET', url: `/programacao?cidade=1&dia=${day}&legendas=en` });
    expect(page.statusCode).toBe(200);
    const shown = [...page.body.matchAll(/class="agenda-star[^"]*" data-session="(\d+)"/g)].map((m) => m[1]!);
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.every((id) => english.has(id))).toBe(true);
    // The form that changes the filters works without JavaScript: a GET to the same page, keeping the city and day.
    expect(page.body).toMatch(/<details class="follow-filters" open="">/);
    expect(page.body).toMatch(/<form class="follow-filters__form"[^>]* action="\/programacao" method="get">/);
    expect(page.body).toContain(`<input type="hidden" name="dia" value="${day}"/>`);
    expect(page.body).toMatch(/<option value="en" selected="">/);
  });

  it('marks the days the filters leave empty, and an emptied day points to the nearest that is not', async () => {
    const programme = await get<CityProgramme>('/api/movies_from_festival/1');
    const days = Array.isArray(programme.festivals) ? {} : programme.festivals;
    const withSign = (key: string) => days[key]!.some((e) => e.follow?.access.includes('lgp'));
    const keys = Object.keys(days);
    const emptied = keys.filter((key) => !withSign(key));
    expect(emptied.length).toBeGreaterThan(0);
    expect(emptied.length).toBeLessThan(keys.length);
    const page = await server.app.inject({ method: 'GET', url: `/programacao?cidade=1&dia=${emptied[0]}&acesso=lgp` });
    const marked = [...page.body.matchAll(/class="day-strip__day[^"]*is-emptied"[^>]*aria-label="([^"]+)"/g)].map((m) => m[1]!);
    expect(marked).toHaveLength(emptied.length);
    expect(marked.every((label) => label.endsWith(': nenhuma sessão com estes filtros'))).toBe(true);
    expect(page.body).toContain('Nenhuma sessão deste dia com estes filtros.');
    const nearest = keys.slice(keys.indexOf(emptied[0]!)).find(withSign) ?? keys.filter(withSign).at(-1)!;
    expect(page.body).toMatch(new RegExp(`>Ver \\S+ ${nearest.replace(/\D/g, '')}</button>`));
  });
});

describe('a venue’s card', () => {
  it('says where it is, how to get there and in, in the page’s language', async () => {
    const pt = await get<Venue>('/api/venue/1');
    expect(pt).toMatchObject({ name: 'Cinema São Jorge', step_free: '1', hearing_loop: '1', accessible_toilets: '1', city_name: 'Lisboa' });
    expect(pt.wheelchair_places).toBeGreaterThan(0);
    expect(pt.maps_url).toMatch(/^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=Cinema%20S%C3%A3o%20Jorge/);
    expect(pt.untranslated).toBeUndefined();
    const en = await get<Venue>('/api/venue/1?lang=en');
    expect(en.directions).toMatch(/Blue line/);
    expect(en.untranslated).toEqual([]);
    // The Italian Cultural Institute has stairs at its door: its card says so.
    expect(await get<Venue>('/api/venue/4')).toMatchObject({ step_free: '0', wheelchair_places: 0 });
    expect((await server.app.inject({ method: 'GET', url: '/admin/api/venue/999' })).statusCode).toBe(404);
    const page = await server.app.inject({ method: 'GET', url: '/en/sala/1' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<h1 class="page__title">Cinema São Jorge</h1>');
    expect(page.body).toContain('Step-free entrance');
  });
});
