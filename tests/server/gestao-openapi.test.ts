/**
 * GET /gestao/api/openapi.json: valid OpenAPI 3.1 (an independent validator), readable without a
 * session and kept out of caches, generated from the endpoint table the routes are registered
 * from: every route registered under /gestao/api is in it (the test names any that is not), its
 * access gives the roles, the CSRF header and the recent password, and a record type's body is its
 * Yup schema. On SQLite by default, on PostgreSQL with TEST_DATABASE=postgres.
 */
import { Validator } from '@seriousme/openapi-schema-validator';
import Ajv2020 from 'ajv/dist/2020';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ValidationError } from 'yup';
import { RECORD_SCHEMAS } from '../../src/common/gestao/record-schemas';
import { RECORD_TYPES } from '../../src/common/gestao/roles';
import { gestaoRoutesOf } from '../../server/gestao/gestao-api';
import type { RegisteredRoute } from '../../server/gestao/gestao-endpoint-registration';
import { GestaoBrowser, loggedInStaff } from './gestao-browser';
import { startTestServer, type TestServer } from './helper';

interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  maxLength?: number;
  enum?: unknown[];
}
interface Operation {
  summary: string;
  description: string;
  parameters: { name: string; in: string; required: boolean; schema: Schema }[];
  requestBody?: { content: { 'application/json': { schema: Schema } } };
  responses: Record<string, { content?: { 'application/json'?: { schema: Schema & { $ref?: string } } } }>;
  security: Record<string, string[]>[];
  'x-fastify-route': string;
  'x-roles': string[];
  'x-csrf': boolean;
  'x-session': boolean;
  'x-recent-password': boolean;
}
interface Document {
  openapi: string;
  info: { description: string };
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema>; securitySchemes: Record<string, { in: string; name: string }> };
}

let server: TestServer;
let doc: Document;

beforeAll(async () => {
  server = await startTestServer();
  const response = await new GestaoBrowser(server.app).request('GET', '/openapi.json');
  expect(response.statusCode).toBe(200);
  doc = response.json<Document>();
}, 60_000);
afterAll(() => server?.close());

const operation = (path: string, method: string): Operation => {
  const found = doc.paths[path]?.[method];
  if (!found) throw new Error(`${method.toUpperCase()} ${path} não está no documento`);
  return found;
};

/** The registered routes that no operation of the document describes, as "METHOD /url". */
function undescribed(routes: readonly RegisteredRoute[], document: Document): string[] {
  const described = new Set(Object.values(document.paths).flatMap((ops) => Object.values(ops).map((op) => op['x-fastify-route'])));
  return routes
    .filter((route) => route.endpoint !== false && !described.has(`${route.method} ${route.url}`))
    .map((r) => `${r.method} ${r.url}`);
}

describe('/gestao/api/openapi.json', () => {
  it('is valid OpenAPI 3.1, answered without a session and never cached', async () => {
    const result = await new Validator().validate(doc as unknown as Record<string, unknown>);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(doc.openapi).toBe('3.1.0');
    // The scripted path: the CSRF token from GET /session, then the login.
    expect(doc.info.description).toContain('GET /gestao/api/session');
    expect(doc.info.description).toContain('X-CSRF-Token');
    expect(doc.components.securitySchemes.csrfToken).toMatchObject({ in: 'header', name: 'X-CSRF-Token' });
    expect(doc.components.securitySchemes.sessionCookie).toMatchObject({ in: 'cookie', name: 'gestao' });
  });

  it('describes every route registered under /gestao/api (and names any that is not)', () => {
    const routes = gestaoRoutesOf(server.app);
    expect(routes.length).toBeGreaterThan(30);
    const missing = undescribed(routes, doc);
    expect(
      missing,
      `Rotas sem descrição no documento (registe-a a partir da tabela, src/common/gestao/api/gestao-endpoints.ts): ${missing.join(', ')}`,
    ).toEqual([]);
    // Only the catch-all 404 stays out, on purpose.
    expect(routes.filter((r) => r.endpoint === false).map((r) => r.url)).toEqual(expect.arrayContaining(['/gestao/api/*']));
    expect(new Set(routes.filter((r) => r.endpoint === false).map((r) => r.url))).toEqual(new Set(['/gestao/api/*']));
    // The check fails for a route declared without its description.
    const added: RegisteredRoute = { method: 'POST', url: '/gestao/api/uploads', endpoint: undefined, guards: {} };
    expect(undescribed([...routes, added], doc)).toEqual(['POST /gestao/api/uploads']);
  });

  it('reads who may call a route, the CSRF header and the recent password from the route itself', () => {
    const login = operation('/gestao/api/session', 'post');
    expect(login).toMatchObject({ 'x-session': false, 'x-csrf': true, 'x-roles': [] });
    expect(login.security).toEqual([{ sessionCookie: [], csrfToken: [] }]);
    expect(login.requestBody!.content['application/json'].schema.required).toEqual(['email', 'password']);
    expect(Object.keys(login.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '403', '429']));

    const session = operation('/gestao/api/session', 'get');
    expect(session).toMatchObject({ 'x-session': false, 'x-csrf': false });
    expect(session.responses['200']!.content!['application/json']!.schema.$ref).toBe('#/components/schemas/SessionAnswer');

    expect(operation('/gestao/api/users', 'get')['x-roles']).toEqual(['administracao']);
    const change = operation('/gestao/api/users/{id}', 'patch');
    expect(change).toMatchObject({ 'x-recent-password': true, 'x-csrf': true, 'x-roles': ['administracao'] });
    expect(change.parameters).toContainEqual({ name: 'id', in: 'path', required: true, schema: { type: 'string' } });
    expect(operation('/gestao/api/forms/{kind}', 'get')['x-roles']).toEqual(['formularios', 'administracao']);
    expect(operation('/gestao/api/forms/{kind}', 'get').parameters[0]!.schema.enum).toEqual(['newsletter', 'accreditation', 'ticket']);
    expect(operation('/gestao/api/releases/{number}/restore', 'post')).toMatchObject({
      'x-recent-password': true,
      'x-roles': ['administracao'],
    });

    // Who may add a record is the type's own (CREATE_ROLES): news are Edição's, sessions Programação's.
    expect(operation('/gestao/api/records/news', 'post')['x-roles']).toEqual(['administracao', 'edicao']);
    expect(operation('/gestao/api/records/sessions', 'post')['x-roles']).toEqual(['administracao', 'programacao']);
    const save = operation('/gestao/api/records/sessions/{id}', 'put');
    expect(save.responses['409']!.content!['application/json']!.schema.properties!.stored).toEqual({
      $ref: '#/components/schemas/RecordView',
    });
    expect(save.responses['400']!.content!['application/json']!.schema.properties!.errors).toMatchObject({ type: 'object' });
    expect(operation('/gestao/api/audit', 'get').parameters.map((p) => p.name)).toEqual([
      'actor',
      'action',
      'outcome',
      'from',
      'to',
      'limit',
    ]);
  });

  /** Required only as another field decides (a `.when` of the schema): JSON Schema's `required` cannot say it. */
  const CONDITIONAL: Partial<Record<string, string[]>> = { menu_items: ['menu_url'] };

  it.each(RECORD_TYPES)("a %s's body is its Yup schema: the same fields, and each field Yup requires is required", (type) => {
    const yup = RECORD_SCHEMAS[type];
    const created = operation(`/gestao/api/records/${type}`, 'post').requestBody!.content['application/json'].schema;
    const saved = operation(`/gestao/api/records/${type}/{id}`, 'put').requestBody!.content['application/json'].schema;
    expect(created.required).toEqual(['fields']);
    expect(saved.required).toEqual(['baseVersion', 'fields']);
    for (const fields of [created.properties!.fields!, saved.properties!.fields!]) {
      expect(Object.keys(fields.properties!).sort()).toEqual(Object.keys(yup.fields).sort());
      // Required by Yup: leaving the field out is refused with the field's own message.
      const requiredByYup = Object.keys(yup.fields).filter((field) => {
        if (CONDITIONAL[type]?.includes(field)) return false;
        try {
          yup.validateSyncAt(field, {});
          return false;
        } catch (error) {
          if (!(error instanceof ValidationError)) throw error;
          return true;
        }
      });
      expect(requiredByYup.length).toBeGreaterThan(0);
      expect(fields.required).toEqual(expect.arrayContaining(requiredByYup));
    }
    expect(doc.paths[`/gestao/api/records/${type}/{id}`]!.delete!.parameters).toContainEqual(
      expect.objectContaining({ name: 'baseVersion', in: 'query', required: true }),
    );
  });

  it("keeps a field's limits: a film's title is required and at most 200 characters, its year a number or null", () => {
    const fields = operation('/gestao/api/records/movies', 'post').requestBody!.content['application/json'].schema.properties!.fields!;
    expect(fields.properties!.title).toMatchObject({ type: 'string', maxLength: 200, minLength: 1 });
    expect(fields.required).toContain('title');
    expect(fields.properties!.year!.type).toEqual(['integer', 'null']);
    expect(fields.properties!.scope!.enum).toEqual(['festa', 'distrib']);
  });

  it('describes real answers: what the server sends matches the schema of its success status', async () => {
    const admin = await loggedInStaff(server, 'doc@festa.pt', 'administracao');
    const movie = (await admin.request('GET', '/records/movies')).json<{ id: string }[]>()[0]!;
    const ajv = new Ajv2020({ allErrors: true, strict: false });
    const samples: [string, string, string][] = [
      ['/gestao/api/session', '/session', '200'],
      ['/gestao/api/records/movies', '/records/movies', '200'],
      ['/gestao/api/records/movies/{id}', `/records/movies/${movie.id}`, '200'],
      ['/gestao/api/records/movies/{id}/history', `/records/movies/${movie.id}/history`, '200'],
      ['/gestao/api/releases', '/releases', '200'],
      ['/gestao/api/releases/scheduled', '/releases/scheduled', '200'],
      ['/gestao/api/sessions', '/sessions', '200'],
      ['/gestao/api/print/options', '/print/options', '200'],
      ['/gestao/api/grid/sessions/{id}/history', '/grid/sessions/21/history', '200'],
    ];
    for (const [path, url, status] of samples) {
      const answer = await admin.request('GET', url);
      expect(String(answer.statusCode), url).toBe(status);
      const schema = operation(path, 'get').responses[status]!.content!['application/json']!.schema;
      // The answer's $refs point into the document's components.
      const validate = ajv.compile({ ...schema, components: doc.components });
      expect(validate(answer.json()), `${url}: ${JSON.stringify(validate.errors)}`).toBe(true);
    }
    // The check can fail: a record without its version is not a RecordView.
    const validate = ajv.compile({ $ref: '#/components/schemas/RecordView', components: doc.components });
    expect(validate({ type: 'movies', id: '1', fields: {}, state: 'novo' })).toBe(false);
  });
});
