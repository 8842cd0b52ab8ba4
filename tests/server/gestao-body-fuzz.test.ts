/**
 * Bad input gets 400, never 500: every /gestao/api route that takes a JSON body (the routes as the
 * OpenAPI document collects them, each with its body's schema) is sent hostile bodies by someone
 * who may use it (an administrator, or nobody logged in for the login, an invitation's acceptance
 * and the passkey login): bodies that are not objects, each field of the schema in turn given a
 * wrong type, null, a list, a huge string or a nested object, unknown and prototype-named fields,
 * and random JSON from fast-check. No answer may be a 5xx, and every 400 speaks pt-PT. About
 * 3,900 requests through app.inject. On SQLite by default, on PostgreSQL with TEST_DATABASE=postgres.
 */
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnyObjectSchema } from 'yup';
import sharp from 'sharp';
import { recordFields, type RecordView } from '../../src/common/gestao/record-schemas';
import { gestaoRoutesOf } from '../../server/gestao/gestao-api';
import type { RegisteredRoute } from '../../server/gestao/gestao-endpoint-registration';
import { GestaoBrowser, loggedInStaff } from './gestao-browser';
import { futureSession, startTestServer, type TestServer } from './helper';

let server: TestServer;
let admin: GestaoBrowser;
/** Its own account for the password again: wrong passwords sent there count against it, not the administrator. */
let reauthing: GestaoBrowser;
let anonymous: GestaoBrowser;
/** Path parameters that name something that exists, so that the body is what decides the answer. */
const params: Record<string, string> = {};

const HUGE = 'ç'.repeat(100_000);
/** Stands for a list nested 5,000 deep, written into the JSON text (JSON.stringify here would run out of stack). */
const DEEP = '«lista muito funda»';
const json = (body: unknown) => JSON.stringify(body).replaceAll(JSON.stringify(DEEP), `${'['.repeat(5_000)}${']'.repeat(5_000)}`);
/** What a field is given in place of its value. */
const HOSTILE: unknown[] = [
  null,
  {},
  [{}],
  { nested: { deeper: { deepest: 'x' } } },
  1.5,
  2 ** 40,
  1e308,
  true,
  '',
  HUGE,
  '\u0000<script>alert(1)</script>',
  DEEP,
];
/**
 * A record's save is validated by the same schema as its creation (every value above): it is sent
 * one value of each shape, to keep the run short.
 */
const hostileFor = (route: RegisteredRoute) =>
  route.method === 'PUT' && route.url === '/gestao/api/records/:type/:id' ? [null, {}, [{}], 1.5, HUGE, DEEP] : HOSTILE;
/** What a whole body is, in place of an object (raw JSON text). */
const HOSTILE_BODIES = [
  'null',
  '[]',
  '[{}]',
  '"texto"',
  '42',
  'true',
  '{"a":{"b":{"c":{"d":{}}}}}',
  JSON.stringify(HUGE),
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  '{"fields":',
  // Deeper than any body of the API: nesting that recursive code (a copy, JSON.stringify) would not survive.
  `${'['.repeat(60_000)}${']'.repeat(60_000)}`,
  `{"fields":${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}}`,
];
/** Yup's default messages (a schema without its own for a case). */
const ENGLISH = /must be a|is a required field|must be one of|is invalid|field must|cannot be null/;
/** Unknown fields beside a body's own, named after what an object already has. */
const UNKNOWN = { toString: {}, valueOf: [], hasOwnProperty: 'x', constructor: { prototype: {} }, desconhecido: HUGE };

/** A body each route takes as valid (its fields then made hostile one at a time); {} where none is needed. */
function validBody(route: RegisteredRoute, type: string | undefined): Record<string, unknown> {
  const records = (r: RecordView | undefined) => ({ baseVersion: r?.version ?? 0, fields: r?.fields ?? {} });
  switch (`${route.method} ${route.url}`) {
    case 'POST /gestao/api/session':
      return { email: 'ninguem@festa.pt', password: 'uma palavra errada' };
    case 'POST /gestao/api/invitations':
      return { email: 'convidado@festa.pt', role: 'leitura' };
    case 'PATCH /gestao/api/users/:id':
      return { role: 'leitura' };
    case 'POST /gestao/api/passkeys':
      return { name: 'Portátil', credential: { id: 'x', response: {} } };
    case 'POST /gestao/api/passkey-login':
      return { credential: { id: 'x', response: {} } };
    case 'PATCH /gestao/api/forms/:kind/:id':
      return { status: 'tratado' };
    case 'POST /gestao/api/releases/scheduled':
      return { runAt: '2026-04-20T10:00' };
    case 'PUT /gestao/api/typed/:type/:id':
      return { baseVersion: 0, fields: { title: 'Escrito' } };
    case 'POST /gestao/api/screenings/:id/status':
      return { status: 'soldout', baseVersion: 0 };
    case 'POST /gestao/api/records/:type':
    case 'PUT /gestao/api/records/:type/:id':
      return records(samples.get(type!));
    default:
      return {};
  }
}
const samples = new Map<string, RecordView>();

/** The body's schema for this route (and record type). */
function schemaOf(route: RegisteredRoute, value: string | undefined): AnyObjectSchema | undefined {
  if (!route.endpoint) return undefined;
  return (value !== undefined ? route.endpoint.each?.body?.(value) : undefined) ?? route.endpoint.body;
}

/** Each field's path in the body: its top-level fields, and those inside `fields` (a record's, a typed copy's). */
function fieldPaths(schema: AnyObjectSchema | undefined, type: string | undefined): string[][] {
  const top = Object.keys(schema?.fields ?? {});
  const nested = (schema?.fields.fields as AnyObjectSchema | undefined)?.fields;
  const inner = nested && Object.keys(nested).length > 0 ? Object.keys(nested) : type && top.includes('fields') ? recordFields('news') : [];
  return [...top.map((f) => [f]), ...inner.map((f) => ['fields', f])];
}

function withField(body: Record<string, unknown>, path: string[], value: unknown): Record<string, unknown> {
  if (path.length === 1) return { ...body, [path[0]!]: value };
  const inner = (typeof body[path[0]!] === 'object' && body[path[0]!] !== null ? body[path[0]!] : {}) as Record<string, unknown>;
  return { ...body, [path[0]!]: withField(inner, path.slice(1), value) };
}

/** Who may use the route: nobody logged in for the login and its kin, its own account for the password again, else the administrator. */
function senderOf(route: RegisteredRoute): GestaoBrowser {
  if (route.url === '/gestao/api/reauth') return reauthing;
  return route.guards.staff || route.guards.roles || route.guards.recentPassword ? admin : anonymous;
}

async function send(browser: GestaoBrowser, method: string, url: string, raw: string): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { 'content-type': 'application/json', 'user-agent': 'Teste/1.0' };
  if (browser.cookie) headers.cookie = `gestao=${browser.cookie}`;
  if (browser.csrf) headers['x-csrf-token'] = browser.csrf;
  return server.app.inject({ method: method as 'POST', url, headers, payload: raw, remoteAddress: browser.address });
}

beforeAll(async () => {
  // Thousands of writes from one address in a minute: the per-address limit would answer 429 to most.
  server = await startTestServer({ RATE_LIMIT_POSTS: '100000', RATE_LIMIT_GETS: '100000' });
  admin = await loggedInStaff(server, 'admin@festa.pt', 'administracao');
  reauthing = await loggedInStaff(server, 'edicao@festa.pt', 'edicao');
  const victim = await loggedInStaff(server, 'leitura@festa.pt', 'leitura');
  anonymous = await new GestaoBrowser(server.app).open();

  const users = (await admin.request('GET', '/users')).json<{ users: { id: number; email: string }[] }>().users;
  params.id = String(users.find((u) => u.email === 'leitura@festa.pt')!.id);
  expect(victim.cookie).toBeDefined();
  const invited = await admin.request('POST', '/invitations', { email: 'aceita@festa.pt', role: 'edicao' });
  params.token = invited.json<{ link: string }>().link.split('/').pop()!;
  params.kind = 'newsletter';
  const subscribed = await server.app.inject({
    method: 'POST',
    url: '/admin/api/newsletter',
    payload: { email: 'leitor@exemplo.pt', city: 'Lisboa' },
  });
  expect(subscribed.statusCode).toBeLessThan(300);
  params.submission = (await admin.request('GET', '/forms/newsletter')).json<{ entries: { id: string }[] }>().entries[0]!.id;
  params.session = (await futureSession(server.db)).id;
  const picture = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 10, g: 20, b: 30 } } })
    .png()
    .toBuffer();
  const boundary = '----festa-fuzz';
  const uploaded = await server.app.inject({
    method: 'POST',
    url: '/gestao/api/media/pictures',
    headers: { cookie: `gestao=${admin.cookie}`, 'x-csrf-token': admin.csrf!, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="ficheiro"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`),
      picture,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
  expect(uploaded.statusCode).toBe(201);
  params.name = uploaded.json<{ path: string }>().path.replace(/^uploads\//, '');
}, 60_000);
afterAll(() => server?.close());

/** The route's address with its parameters filled in (a record type's first record for :id). */
async function addressOf(route: RegisteredRoute, type: string | undefined): Promise<string> {
  let url = route.url;
  if (type !== undefined) url = url.replace(`:${route.endpoint ? route.endpoint.each?.param : ''}`, type);
  if (url.includes('/records/') && url.includes(':id')) {
    if (!samples.has(type!)) {
      const list = (await admin.request('GET', `/records/${type}`)).json<RecordView[]>();
      if (list[0]) samples.set(type!, list[0]);
    }
    const sample = samples.get(type!);
    url = url.replace(':id', sample ? encodeURIComponent(sample.id) : '1');
  }
  const byRoute: Record<string, string> = {
    '/gestao/api/forms/:kind/:id': params.submission!,
    '/gestao/api/screenings/:id/status': params.session!,
    '/gestao/api/typed/:type/:id': '1',
    '/gestao/api/programme/imports/:id/dry-run': '1',
    '/gestao/api/programme/imports/:id/apply': '1',
  };
  if (byRoute[route.url]) url = url.replace(':id', byRoute[route.url]!);
  return url
    .replace(':type', 'news')
    .replace(':id', params.id!)
    .replace(':token', params.token!)
    .replace(':kind', params.kind!)
    .replace(':name', params.name!);
}

describe('/gestao/api bodies', () => {
  it('the two bodies that answered 500 now get 400 with the field named in pt-PT', async () => {
    const news = await send(admin, 'POST', '/gestao/api/records/news', '{"fields":{"title":{}}}');
    expect(news.statusCode).toBe(400);
    expect(news.json<{ errors: Record<string, string> }>().errors.title).toBe('Campo título tem de ser texto.');
    const passkey = await send(admin, 'POST', '/gestao/api/passkeys', '{"name":{}}');
    expect(passkey.statusCode).toBe(400);
    expect(passkey.json()).toEqual({ message: 'O nome da chave de acesso tem de ser texto.' });
  });

  it('every route that takes a body answers hostile bodies with 4xx, never 5xx', async () => {
    const routes = gestaoRoutesOf(server.app).filter((route) =>
      schemaOf(route, route.endpoint ? route.endpoint.each?.values[0] : undefined),
    );
    // The document's routes with a body, the login's and the passkeys' among them.
    const names = routes.map((r) => `${r.method} ${r.url}`);
    expect(names).toEqual(
      expect.arrayContaining([
        'POST /gestao/api/session',
        'POST /gestao/api/records/:type',
        'PUT /gestao/api/records/:type/:id',
        'POST /gestao/api/passkeys',
        'POST /gestao/api/passkey-login',
        'POST /gestao/api/reauth',
      ]),
    );
    const failures: string[] = [];
    const english: string[] = [];
    let sent = 0;
    const check = async (browser: GestaoBrowser, method: string, url: string, raw: string) => {
      const answer = await send(browser, method, url, raw);
      sent += 1;
      const said = `${method} ${url} ${raw.slice(0, 120)} → ${answer.statusCode} ${answer.body.slice(0, 200)}`;
      if (answer.statusCode >= 500) failures.push(said);
      // A refusal speaks pt-PT: none of Yup's own English messages.
      else if (answer.statusCode === 400 && ENGLISH.test(answer.body)) english.push(said);
      return answer.statusCode < 500;
    };

    for (const route of routes) {
      const values = route.endpoint && route.endpoint.each ? route.endpoint.each.values : [undefined];
      const browser = senderOf(route);
      for (const value of values) {
        const url = await addressOf(route, value);
        const schema = schemaOf(route, value);
        const base = validBody(route, value);
        for (const raw of HOSTILE_BODIES) await check(browser, route.method, url, raw);
        await check(browser, route.method, url, json({ ...base, ...UNKNOWN }));
        const paths = fieldPaths(schema, value);
        for (const path of paths) {
          for (const hostile of hostileFor(route)) await check(browser, route.method, url, json(withField(base, path, hostile)));
        }
        // Random JSON in the schema's fields, and beside them.
        const keys = paths.map((p) => p.join('.'));
        const arbitrary = fc.record(
          {
            fields: fc.dictionary(fc.constantFrom(...(keys.length > 0 ? keys : ['x'])), fc.jsonValue({ maxDepth: 3 }), { maxKeys: 6 }),
            extra: fc.dictionary(fc.string({ maxLength: 12 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }),
          },
          { requiredKeys: ['fields', 'extra'] },
        );
        for (const { fields, extra } of fc.sample(arbitrary, { numRuns: 6, seed: 34 })) {
          const body = Object.entries(fields).reduce((b, [key, v]) => withField(b, key.split('.'), v), { ...base, ...extra });
          await check(browser, route.method, url, JSON.stringify(body));
        }
      }
    }
    expect(failures).toEqual([]);
    expect(english).toEqual([]);
    expect(sent).toBeGreaterThan(3_000);
  }, 120_000);
});
