/**
 * The back office's records and releases, below the HTTP layer: the shared schemas, the roles'
 * field table, stale writes, publishing as numbered releases with a pt-PT changelog, rollback, and
 * the import that refuses to replace what was published from /gestao.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIELD_LABELS, fieldText, recordFields, type CardFields, type RecordFields } from '../../src/common/gestao/record-schemas';
import { mayChangeField, RECORD_TYPES, ROLES, type RecordType, type Role } from '../../src/common/gestao/roles';
import { GestaoError } from '../../server/gestao/editing/gestao-error';
import { deleteRecord, listRecords, readRecord, saveRecord, type Actor } from '../../server/gestao/editing/records';
import { draftChangelog, publishDraft, restoreRelease } from '../../server/gestao/editing/staff-releases';
import { releaseAnImportWouldReplace } from '../../server/publishing/releases';
import { listReleases } from '../../server/db/repositories/publishing/releases-repository';
import {
  addScheduledRelease,
  cancelScheduledRelease,
  listScheduledReleases,
} from '../../server/db/repositories/publishing/scheduled-releases-repository';
import { publishDueReleases } from '../../server/gestao/editing/scheduled-publishing';
import { addStaffAccount } from './gestao-browser';
import { getJson, startTestServer, type TestServer } from './helper';

const AT = '2026-04-05T14:00:00.000Z';
const actor = (role: Role): Actor => ({ id: 1, email: `${role}@festa.test`, role });
const admin = actor('administracao');
const programmer = actor('programacao');

/** This instance's cache follows the new content version at once (the routes do the same after publishing). */
const afterRelease = async <T>(server: TestServer, run: Promise<T>): Promise<T> => {
  const result = await run;
  await server.app.responseCache.refreshVersion();
  return result;
};

async function refusal(run: Promise<unknown>): Promise<GestaoError> {
  const error = await run.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(GestaoError);
  return error as GestaoError;
}

const newFilm: RecordFields = {
  is_movie: 1,
  title: 'La Stanza Nuova',
  original_title: 'La Stanza Nuova',
  director: 'Chiara Rossi',
  year: 2025,
  country: 'Itália',
  duration_min: 104,
  language: 'Italiano',
  subtitles: 'Português',
  section_id: 1,
  scope: 'festa',
  highlight: 0,
  keywords: 'família',
  logline: 'Uma casa em Nápoles.',
  description_html: '<p>Uma casa <script>alert(1)</script>em Nápoles.</p>',
  technical_info_html: '',
  video_id: '',
  buy_label: '',
  buy_link: '',
  from_festival: 1,
  thumb: '',
  poster: '',
};

describe('back-office records and releases', () => {
  let server: TestServer;
  let venueId: number;
  let sectionId: number;
  beforeAll(async () => {
    server = await startTestServer();
    venueId = (await server.db.selectFrom('venues').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
    sectionId = (
      await server.db.selectFrom('sections').select('id').where('asset_type', '=', 'movies').orderBy('id').executeTakeFirstOrThrow()
    ).id;
  }, 60_000);
  afterAll(() => server?.close());

  it('a programmer adds a film with three sessions; publishing makes release N with a pt-PT changelog, and the public API shows it', async () => {
    const { db } = server;
    const film = await saveRecord(db, programmer, AT, 'movies', undefined, {
      baseVersion: 0,
      fields: { ...newFilm, section_id: sectionId },
    });
    expect(film.state).toBe('novo');
    expect(film.fields.description_html).toBe('<p>Uma casa em Nápoles.</p>');
    // Free slots of the seeded Cinema São Jorge: a session on top of another would stop publishing.
    for (const time of ['2026-04-06T17:00', '2026-04-07T19:15', '2026-04-08T16:15']) {
      await saveRecord(db, programmer, AT, 'sessions', undefined, {
        baseVersion: 0,
        fields: { movie_id: film.id, venue_id: venueId, starts_at: time },
      });
    }
    expect((await getJson(server.app, `/api/movie/${film.id}`)).status).toBe(404);
    const preview = await draftChangelog(db);
    expect(preview[0]).toBe('Novo filme: *La Stanza Nuova*');
    expect(preview.filter((line) => line.startsWith('Nova sessão de *La Stanza Nuova*'))).toHaveLength(3);

    const before = (await listReleases(db)).length;
    const release = await afterRelease(server, publishDraft(db, programmer, AT));
    expect(release.number).toBe(before + 1);
    expect(release.changelog).toEqual(preview);
    const published = await getJson<{ title: string; sessions: unknown[] }>(server.app, `/api/movie/${film.id}`);
    expect(published.status).toBe(200);
    expect(published.body.title).toBe('La Stanza Nuova');
    expect(published.body.sessions).toHaveLength(3);
    expect((await readRecord(db, 'movies', film.id)).state).toBe('publicado');
    expect(await draftChangelog(db)).toEqual([]);
    expect((await refusal(publishDraft(db, programmer, AT))).body.message).toBe('Não há alterações por publicar.');
    // Published from /gestao: `npm run seed` would now refuse without --substituir.
    expect((await releaseAnImportWouldReplace(db))?.number).toBe(release.number);
  });

  it('a moved session is said as the desk says it, and rolling back restores the public pages and the API', async () => {
    const { db } = server;
    const session = (await listRecords(db, 'sessions')).find((s) => s.fields.starts_at === '2026-04-07T19:15')!;
    await saveRecord(db, programmer, AT, 'sessions', session.id, {
      baseVersion: session.version,
      fields: { ...session.fields, starts_at: '2026-04-07T19:45' },
    });
    const venue = (await db.selectFrom('venues').select('name').where('id', '=', venueId).executeTakeFirstOrThrow()).name;
    const moved = await afterRelease(server, publishDraft(db, programmer, AT));
    expect(moved.changelog).toEqual([`Sessão de *La Stanza Nuova* mudou: terça 7, 19:15 → 19:45, ${venue}`]);
    const movieId = fieldText(session.fields.movie_id);
    const earlier = moved.number - 2; // the release before the film was added
    const back = await afterRelease(server, restoreRelease(db, admin, AT, earlier));
    expect(back.changelog[0]).toBe(`Reposição da publicação ${earlier}`);
    expect(back.changelog).toContain('Filme removido: *La Stanza Nuova*');
    expect((await getJson(server.app, `/api/movie/${movieId}`)).status).toBe(404);
    // …and the rollback is a release too: restoring the one before it brings the film back.
    await afterRelease(server, restoreRelease(db, admin, AT, moved.number));
    expect((await getJson(server.app, `/api/movie/${movieId}`)).status).toBe(200);
    expect((await refusal(restoreRelease(db, programmer, AT, earlier))).statusCode).toBe(403);
  });

  it('a stale write answers 409 with the stored record, and nothing is overwritten', async () => {
    const { db } = server;
    const film = (await listRecords(db, 'movies')).find((m) => m.fields.title === 'La Stanza Nuova')!;
    const first = await saveRecord(db, programmer, AT, 'movies', film.id, {
      baseVersion: film.version,
      fields: { ...film.fields, logline: 'Primeira.' },
    });
    const error = await refusal(
      saveRecord(db, actor('edicao'), AT, 'movies', film.id, {
        baseVersion: film.version,
        fields: { ...film.fields, logline: 'Segunda.' },
      }),
    );
    expect(error.statusCode).toBe(409);
    expect((error.body.stored as { fields: RecordFields; version: number }).fields.logline).toBe('Primeira.');
    expect((error.body.stored as { version: number }).version).toBe(first.version);
    expect((await readRecord(db, 'movies', film.id)).fields.logline).toBe('Primeira.');
  });

  it('bad input gets the form’s own pt-PT messages, field by field', async () => {
    const error = await refusal(
      saveRecord(server.db, programmer, AT, 'sessions', undefined, {
        baseVersion: 0,
        fields: { movie_id: 999_999, venue_id: venueId, starts_at: 'amanhã' },
      }),
    );
    expect(error.statusCode).toBe(400);
    expect(error.body.errors).toEqual({ starts_at: 'Campo data e hora: data e hora inválidas.' });
    const missing = await refusal(
      saveRecord(server.db, programmer, AT, 'sessions', undefined, {
        baseVersion: 0,
        fields: { movie_id: 999_999, venue_id: venueId, starts_at: '2026-04-07T22:00' },
      }),
    );
    expect(missing.body.errors).toEqual({ movie_id: 'Este filme não existe (ou vai ser apagado).' });
  });

  it('a venue, a city and a section in use cannot be removed; a new venue is said by name in the changelog', async () => {
    const { db } = server;
    const venue = (await listRecords(db, 'venues')).find((v) => Number(v.id) === venueId)!;
    expect((await refusal(deleteRecord(db, programmer, AT, 'venues', venue.id, venue.version))).body.message).toMatch(
      /^Esta sala tem (uma sessão|\d+ sessões): mude-as ou apague-as primeiro\.$/,
    );
    const city = (await listRecords(db, 'cities'))[0]!;
    expect((await refusal(deleteRecord(db, programmer, AT, 'cities', city.id, city.version))).body.message).toMatch(
      /^Esta cidade tem (uma sala|\d+ salas)/,
    );
    const section = (await listRecords(db, 'sections')).find((s) => Number(s.id) === sectionId)!;
    expect((await refusal(deleteRecord(db, programmer, AT, 'sections', section.id, section.version))).body.message).toMatch(
      /^Esta secção tem/,
    );

    const added = await saveRecord(db, programmer, AT, 'venues', undefined, {
      baseVersion: 0,
      fields: { city_id: Number(city.id), name: 'Cinema Novo', address: 'Rua Nova, 1' },
    });
    expect(await draftChangelog(db)).toContain(`Nova sala: Cinema Novo (${fieldText(city.fields.name)})`);
    // A new venue is a place for a session before it is published.
    await saveRecord(db, programmer, AT, 'sessions', undefined, {
      baseVersion: 0,
      fields: { movie_id: (await listRecords(db, 'movies'))[0]!.id, venue_id: Number(added.id), starts_at: '2026-04-08T19:00' },
    });
    expect(
      (
        await refusal(
          saveRecord(db, programmer, AT, 'venues', undefined, { baseVersion: 0, fields: { city_id: 999, name: 'X', address: '' } }),
        )
      ).body.errors,
    ).toEqual({
      city_id: 'Esta cidade não existe.',
    });
  });

  it('a film with sessions cannot be removed before them', async () => {
    const film = (await listRecords(server.db, 'movies')).find((m) => m.fields.title === 'La Stanza Nuova')!;
    const error = await refusal(deleteRecord(server.db, programmer, AT, 'movies', film.id, film.version));
    expect(error.body.message).toBe('Este filme tem 3 sessões: apague-as primeiro.');
  });

  /** What the tests before left in the draft, published: each story below reads its own changelog. */
  const publishLeftovers = async () => {
    if ((await draftChangelog(server.db)).length > 0) await afterRelease(server, publishDraft(server.db, admin, AT));
  };

  it('Edição adds a page with a card and a menu entry to it; publishing shows both on the public API; neither can be removed while used', async () => {
    const { db } = server;
    await publishLeftovers();
    const editor = actor('edicao');
    const film = (await listRecords(db, 'movies'))[0]!;
    const pageFields: RecordFields = {
      slug: 'cinema-nas-escolas',
      template_id: 4,
      title: 'Cinema nas escolas',
      poster: '',
      main_html: '<p>Para as escolas<script>alert(1)</script>.</p>',
      sidebar_html: '',
      num_text_cols: 1,
      subsection_title: '',
      subsection_html: '',
      cards: [{ movie_id: 999_999, thumb: '', title: 'Sessão para escolas', description: 'Manhãs de cinema.' }],
    };
    const badCard = await refusal(saveRecord(db, editor, AT, 'custom_pages', undefined, { baseVersion: 0, fields: pageFields }));
    expect(badCard.body.errors).toEqual({ 'cards[0].movie_id': 'Este filme não existe.' });
    const taken = await refusal(
      saveRecord(db, editor, AT, 'custom_pages', undefined, { baseVersion: 0, fields: { ...pageFields, slug: 'sobre-o-festival' } }),
    );
    expect(taken.body.errors).toMatchObject({ slug: 'Já há uma página com este endereço.' });
    const card = { movie_id: Number(film.id), thumb: '', title: 'Sessão para escolas', description: 'Manhãs de cinema.' };
    const page = await saveRecord(db, editor, AT, 'custom_pages', undefined, { baseVersion: 0, fields: { ...pageFields, cards: [card] } });
    expect(page.fields.main_html).toBe('<p>Para as escolas.</p>');
    expect(
      (await refusal(saveRecord(db, programmer, AT, 'custom_pages', undefined, { baseVersion: 0, fields: pageFields }))).statusCode,
    ).toBe(403);

    const parent = (await listRecords(db, 'menu_items')).find((m) => m.fields.parent_id === null && m.fields.scope === 'festa')!;
    const entryFields: RecordFields = {
      scope: 'festa',
      location: 'top',
      parent_id: Number(parent.id),
      position: 9,
      title: 'Escolas',
      menu_url: '',
      internal_page_id: Number(page.id),
    };
    const entry = await saveRecord(db, editor, AT, 'menu_items', undefined, { baseVersion: 0, fields: entryFields });
    expect(entry.fields.menu_url).toBe('t4/cinema-nas-escolas');
    const noLink = await refusal(
      saveRecord(db, editor, AT, 'menu_items', undefined, {
        baseVersion: 0,
        fields: { ...entryFields, internal_page_id: 0, menu_url: 'javascript:alert(1)' },
      }),
    );
    expect(noLink.body.errors).toEqual({
      menu_url: 'Campo ligação tem de ser um endereço https:// ou um caminho do site (ex.: programacao).',
    });
    const deep = await refusal(
      saveRecord(db, editor, AT, 'menu_items', undefined, { baseVersion: 0, fields: { ...entryFields, parent_id: Number(entry.id) } }),
    );
    expect(deep.body.errors).toEqual({ parent_id: 'O menu tem dois níveis: escolha uma entrada de topo.' });

    expect(await draftChangelog(db)).toEqual(['Nova página: Cinema nas escolas', 'Nova entrada de menu: Escolas']);
    await afterRelease(server, publishDraft(db, editor, AT));
    const published = await getJson<{ title: string; mainhtml: string; cards: { movie_id: string; title: string }[] }>(
      server.app,
      '/api/custompage/cinema-nas-escolas',
    );
    expect(published.status).toBe(200);
    expect(published.body.title).toBe('Cinema nas escolas');
    expect(published.body.cards).toEqual([expect.objectContaining({ movie_id: film.id, title: 'Sessão para escolas' })]);
    const menus = await getJson<{ top: { title: string; childs: { title: string; menu_url: string }[] }[] }>(
      server.app,
      '/api/menus/festa',
    );
    const holder = menus.body.top.find((m) => m.title === parent.fields.title)!;
    expect(holder.childs).toContainEqual(expect.objectContaining({ title: 'Escolas', menu_url: 't4/cinema-nas-escolas' }));

    // A changed card is a changed page; the menu follows a new address.
    const stored = await readRecord(db, 'custom_pages', page.id);
    await saveRecord(db, editor, AT, 'custom_pages', page.id, {
      baseVersion: stored.version,
      fields: { ...stored.fields, slug: 'cinema-escolas', cards: [{ ...card, title: 'Manhãs nas escolas' }] },
    });
    expect(await draftChangelog(db)).toEqual(['Página alterada: Cinema nas escolas (endereço (slug), cartões)']);
    await afterRelease(server, publishDraft(db, editor, AT));
    const moved = await getJson<{ top: { title: string; childs: { title: string; menu_url: string }[] }[] }>(
      server.app,
      '/api/menus/festa',
    );
    expect(moved.body.top.find((m) => m.title === parent.fields.title)!.childs).toContainEqual(
      expect.objectContaining({ title: 'Escolas', menu_url: 't4/cinema-escolas' }),
    );

    const inMenu = await readRecord(db, 'custom_pages', page.id);
    expect((await refusal(deleteRecord(db, editor, AT, 'custom_pages', page.id, inMenu.version))).body.message).toBe(
      'Esta página está no menu (uma entrada): tire-a do menu primeiro.',
    );
    const holding = await readRecord(db, 'menu_items', parent.id);
    expect((await refusal(deleteRecord(db, editor, AT, 'menu_items', parent.id, holding.version))).body.message).toMatch(
      /^Esta entrada tem (outra dentro de si|\d+ outras dentro de si): mude-as ou apague-as primeiro\.$/,
    );
    // The entry first, then the page: both go.
    const current = await readRecord(db, 'menu_items', entry.id);
    await deleteRecord(db, editor, AT, 'menu_items', entry.id, current.version);
    await deleteRecord(db, editor, AT, 'custom_pages', page.id, inMenu.version);
    expect(await draftChangelog(db)).toEqual(['Página removida: Cinema nas escolas', 'Entrada de menu removida: Escolas']);
    await afterRelease(server, publishDraft(db, editor, AT));
    expect((await getJson(server.app, '/api/custompage/cinema-escolas')).status).toBe(404);
  });

  it('the settings are one record: its fields checked, written back into the JSON and the dates, never the content version; the public site follows', async () => {
    const { db } = server;
    const settings = await readRecord(db, 'settings', 'settings');
    expect(settings.fields.agenda_color).toBe('#ed162c');
    expect(settings.fields.festival_start).toBe('2026-04-02');
    const bad = await refusal(
      saveRecord(db, admin, AT, 'settings', 'settings', {
        baseVersion: settings.version,
        fields: { ...settings.fields, agenda_color: 'vermelho', social_video: 'vimeo.com/x', festival_start: '2026-02-30' },
      }),
    );
    expect(bad.body.errors).toEqual({
      agenda_color: 'Campo cor da agenda tem de ser uma cor #rrggbb (ex.: #ed162c).',
      social_video: 'Campo vídeo (Vimeo) tem de ser um endereço http:// ou https://.',
      festival_start: 'Campo primeiro dia do festival: data inválida (aaaa-mm-dd).',
    });
    expect((await refusal(saveRecord(db, admin, AT, 'settings', undefined, { baseVersion: 0, fields: settings.fields }))).statusCode).toBe(
      403,
    );
    expect((await refusal(deleteRecord(db, admin, AT, 'settings', 'settings', settings.version))).statusCode).toBe(403);
    const versionBefore = (
      await db.selectFrom('site_settings').select('value').where('key', '=', 'content_version').executeTakeFirstOrThrow()
    ).value;
    await saveRecord(db, admin, AT, 'settings', 'settings', {
      baseVersion: settings.version,
      fields: {
        ...settings.fields,
        agenda_color: '#0a7d3b',
        social_video: 'https://vimeo.com/festa',
        team_html: '<h2>Equipa</h2><img src=x onerror=alert(1)>',
      },
    });
    expect(await draftChangelog(db)).toEqual(['Definições alteradas: cor da agenda, vídeo (Vimeo), equipa']);
    const release = await afterRelease(server, publishDraft(db, admin, AT));
    expect(release.changelog).toEqual(['Definições alteradas: cor da agenda, vídeo (Vimeo), equipa']);
    const prefs = await getJson<{
      agendaColor: string;
      social: { video: string };
      teamHtml: string;
      editionNumber: number;
      contentVersion: string;
    }>(server.app, '/homeprefs');
    expect(prefs.body.agendaColor).toBe('#0a7d3b');
    expect(prefs.body.social.video).toBe('https://vimeo.com/festa');
    expect(prefs.body.teamHtml).not.toContain('onerror');
    expect(prefs.body.contentVersion).not.toBe(versionBefore);
    // The edition dates are Programação's: the edition's number follows the year.
    const again = await readRecord(db, 'settings', 'settings');
    await saveRecord(db, programmer, AT, 'settings', 'settings', {
      baseVersion: again.version,
      fields: { ...again.fields, festival_start: '2027-04-01', festival_days: 10 },
    });
    await afterRelease(server, publishDraft(db, programmer, AT));
    const next = await getJson<{ festivalStart: string; festivalEnd: string; editionNumber: number; year: number }>(
      server.app,
      '/homeprefs',
    );
    expect(next.body).toMatchObject({
      festivalStart: '2027-04-01',
      festivalEnd: '2027-04-10',
      year: 2027,
      editionNumber: prefs.body.editionNumber + 1,
    });
    const back = await readRecord(db, 'settings', 'settings');
    await saveRecord(db, programmer, AT, 'settings', 'settings', {
      baseVersion: back.version,
      fields: { ...back.fields, festival_start: settings.fields.festival_start!, festival_days: settings.fields.festival_days! },
    });
    await afterRelease(server, publishDraft(db, programmer, AT));
    expect((await db.selectFrom('site_settings').select('key').orderBy('key').execute()).map((r) => r.key)).toEqual([
      'content_version',
      'festival_days',
      'festival_start',
      'settings',
    ]);
  });

  it('a travel time is keyed by its two cities: changed in minutes, one per pair, and a city with travel times is not removed', async () => {
    const { db } = server;
    const times = await listRecords(db, 'travel_times');
    const lisbonPorto = times.find((t) => t.id === '1-2')!;
    expect(lisbonPorto.fields).toEqual({ from_city_id: 1, to_city_id: 2, minutes: 180 });
    const reverse = await refusal(
      saveRecord(db, programmer, AT, 'travel_times', undefined, {
        baseVersion: 0,
        fields: { from_city_id: 2, to_city_id: 1, minutes: 170 },
      }),
    );
    expect(reverse.body.errors).toEqual({ to_city_id: 'Estas duas cidades já têm um tempo de viagem: altere esse.' });
    const same = await refusal(
      saveRecord(db, programmer, AT, 'travel_times', undefined, { baseVersion: 0, fields: { from_city_id: 2, to_city_id: 2, minutes: 5 } }),
    );
    expect(same.body.errors).toEqual({ to_city_id: 'As duas cidades têm de ser diferentes.' });
    const rekey = await refusal(
      saveRecord(db, programmer, AT, 'travel_times', '1-2', {
        baseVersion: lisbonPorto.version,
        fields: { ...lisbonPorto.fields, to_city_id: 3 },
      }),
    );
    expect(rekey.statusCode).toBe(400);
    expect(
      (
        await refusal(
          saveRecord(db, actor('edicao'), AT, 'travel_times', '1-2', {
            baseVersion: lisbonPorto.version,
            fields: { ...lisbonPorto.fields, minutes: 170 },
          }),
        )
      ).statusCode,
    ).toBe(403);
    await saveRecord(db, programmer, AT, 'travel_times', '1-2', {
      baseVersion: lisbonPorto.version,
      fields: { ...lisbonPorto.fields, minutes: 170 },
    });
    const city = await listRecords(db, 'cities');
    const lonely = await saveRecord(db, programmer, AT, 'cities', undefined, { baseVersion: 0, fields: { name: 'Faro', position: 9 } });
    const faro = await saveRecord(db, programmer, AT, 'travel_times', undefined, {
      baseVersion: 0,
      fields: { from_city_id: 1, to_city_id: Number(lonely.id), minutes: 200 },
    });
    expect(faro.id).toBe(`1-${lonely.id}`);
    expect(await draftChangelog(db)).toEqual([
      'Nova cidade: Faro',
      'Tempo de viagem Lisboa → Porto: 180 → 170 min',
      'Novo tempo de viagem Lisboa → Faro: 200 min',
    ]);
    await afterRelease(server, publishDraft(db, programmer, AT));
    const published = await getJson<{ from_city_id: string; to_city_id: string; minutes: number }[]>(server.app, '/api/travel_times');
    expect(published.body).toContainEqual({ from_city_id: '1', to_city_id: '2', minutes: 170 });
    expect(published.body).toContainEqual({ from_city_id: '1', to_city_id: lonely.id, minutes: 200 });
    const faroCity = await readRecord(db, 'cities', lonely.id);
    expect((await refusal(deleteRecord(db, programmer, AT, 'cities', lonely.id, faroCity.version))).body.message).toBe(
      'Esta cidade tem um tempo de viagem: apague-os primeiro.',
    );
    await deleteRecord(db, programmer, AT, 'travel_times', faro.id, (await readRecord(db, 'travel_times', faro.id)).version);
    await deleteRecord(db, programmer, AT, 'cities', lonely.id, faroCity.version);
    expect(await draftChangelog(db)).toEqual(['Cidade removida: Faro', 'Tempo de viagem removido: Lisboa → Faro']);
    await afterRelease(server, publishDraft(db, programmer, AT));
    expect(city.length).toBe((await listRecords(db, 'cities')).length);
  });

  it('a past edition in the history, keyed by its year, with its films: added, changed and removed, and the public history follows', async () => {
    const { db } = server;
    const editor = actor('edicao');
    await publishLeftovers();
    const fields: RecordFields = {
      edition: '2019',
      title: '12.ª Festa do Cinema Italiano',
      poster: '',
      venues_html: '<ul><li>Cinema São Jorge</li></ul>',
      guests_html: '',
      awards_html: '<p>Prémio do Público: <em>Il Traditore</em><script>x</script></p>',
      numbers_html: '',
      sponsors_html: '',
      movies: [{ thumb: '', list_html: '<p><a href="javascript:alert(1)">Il Traditore</a></p>' }],
    };
    const added = await saveRecord(db, editor, AT, 'history_editions', undefined, { baseVersion: 0, fields });
    expect(added.id).toBe('2019');
    expect(added.fields.awards_html).toBe('<p>Prémio do Público: <em>Il Traditore</em></p>');
    expect((added.fields.movies as { list_html: string }[])[0]!.list_html).not.toContain('javascript');
    expect((await refusal(saveRecord(db, editor, AT, 'history_editions', undefined, { baseVersion: 0, fields }))).body.errors).toEqual({
      edition: 'Esta edição já está no histórico.',
    });
    expect(
      (
        await refusal(
          saveRecord(db, editor, AT, 'history_editions', undefined, { baseVersion: 0, fields: { ...fields, edition: 'antiga' } }),
        )
      ).body.errors,
    ).toEqual({ edition: 'Campo edição (ano) tem de ser um ano (ex.: 2025).' });
    expect(await draftChangelog(db)).toEqual(['Nova edição no histórico: 2019']);
    await afterRelease(server, publishDraft(db, editor, AT));
    const published = await getJson<{ title: string; list_movies: { list_html: string }[]; editions: string[] }>(
      server.app,
      '/api/festival_history/2019',
    );
    expect(published.status).toBe(200);
    expect(published.body.title).toBe('12.ª Festa do Cinema Italiano');
    expect(published.body.list_movies).toHaveLength(1);
    expect(published.body.editions).toContain('2019');

    const stored = await readRecord(db, 'history_editions', '2019');
    await saveRecord(db, editor, AT, 'history_editions', '2019', {
      baseVersion: stored.version,
      fields: { ...stored.fields, movies: [...(stored.fields.movies as never[]), { thumb: '', list_html: '<p>Martin Eden</p>' }] },
    });
    expect(await draftChangelog(db)).toEqual(['Histórico alterado: 2019 (filmes)']);
    await afterRelease(server, publishDraft(db, editor, AT));
    expect((await getJson<{ list_movies: unknown[] }>(server.app, '/api/festival_history/2019')).body.list_movies).toHaveLength(2);
    await deleteRecord(db, editor, AT, 'history_editions', '2019', (await readRecord(db, 'history_editions', '2019')).version);
    expect(await draftChangelog(db)).toEqual(['Edição removida do histórico: 2019']);
    await afterRelease(server, publishDraft(db, editor, AT));
    expect((await getJson(server.app, '/api/festival_history/2019')).status).toBe(404);
  });

  it('a programmer edits the programme page: an entry’s text and an attachment more (a stored PDF, its size the file’s); publishing shows them; a PDF never stored is refused', async () => {
    const { db } = server;
    await publishLeftovers();
    const entries = await listRecords(db, 'programme_entries');
    const entry = entries.find((e) => (e.fields.attachments as unknown[]).length > 0)!;
    const attachments = entry.fields.attachments as { id: number; title: string; file_name: string; size: number }[];
    const imported = attachments[0]!;

    // A PDF that was never uploaded: refused beside the attachment's field, nothing saved.
    const ghost = { id: 0, title: 'Programa das escolas', description_html: '', file_name: 'pdfs/nao-existe.pdf' };
    const refused = await refusal(
      saveRecord(db, programmer, AT, 'programme_entries', entry.id, {
        baseVersion: entry.version,
        fields: { ...entry.fields, attachments: [...attachments, ghost] as never },
      }),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.body.errors).toEqual({
      [`attachments[${attachments.length}].file_name`]: 'Este ficheiro não foi carregado: carregue o PDF de novo.',
    });
    expect((await readRecord(db, 'programme_entries', entry.id)).version).toBe(entry.version);
    // Edição may not change the programme.
    expect(
      (
        await refusal(
          saveRecord(db, actor('edicao'), AT, 'programme_entries', entry.id, {
            baseVersion: entry.version,
            fields: { ...entry.fields, description_html: '<p>Outro texto.</p>' },
          }),
        )
      ).statusCode,
    ).toBe(403);

    // The same PDF as the first attachment, as another attachment: it gets a new id, the stored file's size and type.
    const extra = {
      id: imported.id,
      title: 'Programa das escolas',
      description_html: '<p>Para as escolas<script>x</script>.</p>',
      file_name: imported.file_name,
    };
    const saved = await saveRecord(db, programmer, AT, 'programme_entries', entry.id, {
      baseVersion: entry.version,
      fields: {
        ...entry.fields,
        description_html: '<p>O programa <strong>novo</strong>.<script>alert(1)</script></p>',
        attachments: [...attachments, extra] as never,
      },
    });
    expect(saved.fields.description_html).toBe('<p>O programa <strong>novo</strong>.</p>');
    const savedAttachments = saved.fields.attachments as { id: number; size: number; mime: string; description_html: string }[];
    expect(savedAttachments.slice(0, -1).map((a) => a.id)).toEqual(attachments.map((a) => a.id));
    const added = savedAttachments.at(-1)!;
    expect(added.id).toBeGreaterThan(Math.max(...attachments.map((a) => a.id)));
    expect(added).toMatchObject({ size: imported.size, mime: 'application/pdf', description_html: '<p>Para as escolas.</p>' });
    expect(await draftChangelog(db)).toEqual(['Programa alterado: texto, anexos']);
    await afterRelease(server, publishDraft(db, programmer, AT));

    const published = await getJson<{ description: string; attachments: { id: string; title: string; size: number }[] }[]>(
      server.app,
      '/api/festival_program',
    );
    const shown = published.body.find((e) => e.description.includes('O programa'))!;
    expect(shown.description).toContain('<strong>novo</strong>');
    expect(shown.attachments.map((a) => a.title)).toContain('Programa das escolas');
    const download = await server.app.inject({ method: 'GET', url: `/admin/api/download_attach/${added.id}` });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.length).toBe(imported.size);
    // The imported attachment kept its id: its public link still answers.
    expect((await server.app.inject({ method: 'GET', url: `/admin/api/download_attach/${imported.id}` })).statusCode).toBe(200);

    // A new entry, then removed: the changelog says so, and the public list follows.
    const made = await saveRecord(db, programmer, AT, 'programme_entries', undefined, {
      baseVersion: 0,
      fields: { position: 5, description_html: '<p>Sessões para escolas.</p>', attachments: [] },
    });
    expect(await draftChangelog(db)).toEqual(['Programa: nova entrada']);
    await afterRelease(server, publishDraft(db, programmer, AT));
    expect((await getJson<unknown[]>(server.app, '/api/festival_program')).body).toHaveLength(entries.length + 1);
    await deleteRecord(db, programmer, AT, 'programme_entries', made.id, (await readRecord(db, 'programme_entries', made.id)).version);
    expect(await draftChangelog(db)).toEqual(['Programa: entrada removida']);
    await afterRelease(server, publishDraft(db, programmer, AT));
    expect((await getJson<unknown[]>(server.app, '/api/festival_program')).body).toHaveLength(entries.length);
  });

  /** The PDFs the import stored: a press item may point at another one. */
  let pressFiles: string[] = [];

  /** A value of the field's kind that differs from the stored one and passes the schema. */
  function changedValue(type: RecordType, field: string, current: RecordFields): string | number | null {
    const value = current[field];
    if (field === 'starts_at' || field === 'published_at')
      return fieldText(value).replace(/T\d\d:/, fieldText(value).includes('T23:') ? 'T22:' : 'T23:');
    if (field === 'scope') return value === 'festa' ? 'distrib' : 'festa';
    if (type === 'press_items' && field === 'type') return value === 'pressrelease' ? 'presskit' : 'pressrelease';
    if (field === 'file_name') return pressFiles.find((name) => name !== value)!;
    if (field === 'venue_id') return (current.venue_id as number) === venueId ? venueId + 1 : venueId;
    if (['movie_id', 'section_id', 'city_id', 'group_id', 'parent_id', 'internal_page_id'].includes(field)) return null; // references: checked on their own
    // A travel time's cities are its key: never changed, a new pair is a new record (tested on its own).
    if (type === 'travel_times' && field !== 'minutes') return null;
    if (field === 'edition') return null; // a past edition's year is its key, like a travel time's cities
    if (field === 'movies') {
      const movies = current.movies as { thumb: string; list_html: string }[];
      return [{ ...movies[0]!, list_html: movies[0]!.list_html === 'Texto A' ? 'Texto B' : 'Texto A' }, ...movies.slice(1)] as never;
    }
    if (field === 'minutes') return Number(value) + 1;
    if (field === 'location') return value === 'top' ? 'bottom' : 'top';
    if (field === 'slug') return value === 'pagina-a' ? 'pagina-b' : 'pagina-a';
    if (field === 'template_id') return value === 4 ? 3 : 4;
    if (field === 'num_text_cols') return value === 1 ? 2 : 1;
    if (field === 'cards') {
      const cards = current.cards as CardFields[];
      return [{ ...cards[0]!, title: cards[0]!.title === 'Texto A' ? 'Texto B' : 'Texto A' }, ...cards.slice(1)] as never;
    }
    if (field === 'attachments') {
      const attachments = current.attachments as { title: string }[];
      return [{ ...attachments[0]!, title: attachments[0]!.title === 'Texto A' ? 'Texto B' : 'Texto A' }, ...attachments.slice(1)] as never;
    }
    if (field === 'menu_url') return value === 'programacao' ? 'noticias' : 'programacao';
    if (field === 'agenda_color') return value === '#112233' ? '#445566' : '#112233';
    if (field === 'festival_start') return value === '2026-04-02' ? '2026-04-03' : '2026-04-02';
    if (field === 'festival_days') return Number(value) === 9 ? 10 : 9;
    if (field.startsWith('visibility_')) return value ? 0 : 1;
    if (field.startsWith('social_')) return value === 'https://exemplo.pt/a' ? 'https://exemplo.pt/b' : 'https://exemplo.pt/a';
    if (field.endsWith('email')) return value === 'a@festa.pt' ? 'b@festa.pt' : 'a@festa.pt';
    if (field === 'kind') return value === 'poster' ? 'banner' : 'poster';
    if (field === 'status') return value === 'sold_out' ? 'few_seats' : 'sold_out';
    if (field === 'code') return value === 'LX-001' ? 'LX-002' : 'LX-001';
    if (field === 'turnover_min') return Number(value) + 5;
    if (field === 'gender') return value === 'f' ? 'm' : 'f';
    if (field === 'spoken_languages' || field === 'subtitle_languages') return value === 'it en' ? 'it' : 'it en';
    if (field === 'access_features') return value === 'ad' ? 'lgp' : 'ad';
    if (field === 'age_rating') return value === 'M/12' ? 'M/16' : 'M/12';
    if (field === 'wheelchair_places') return Number(value) + 1;
    if (['step_free', 'hearing_loop', 'accessible_toilets'].includes(field)) return value ? 0 : 1;
    if (field === 'opens_at' || field === 'closes_at') return value === '11:00' ? '12:00' : '11:00';
    if (field === 'position') return Number(value) + 1;
    if (field === 'asset_type') return value === 'movies' ? 'activities' : 'movies';
    if (['is_movie', 'highlight', 'from_festival', 'minimized'].includes(field)) return value ? 0 : 1;
    if (['year', 'duration_min'].includes(field)) return Number(value ?? 100) + 1;
    if (field === 'buy_link' || field === 'link')
      return value === 'https://bilhetes.example.pt/1' ? 'https://bilhetes.example.pt/2' : 'https://bilhetes.example.pt/1';
    return value === 'Texto A' ? 'Texto B' : 'Texto A';
  }

  it('the role × field matrix: every writable field, every role, enforced on the server as the forms show it', async () => {
    const { db } = server;
    const sample: Record<RecordType, string> = {
      movies: (await listRecords(db, 'movies')).find((m) => m.fields.is_movie === 1)!.id,
      sessions: (await listRecords(db, 'sessions'))[0]!.id,
      news: (await listRecords(db, 'news'))[0]!.id,
      cities: (await listRecords(db, 'cities'))[0]!.id,
      venues: (await listRecords(db, 'venues'))[0]!.id,
      sections: (await listRecords(db, 'sections'))[0]!.id,
      sponsor_groups: (await listRecords(db, 'sponsor_groups'))[0]!.id,
      sponsors: (await listRecords(db, 'sponsors'))[0]!.id,
      posters: (await listRecords(db, 'posters'))[0]!.id,
      custom_pages: (await listRecords(db, 'custom_pages')).find((p) => (p.fields.cards as unknown[]).length > 0)!.id,
      menu_items: (await listRecords(db, 'menu_items')).find((m) => m.fields.parent_id === null && m.fields.internal_page_id === 0)!.id,
      travel_times: (await listRecords(db, 'travel_times'))[0]!.id,
      settings: 'settings',
      history_editions: (await listRecords(db, 'history_editions'))[0]!.id,
      press_items: (await listRecords(db, 'press_items'))[0]!.id,
      programme_entries: (await listRecords(db, 'programme_entries')).find((e) => (e.fields.attachments as unknown[]).length > 0)!.id,
    };
    pressFiles = [...new Set((await listRecords(db, 'press_items')).map((p) => fieldText(p.fields.file_name)))];
    let checked = 0;
    for (const type of RECORD_TYPES) {
      for (const field of recordFields(type)) {
        for (const role of ROLES) {
          const current = await readRecord(db, type, sample[type]);
          const value = changedValue(type, field, current.fields);
          if (value === null) continue;
          const fields = { ...current.fields, [field]: value };
          const write = saveRecord(db, actor(role), AT, type, sample[type], { baseVersion: current.version, fields });
          if (mayChangeField(role, type, field)) {
            const saved = await write.catch((e: unknown) => {
              throw new Error(`${role} ${type}.${field}: ${JSON.stringify((e as GestaoError).body)}`);
            });
            expect(saved.fields[field], `${role} ${type}.${field}`).toEqual(value);
          } else {
            const error = await refusal(write);
            expect(error.statusCode, `${role} ${type}.${field}`).toBe(403);
            expect(error.body.message).toBe(`O seu perfil não pode alterar: ${FIELD_LABELS[type][field]}.`);
          }
          checked += 1;
        }
      }
    }
    // Left to their own tests: the references (section, film, venue, city, group; a menu's parent and page) and the keys (a travel time's cities, an edition's year).
    expect(checked).toBe(ROLES.length * RECORD_TYPES.reduce((n, t) => n + recordFields(t).length, 0) - ROLES.length * 9);
  }, 120_000);
});

describe('scheduled publishing', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  }, 60_000);
  afterAll(() => server?.close());

  it('publishes the draft once when due, even with several instances checking at the same time; a time passed while no instance ran is published at the next check', async () => {
    const { db } = server;
    const deps = { db, clock: () => new Date(AT) };
    await addStaffAccount(db, 'prog@festa.pt', 'programacao', { now: new Date(AT) });
    const news = (await listRecords(db, 'news'))[0]!;
    await saveRecord(db, { ...programmer, email: 'prog@festa.pt', role: 'administracao' }, AT, 'news', news.id, {
      baseVersion: news.version,
      fields: { ...news.fields, title: 'Título agendado' },
    });
    // Due a minute ago: the instances were down at that time.
    await addScheduledRelease(db, { id: 'agendamento-1', runAt: '2026-04-05T13:59:00.000Z', createdBy: 'prog@festa.pt', createdAt: AT });
    await addScheduledRelease(db, { id: 'agendamento-2', runAt: '2026-04-05T18:00:00.000Z', createdBy: 'prog@festa.pt', createdAt: AT });
    const before = (await listReleases(db)).length;
    const instances = await Promise.all([publishDueReleases(deps), publishDueReleases(deps), publishDueReleases(deps)]);
    expect(instances.reduce((a, b) => a + b, 0)).toBe(1);
    const releases = await listReleases(db);
    expect(releases).toHaveLength(before + 1);
    expect(releases[0]!.changelog).toEqual(['Notícia alterada: *Título agendado* (título)']);
    expect(releases[0]!.publishedBy).toBe('prog@festa.pt');
    const scheduled = await listScheduledReleases(db);
    expect(scheduled.map((s) => [s.id, s.state, s.releaseNumber])).toEqual([
      ['agendamento-2', 'agendada', null],
      ['agendamento-1', 'publicada', releases[0]!.number],
    ]);
    expect(await publishDueReleases(deps)).toBe(0);

    // A waiting publication stays listed however many were cancelled for later dates (the list keeps the latest 20 others).
    for (let day = 10; day < 32; day += 1) {
      const id = `cancelada-${day}`;
      await addScheduledRelease(db, { id, runAt: `2026-05-${day}T10:00:00.000Z`, createdBy: 'prog@festa.pt', createdAt: AT });
      await cancelScheduledRelease(db, id);
    }
    const listed = await listScheduledReleases(db);
    expect(listed.filter((s) => s.state === 'cancelada')).toHaveLength(20);
    expect(listed.find((s) => s.id === 'agendamento-2')).toMatchObject({ state: 'agendada' });
    expect(listed.map((s) => s.runAt)).toEqual(
      listed
        .map((s) => s.runAt)
        .sort()
        .reverse(),
    );
  });
});
