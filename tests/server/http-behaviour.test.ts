import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PREVIOUS_EDITION, startTestServer, type OpenApiDocument, type TestServer } from './helper';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const GET_PATHS = [
  '/homeprefs',
  '/api/movies_from_categ/0/festa',
  '/api/news/festa',
  '/api/news/301',
  '/api/movies_from_festival/1',
  '/api/cities',
  '/api/menus/festa',
  '/api/movie/101',
  '/api/activity/201',
  '/api/search?q=roma',
  '/api/custompage/bilheteira',
  `/api/festival_history/${PREVIOUS_EDITION}`,
  '/api/sections/movies_festa/festa',
  '/api/movies2filter',
  '/api/activities',
  '/api/press/pressrelease',
  '/api/sponsors_from_menu/0/festa',
  '/api/sponsors_from_home',
  '/api/posters/festa',
  '/api/festival_program',
];

describe('caching headers', () => {
  it.each(GET_PATHS)('%s has an ETag, a CDN-fit Cache-Control, and answers 304 to If-None-Match', async (path) => {
    const first = await server.app.inject({ method: 'GET', url: `/admin${path}` });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toMatch(/^application\/json/);
    expect(first.headers['cache-control']).toMatch(/^public, max-age=\d+, s-maxage=\d+/);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"/);
    const second = await server.app.inject({ method: 'GET', url: `/admin${path}`, headers: { 'if-none-match': etag } });
    expect(second.statusCode).toBe(304);
  });

  it('marks posts as not cacheable', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/admin/api/newsletter',
      payload: { email: 'c@example.pt', city: 'Porto' },
    });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('compresses large answers for clients that accept it', async () => {
    const response = await server.app.inject({
      method: 'GET',
      url: '/admin/api/movies_from_categ/0/festa',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(['br', 'gzip']).toContain(response.headers['content-encoding']);
  });

  it('accepts trailing slashes', async () => {
    expect((await server.app.inject({ method: 'GET', url: '/admin/api/cities/' })).statusCode).toBe(200);
  });

  it('serves the generated images of the content', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/media/films/101-thumb.jpg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/jpeg');
  });
});

describe('OpenAPI', () => {
  it('documents every API path with the Yup-derived request schemas', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/admin/openapi.json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json<OpenApiDocument>();
    expect(doc.openapi).toBe('3.1.0');
    const paths = Object.keys(doc.paths);
    for (const path of GET_PATHS) {
      const template = path.split('?')[0]!;
      const matched = paths.some((p) =>
        new RegExp(`^${p.replace('{path}', '.+').replace(/\{[^}]+\}/g, '[^/]+')}$`).test(`/admin${template}`),
      );
      expect(matched, template).toBe(true);
    }
    for (const path of ['newsletter', 'accreditation', 'ticket']) expect(paths).toContain(`/admin/api/${path}`);
    expect(paths).toContain('/admin/api/download_press/{id}');
    expect(paths).toContain('/admin/homeprefs');
    expect(paths.filter((p) => p.startsWith('/admin/api/api/'))).toEqual([]);
    const newsletter = doc.paths['/admin/api/newsletter']!.post;
    expect(newsletter.requestBody.content['application/json'].schema).toMatchObject({
      type: 'object',
      required: ['email', 'city'],
      properties: {
        email: { type: 'string', pattern: expect.stringContaining('{2,4}') as unknown },
        city: { type: 'string', maxLength: 80 },
      },
    });
    expect(newsletter.parameters).toContainEqual(expect.objectContaining({ name: 'Idempotency-Key', in: 'header' }));
    const ticket = doc.paths['/admin/api/ticket']!.post.requestBody.content['application/json'].schema;
    expect(ticket.properties.tickets).toMatchObject({ type: 'integer', minimum: 1, maximum: 10 });
    const scope = doc.paths['/admin/api/menus/{scope}']!.get.parameters[0];
    expect(scope).toMatchObject({ name: 'scope', in: 'path', schema: { enum: ['festa', 'distrib'] } });
  });
});
