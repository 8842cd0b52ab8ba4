/**
 * A field added to a collection, with its migration and nothing else, reaches the back office (the
 * record's form fields, as the staff API gives them), the staff API's writes (validated by the
 * field's own rule, given to its team, saved and published) and the public API (a film's sessions,
 * and the document that describes them). The field is a throw-away one: this test's collections
 * are the site's with "audiodescrição" added to sessions, and its migration, a real one, runs after
 * the site's on this test's database only.
 */
import Ajv2020 from 'ajv/dist/2020';
import type { Kysely, Migration } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COLLECTIONS, type Collections } from '../../src/common/gestao/collections';
import { collection, field, flag } from '../../src/common/gestao/collections/field-kit';
import { SCHEDULE } from '../../src/common/gestao/collections/teams';
import { fieldText, type RecordView } from '../../src/common/gestao/record-schemas';
import { loggedInStaff, type GestaoBrowser } from './gestao-browser';
import { getJson, startTestServer, type OpenApiDocument, type TestServer } from './helper';

const DESCRIPTION = 'Sessão com audiodescrição: 1 sim, 0 não.';

/** The site's collections, the sessions' with one field more: the one line a new field is. */
const collections: Collections = {
  ...COLLECTIONS,
  sessions: collection({
    ...COLLECTIONS.sessions,
    fields: {
      ...COLLECTIONS.sessions.fields,
      audio_description: field({ id: 'tests.audio_description', message: 'audiodescrição' }, SCHEDULE, flag, { visitors: DESCRIPTION }),
    },
  }),
};

/** Its migration, as a dated one in server/db/migrations would be written. */
const addAudioDescription: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('sessions')
      .addColumn('audio_description', 'integer', (column) => column.notNull().defaultTo(0))
      .execute();
  },
};

interface PublicSession {
  id: string;
  audio_description?: string;
}

let server: TestServer;
let programmer: GestaoBrowser;
let editor: GestaoBrowser;

beforeAll(async () => {
  server = await startTestServer({}, undefined, {
    collections,
    migrations: { '2099-01-01T00-00_test-audio-description': addAudioDescription },
  });
  programmer = await loggedInStaff(server, 'prog@festa.pt', 'programacao');
  editor = await loggedInStaff(server, 'edit@festa.pt', 'edicao');
}, 60_000);
afterAll(() => server?.close());

const firstSession = async (browser: GestaoBrowser) => (await browser.request('GET', '/records/sessions')).json<RecordView[]>()[0]!;

describe('a field added to a collection and its migration', () => {
  it("is among the record's form fields in the back office, from its column", async () => {
    const listed = await firstSession(programmer);
    const read = (await programmer.request('GET', `/records/sessions/${listed.id}`)).json<RecordView>();
    expect(Object.keys(read.fields)).toContain('audio_description');
    expect(read.fields.audio_description).toBe(0);
  });

  it('is written through the staff API by its team, checked by its rule, and refused to another team', async () => {
    const session = await firstSession(programmer);
    const wrong = await programmer.request('PUT', `/records/sessions/${session.id}`, {
      baseVersion: session.version,
      fields: { ...session.fields, audio_description: 2 },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<{ errors: Record<string, string> }>().errors).toEqual({ audio_description: 'Campo audiodescrição é sim ou não.' });

    const refused = await editor.request('PUT', `/records/sessions/${session.id}`, {
      baseVersion: session.version,
      fields: { ...session.fields, audio_description: 1 },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: 'O seu perfil não pode alterar: audiodescrição.', fields: ['audio_description'] });

    const saved = await programmer.request('PUT', `/records/sessions/${session.id}`, {
      baseVersion: session.version,
      fields: { ...session.fields, audio_description: 1 },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<RecordView>()).toMatchObject({ state: 'alterado', fields: { audio_description: 1 } });
  });

  it('reaches the public API once published, as its document describes it', async () => {
    const session = await firstSession(programmer);
    expect((await programmer.request('POST', '/releases')).statusCode).toBe(201);
    const movie = await getJson<{ sessions: PublicSession[] }>(server.app, `/api/movie/${fieldText(session.fields.movie_id)}`);
    expect(movie.status).toBe(200);
    const values = new Map(movie.body.sessions.map((s) => [s.id, s.audio_description]));
    expect(values.get(session.id)).toBe('1');
    expect([...values.values()].every((v) => v === '1' || v === '0')).toBe(true);

    const doc = (await server.app.inject({ method: 'GET', url: '/admin/openapi.json' })).json<OpenApiDocument>();
    const schema = doc.paths['/admin/api/movie/{id}']!.get.responses['200'].content['application/json'].schema;
    expect(schema.properties.sessions!.items.properties.audio_description).toEqual({
      type: 'string',
      enum: ['0', '1'],
      description: DESCRIPTION,
    });
    expect(schema.properties.sessions!.items.required).toContain('audio_description');
    const validate = new Ajv2020({ allErrors: true, strict: false }).compile(schema);
    expect(validate(movie.body), JSON.stringify(validate.errors)).toBe(true);
    // The document is strict: a session without the field would not pass.
    const without = { ...movie.body, sessions: movie.body.sessions.map(({ audio_description: _, ...rest }) => rest) };
    expect(validate(without)).toBe(false);
  });
});
