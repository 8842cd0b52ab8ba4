/**
 * The back office's records and releases, below the HTTP layer: the shared schemas, the roles'
 * field table, stale writes, publishing as numbered releases with a pt-PT changelog, rollback, and
 * the import that refuses to replace what was published from /gestao.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIELD_LABELS, recordFields, type RecordFields } from '../../src/common/gestao/record-schemas';
import { mayChangeField, RECORD_TYPES, ROLES, type RecordType, type Role } from '../../src/common/gestao/roles';
import { GestaoError } from '../../server/gestao/content/gestao-error';
import { deleteRecord, listRecords, readRecord, saveRecord, type Actor } from '../../server/gestao/content/records';
import { draftChangelog, publishDraft, releaseAnImportWouldReplace, restoreRelease } from '../../server/gestao/content/releases';
import { listReleases } from '../../server/db/repositories/releases-repository';
import { addScheduledRelease, listScheduledReleases } from '../../server/db/repositories/scheduled-releases-repository';
import { publishDueReleases } from '../../server/gestao/content/scheduled-publishing';
import { runStaffCommand } from '../../server/gestao/staff-command';
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
    for (const time of ['2026-04-06T18:00', '2026-04-07T21:30', '2026-04-08T16:00']) {
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
    const session = (await listRecords(db, 'sessions')).find((s) => s.fields.starts_at === '2026-04-07T21:30')!;
    await saveRecord(db, programmer, AT, 'sessions', session.id, {
      baseVersion: session.version,
      fields: { ...session.fields, starts_at: '2026-04-07T22:00' },
    });
    const venue = (await db.selectFrom('venues').select('name').where('id', '=', venueId).executeTakeFirstOrThrow()).name;
    const moved = await afterRelease(server, publishDraft(db, programmer, AT));
    expect(moved.changelog).toEqual([`Sessão de *La Stanza Nuova* mudou: terça 7, 21:30 → 22:00, ${venue}`]);
    const movieId = String(session.fields.movie_id);
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
    expect(await draftChangelog(db)).toContain(`Nova sala: Cinema Novo (${String(city.fields.name)})`);
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

  /** The PDFs the import stored: a press item may point at another one. */
  let pressFiles: string[] = [];

  /** A value of the field's kind that differs from the stored one and passes the schema. */
  function changedValue(type: RecordType, field: string, current: RecordFields): string | number | null {
    const value = current[field];
    if (field === 'starts_at' || field === 'published_at')
      return String(value).replace(/T\d\d:/, String(value).includes('T23:') ? 'T22:' : 'T23:');
    if (field === 'scope') return value === 'festa' ? 'distrib' : 'festa';
    if (type === 'press_items' && field === 'type') return value === 'pressrelease' ? 'presskit' : 'pressrelease';
    if (field === 'file_name') return pressFiles.find((name) => name !== value)!;
    if (field === 'venue_id') return (current.venue_id as number) === venueId ? venueId + 1 : venueId;
    if (['movie_id', 'section_id', 'city_id', 'group_id'].includes(field)) return null; // references: checked on their own
    if (field === 'kind') return value === 'poster' ? 'banner' : 'poster';
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
      press_items: (await listRecords(db, 'press_items'))[0]!.id,
    };
    pressFiles = [...new Set((await listRecords(db, 'press_items')).map((p) => String(p.fields.file_name)))];
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
    expect(checked).toBe(ROLES.length * RECORD_TYPES.reduce((n, t) => n + recordFields(t).length, 0) - ROLES.length * 4);
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
    const account = await runStaffCommand(['add', 'prog@festa.pt', '--role', 'programacao', '--password-stdin'], {
      db,
      now: new Date(AT),
      readStdin: () => Promise.resolve('lanterna magica de trastevere\n'),
    });
    expect(account.code).toBe(0);
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
    expect(releases[0]!.changelog).toEqual(['Notícia alterada: *Título agendado*']);
    expect(releases[0]!.publishedBy).toBe('prog@festa.pt');
    const scheduled = await listScheduledReleases(db);
    expect(scheduled.map((s) => [s.id, s.state, s.releaseNumber])).toEqual([
      ['agendamento-2', 'agendada', null],
      ['agendamento-1', 'publicada', releases[0]!.number],
    ]);
    expect(await publishDueReleases(deps)).toBe(0);
  });
});
