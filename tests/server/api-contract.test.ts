/**
 * The API contract holds: the OpenAPI document is valid OpenAPI 3.1 (checked by an independent
 * validator), every endpoint of the registry answers at {host}/admin + its spec path, and a real
 * answer of every GET matches the response schema the registry (and so OpenAPI) declares.
 */
import { Validator } from '@seriousme/openapi-schema-validator';
import Ajv2020 from 'ajv/dist/2020';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type EndpointName } from '../../src/common/api/endpoints';
import type { ApiError } from '../../src/common/api/api-types';
import * as schemas from '../../src/common/api/response-schemas';
import { PREVIOUS_EDITION, startTestServer, type OpenApiDocument, type TestServer } from './helper';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** One real request per GET endpoint of the registry: the test fails if an endpoint is added without one. */
const SAMPLES: Record<EndpointName, string> = {
  homeprefs: '/admin/homeprefs',
  festivalTexts: '/admin/api/festival_texts?lang=it',
  filmsByCategory: '/admin/api/movies_from_categ/0/festa',
  newsList: '/admin/api/news/festa',
  news: '/admin/api/news/301',
  cityProgramme: '/admin/api/movies_from_festival/1',
  cities: '/admin/api/cities',
  menus: '/admin/api/menus/festa',
  movie: '/admin/api/movie/101',
  activity: '/admin/api/activity/201',
  search: '/admin/api/search?q=roma',
  customPage: '/admin/api/custompage/bilheteira',
  history: `/admin/api/festival_history/${PREVIOUS_EDITION}`,
  venue: '/admin/api/venue/1?lang=en',
  sections: '/admin/api/sections/movies_festa/festa',
  filmFilter: '/admin/api/movies2filter',
  activities: '/admin/api/activities',
  press: '/admin/api/press/pressrelease',
  sponsorsFromMenu: '/admin/api/sponsors_from_menu/0/festa',
  sponsorsFromHome: '/admin/api/sponsors_from_home',
  posters: '/admin/api/posters/festa',
  festivalProgramme: '/admin/api/festival_program',
  sessionIndex: '/admin/api/sessions',
  travelTimes: '/admin/api/travel_times',
  programmeAlterations: '/admin/api/programme_changes',
  searchIndex: '/admin/api/search_index',
  programmeSync: '/admin/sync/programme',
  programmeChanges: '/admin/sync/changes/0',
  programmeVersion: '/admin/sync/version',
  pushKey: '/admin/push/key',
};

describe('OpenAPI document', () => {
  it('is valid OpenAPI 3.1 and describes every answer with a full schema', async () => {
    const doc = (await server.app.inject({ method: 'GET', url: '/admin/openapi.json' })).json<OpenApiDocument>();
    const result = await new Validator().validate(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    const movie = doc.paths['/admin/api/movie/{id}']!.get.responses['200'].content['application/json'].schema;
    expect(movie).toMatchObject({ type: 'object', additionalProperties: false });
    expect(movie.required).toEqual(expect.arrayContaining(['id', 'title', 'sessions', 'technical_info']));
    expect(movie.properties.sessions!.items.required).toEqual(expect.arrayContaining(['city_name', 'dd', 'mm', 'hhmm', 'venue_name']));
  });
});

describe('answers match their schemas', () => {
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  it.each(Object.keys(endpoints) as EndpointName[])('%s', async (name) => {
    const response = await server.app.inject({ method: 'GET', url: SAMPLES[name] });
    expect(response.statusCode).toBe(200);
    const validate = ajv.compile(JSON.parse(JSON.stringify(endpoints[name].response)) as object);
    const valid = validate(response.json());
    expect(validate.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
  });

  it('catches an answer that breaks its schema (the check can fail)', () => {
    const validate = ajv.compile(JSON.parse(JSON.stringify(endpoints.movie.response)) as object);
    expect(validate({ id: '101', title: 'Sem sessões' })).toBe(false);
  });
});

/**
 * The spec's fields (section 3), and those added beside them (a film's duration, language,
 * subtitles, pictures and original title), of the answers that copy some of a collection's fields
 * (response-schemas.ts, collectionProps): the schema and the repository read one list, so a field
 * dropped from it, or renamed in its collection, would still match its schema; written out here, it
 * is caught.
 */
describe("the answers' fields, some of them a collection's", () => {
  const SPEC_FIELDS = {
    cardSchema: 'highlight id ismovie keywords logline mm name thumb title',
    movieListItemSchema: 'director highlight id ismovie keywords logline mm name thumb title yy',
    movieSchema:
      'buybtn_label buylink description director duration_min fromfestival hh highlight id ismovie keywords language logline mm name original_title pictures poster sessions subtitles tag technical_info thumb title venue video_url yy',
    activitySchema: 'description id ismovie keywords logline name pictures poster sessions thumb title',
    programmeEventSchema:
      'dd hh highlight id ismovie keywords logline mm name session_id status status_note thumb title venue venue_address',
    newsItemSchema: 'dd description id mm pictures poster pretty_date published_at summary thumb title video_url yy',
    sponsorSchema: 'description id link minimized name tag_name thumb',
    pressItemSchema: 'description id mime size title type',
    customPageSchema: 'cards mainhtml num_text_cols poster sidebarhtml slug subsection_html subsection_title template_id title',
    festivalEditionSchema: 'awards edition editions guests list_movies numbers poster sponsors title venues',
    menuItemSchema: 'childs internal_page_id menu_url template_id title',
    citySchema: 'id name',
    sectionSchema: 'assetType id name',
    posterItemSchema: 'description img link',
  } as const;

  it.each(Object.entries(SPEC_FIELDS))('%s', (name, fields) => {
    const schema = schemas[name as keyof typeof SPEC_FIELDS];
    expect([...schema.required].sort()).toEqual(fields.split(' '));
  });

  it("types a copied field as the spec does: a flag '0'/'1', a number an integer, with its collection's description", () => {
    const { properties } = schemas.movieSchema;
    expect(JSON.parse(JSON.stringify(properties.highlight))).toEqual({ type: 'string', enum: ['0', '1'] });
    expect(properties.duration_min).toEqual({ type: 'integer', description: 'Duração em minutos; 0 quando não se sabe.' });
    expect(properties.language).toEqual({ type: 'string', description: 'Língua em que o filme é exibido.' });
    expect(JSON.parse(JSON.stringify(properties.director))).toEqual({ type: 'string' });
    expect(schemas.customPageSchema.properties.template_id.type).toBe('integer');
    expect(schemas.menuItemSchema.properties.internal_page_id.type).toBe('integer');
    expect(schemas.customPageSchema.properties.subsection_html).toEqual({ type: 'string', description: 'HTML já limpo no servidor.' });
  });
});

describe('the spec paths', () => {
  it('answers at {host}/admin + the spec path and nothing at the old /admin/api/api', async () => {
    expect((await server.app.inject({ method: 'GET', url: '/admin/api/cities' })).statusCode).toBe(200);
    expect((await server.app.inject({ method: 'GET', url: '/admin/homeprefs' })).statusCode).toBe(200);
    for (const old of ['/admin/api/api/cities', '/admin/api/homeprefs', '/admin/api/api/movie/101', '/admin/api/openapi.json']) {
      expect((await server.app.inject({ method: 'GET', url: old })).statusCode, old).toBe(404);
    }
    const post = await server.app.inject({ method: 'POST', url: '/admin/api/api/newsletter', payload: { email: 'a@b.pt', city: 'Faro' } });
    expect(post.statusCode).toBe(404);
  });

  it("takes the spec's section asset types: movies_{scope} and activities", async () => {
    const festa = await server.app.inject({ method: 'GET', url: '/admin/api/sections/movies_festa/festa' });
    expect(festa.statusCode).toBe(200);
    expect(festa.json<{ assetType: string }[]>().length).toBeGreaterThan(0);
    const distrib = await server.app.inject({ method: 'GET', url: '/admin/api/sections/movies_distrib/distrib' });
    expect(distrib.statusCode).toBe(200);
    const activities = await server.app.inject({ method: 'GET', url: '/admin/api/sections/activities/festa' });
    expect(activities.json<{ assetType: string }[]>().every((s) => s.assetType === 'activities')).toBe(true);
    const bad = await server.app.inject({ method: 'GET', url: '/admin/api/sections/filmes/festa' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<ApiError>().message).toMatch(/movies_festa/);
  });

  it('tells a news list (scope) from a news item (id) on the same path shape', async () => {
    const list = await server.app.inject({ method: 'GET', url: '/admin/api/news/festa' });
    expect(Array.isArray(list.json())).toBe(true);
    const item = await server.app.inject({ method: 'GET', url: '/admin/api/news/301' });
    expect(item.json()).toMatchObject({ id: '301' });
    const bad = await server.app.inject({ method: 'GET', url: '/admin/api/news/abc' });
    expect(bad.statusCode).toBe(400);
  });
});
