/**
 * A venue's grammatical gender (src/common/programme/venue-gender.ts): its migration gives every
 * venue 'm' and the seed's feminine venues 'f'; the seed import gives each its own; a session a
 * published change moved out of a feminine venue carries it in the public API's `planned`, and its
 * marker says "era na Cinemateca Portuguesa", where a masculine one stays "era no Cinema São Jorge".
 */
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Movie } from '../../src/common/api/api-types';
import type { RecordView } from '../../src/common/gestao/record-schemas';
import { changeMarkers } from '../../src/common/programme/change-marker';
import { openDatabase } from '../../server/db/database';
import { plannedPlaces } from '../../server/db/repositories/programme/programme-changes-repository';
import * as venueGender from '../../server/db/migrations/2026-12-06/2026-12-06T18-00_venue-gender';
import { testI18n } from '../support/i18n';
import { loggedInStaff, type GestaoBrowser } from './gestao-browser';
import { getJson, startTestServer, type TestServer } from './helper';

describe('the migration', () => {
  it("gives every venue 'm', the seed's feminine venues 'f', and goes back", async () => {
    // The migration's own view of the database: no schema type (it never imports the app's).
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const db = openDatabase(':memory:') as unknown as Kysely<any>;
    await db.schema
      .createTable('venues')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .execute();
    await db
      .insertInto('venues')
      .values([
        { id: 1, name: 'Cinema São Jorge' },
        { id: 2, name: 'Cinemateca Portuguesa' },
        { id: 7, name: 'Casa das Artes' },
        { id: 11, name: 'Sala Nova' },
      ])
      .execute();
    await venueGender.up(db);
    expect(await db.selectFrom('venues').select(['id', 'gender']).orderBy('id').execute()).toEqual([
      { id: 1, gender: 'm' },
      { id: 2, gender: 'f' },
      { id: 7, gender: 'f' },
      { id: 11, gender: 'm' },
    ]);
    await venueGender.down(db);
    expect(Object.keys((await db.selectFrom('venues').selectAll().executeTakeFirstOrThrow()) as object)).toEqual(['id', 'name']);
    await db.destroy();
  });
});

describe('a session moved out of a feminine venue', () => {
  let server: TestServer;
  let programmer: GestaoBrowser;

  beforeAll(async () => {
    server = await startTestServer();
    programmer = await loggedInStaff(server, 'prog@festa.pt', 'programacao');
  }, 60_000);
  afterAll(() => server?.close());

  it('the seed gives each venue its gender, which the back office edits', async () => {
    const rows = await server.db.selectFrom('venues').select(['name', 'gender']).orderBy('id').execute();
    expect(rows.filter((v) => v.gender === 'f').map((v) => v.name)).toEqual(['Cinemateca Portuguesa', 'Casa das Artes']);
    expect(rows.find((v) => v.name === 'Cinema São Jorge')?.gender).toBe('m');
    const record = (await programmer.request('GET', '/records/venues/2')).json<RecordView>();
    expect(record.fields.gender).toBe('f');
  });

  it("carries the venue's gender in `planned`, and the marker agrees with it", async () => {
    // The Cinemateca's last session, moved at night to the Cinema São Jorge (no clash there at 05:00).
    const session = await server.db
      .selectFrom('sessions')
      .select(['id', 'starts_at', 'movie_id'])
      .where('venue_id', '=', 2)
      .orderBy('starts_at', 'desc')
      .executeTakeFirstOrThrow();
    const record = (await programmer.request('GET', `/records/sessions/${session.id}`)).json<RecordView>();
    const moved = `${session.starts_at.slice(0, 10)}T05:00`;
    const saved = await programmer.request('PUT', `/records/sessions/${session.id}`, {
      baseVersion: record.version,
      fields: { ...record.fields, venue_id: 1, starts_at: moved },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const published = await programmer.request('POST', '/releases');
    expect(published.statusCode, published.body).toBe(201);

    expect((await plannedPlaces(server.db)).get(String(session.id))).toMatchObject({
      venue_name: 'Cinemateca Portuguesa',
      venue_gender: 'f',
    });
    const movie = await getJson<Movie>(server.app, `/api/movie/${session.movie_id}`);
    const shown = movie.body.sessions.find((s) => s.id === String(session.id))!;
    expect(shown.planned).toEqual({ starts_at: session.starts_at, venue_name: 'Cinemateca Portuguesa', venue_gender: 'f' });
    const marked = { starts_at: moved, venue_name: shown.venue_name, planned: shown.planned };
    expect(changeMarkers(marked)).toContain('Mudou de sala: era na Cinemateca Portuguesa');
    expect(changeMarkers(marked, testI18n('pt-PT'))).toContain('Mudou de sala: era na Cinemateca Portuguesa');
  });
});
