/**
 * The back office's API describes itself: each /gestao/api route carries a short description in its
 * own declaration (`documented(options, summary, more)`, kept in the route's `config.openapi`), an
 * `onRoute` hook keeps every route of the scope in a registry, and GET /gestao/api/openapi.json is
 * generated from that registry. What the route itself already says is never written twice: its
 * method and path, who may call it (read from its preHandlers: requireStaff, requireRole,
 * requireRecentPassword), the CSRF header (every method but GET/HEAD/OPTIONS) and the errors these
 * imply. Request bodies are the Yup schemas the forms and the server use, turned into JSON Schema by
 * the public API's converter (server/api/yup-json-schema.ts).
 */
import type { FastifyInstance, RouteOptions } from 'fastify';
import type { AnyObjectSchema } from 'yup';
import { ROLE_LABELS, ROLES, type Role } from '../../src/common/gestao/roles';
import { toJsonSchema, type JsonSchema } from '../api/yup-json-schema';

/** What a route's declaration adds to what the route itself says. */
export interface RouteDoc {
  summary: string;
  description?: string;
  /** Path parameters with a closed set of values or a format (the others are plain text). */
  params?: AnyObjectSchema;
  query?: AnyObjectSchema;
  /** The JSON body, as the Yup schema that validates it. */
  body?: AnyObjectSchema;
  /** The success status (200 unless said) and its JSON answer (none for 204). */
  ok?: 200 | 201 | 204;
  answer?: JsonSchema;
  /** A non-JSON answer (a CSV). */
  answerType?: string;
  /** A file sent as multipart/form-data (an upload): the field's name and what it must be. */
  upload?: { field: string; description: string };
  /** Refusals the handler itself answers, beside those its guards imply: status → when. */
  errors?: Partial<Record<400 | 401 | 403 | 404 | 409 | 413 | 415 | 429, string>>;
  /** Roles the handler itself checks (the guards' roles are read from them). */
  roles?: readonly Role[];
  /**
   * One operation per value of a path parameter (a record type): its body and roles may differ
   * for each, so each gets its own path in the document.
   */
  each?: {
    param: string;
    values: readonly string[];
    body?: (value: string) => AnyObjectSchema;
    roles?: (value: string) => readonly Role[];
  };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's description for /gestao/api/openapi.json; `false` for a route that is no operation (the 404 catch-all). */
    openapi?: RouteDoc | false;
  }
}

/** The options of a /gestao/api route with its description added to its config. */
export function documented<O extends { config?: object }>(options: O, summary: string, more: Omit<RouteDoc, 'summary'> = {}) {
  return { ...options, config: { ...options.config, openapi: { summary, ...more } } };
}

/** What a preHandler guard asks of the caller, so that the document reads it from the route. */
export interface GuardInfo {
  /** Logged in (the session cookie of an enabled account). */
  staff?: true;
  roles?: readonly Role[];
  recentPassword?: true;
}
const guards = new WeakMap<object, GuardInfo>();

/** Marks a preHandler as a guard (staff.ts, reauth.ts): the document then says what it asks. */
export function markGuard<F extends object>(guard: F, info: GuardInfo): F {
  guards.set(guard, info);
  return guard;
}

/** What the route's preHandlers ask, put together. */
export function guardsOf(route: Pick<RouteOptions, 'preHandler'>): GuardInfo {
  const handlers: unknown[] = route.preHandler === undefined ? [] : [route.preHandler].flat();
  const out: GuardInfo = {};
  for (const handler of handlers) {
    const info = typeof handler === 'function' ? guards.get(handler) : undefined;
    if (!info) continue;
    if (info.staff) out.staff = true;
    if (info.recentPassword) out.recentPassword = true;
    if (info.roles) out.roles = out.roles ? out.roles.filter((r) => info.roles!.includes(r)) : info.roles;
  }
  return out;
}

/** One route of the scope as Fastify registered it. */
export interface RegisteredRoute {
  method: string;
  /** With the prefix: /gestao/api/records/:type. */
  url: string;
  config: RouteDoc | false | undefined;
  guards: GuardInfo;
}

/**
 * Keeps every route registered in `scope` (and in the plugins it registers) from now on. HEAD
 * routes that Fastify adds beside each GET are left out: they answer as the GET does.
 */
export function collectRoutes(scope: FastifyInstance): RegisteredRoute[] {
  const registry: RegisteredRoute[] = [];
  const explicitHead = new Set<string>();
  scope.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    const onlyHead = methods.length === 1 && methods[0] === 'HEAD';
    // Fastify's own HEAD twin of a GET shares its config; an explicit HEAD route would be listed.
    if (onlyHead && !explicitHead.has(route.url) && registry.some((r) => r.method === 'GET' && r.url === route.url)) return;
    if (onlyHead) explicitHead.add(route.url);
    for (const method of methods) {
      if (method === 'HEAD' && methods.includes('GET')) continue;
      registry.push({ method, url: route.url, config: route.config?.openapi, guards: guardsOf(route) });
    }
  });
  return registry;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** /gestao/api/records/:type/:id → /gestao/api/records/{type}/{id} */
const openApiPath = (url: string) => url.replace(/:([A-Za-z_]+)/g, '{$1}');

const message = { type: 'string', description: 'A explicação em português, para mostrar a quem usa o site.' };
const errorBody = (extra: Record<string, JsonSchema> = {}, description?: string): JsonSchema => ({
  type: 'object',
  ...(description ? { description } : {}),
  properties: { message, ...extra },
  required: ['message'],
});

/** A record as the back office reads it (src/common/gestao/record-schemas.ts RecordView). */
const recordView: JsonSchema = {
  type: 'object',
  properties: {
    type: { type: 'string' },
    id: { type: 'string' },
    fields: { type: 'object', additionalProperties: { type: ['string', 'number', 'null'] } },
    version: { type: 'integer', minimum: 0, description: 'A versão que a próxima escrita tem de indicar (baseVersion).' },
    state: { enum: ['publicado', 'alterado', 'novo', 'apagado'] },
  },
  required: ['type', 'id', 'fields', 'version', 'state'],
};

const str = { type: 'string' };
const obj = (properties: Record<string, JsonSchema>): JsonSchema => ({ type: 'object', properties, required: Object.keys(properties) });
const nullable = (type: string): JsonSchema => ({ type: [type, 'null'] });

/** Schemas the routes' answers refer to by name (the types beside them in the code are the source). */
export const GESTAO_SCHEMAS = {
  Error: errorBody(),
  RecordView: recordView,
  /** record-schemas.ts RecordVersion */
  RecordVersion: obj({
    version: { type: 'integer' },
    at: str,
    actorEmail: str,
    changedFields: { type: 'array', items: str },
    releaseNumber: nullable('integer'),
    fields: { type: ['object', 'null'], description: 'null: esta versão apagou o registo.' },
  }),
  /** releases-repository.ts ReleaseSummary */
  Release: obj({
    number: { type: 'integer' },
    publishedAt: str,
    publishedBy: str,
    kind: { enum: ['publicacao', 'reposicao', 'importacao'] },
    changelog: { type: 'array', items: str },
  }),
  /** scheduled-releases-repository.ts ScheduledRelease */
  ScheduledRelease: obj({
    id: str,
    runAt: str,
    createdBy: str,
    state: { enum: ['agendada', 'a publicar', 'publicada', 'cancelada', 'falhou'] },
    releaseNumber: nullable('integer'),
    message: nullable('string'),
  }),
  /** draft-clashes.ts DraftClash (src/common/programme/programme-clash-rules.ts) */
  Clash: obj({
    key: { type: 'string', description: 'Muda quando uma das sessões muda de sala ou de hora: a aceitação caduca.' },
    kind: { enum: ['sala', 'intervalo', 'horario', 'convidado', 'viagem', 'filme'] },
    severity: { enum: ['block', 'warning'], description: 'block impede a publicação até ser aceite com motivo.' },
    sessionIds: { type: 'array', items: { type: 'integer' } },
    message: str,
    acceptance: { oneOf: [obj({ key: str, reason: str, acceptedBy: str, acceptedAt: str }), { type: 'null' }] },
  }),
  /** staff-views.ts SessionSummary */
  Sessions: obj({
    sessions: {
      type: 'array',
      items: obj({
        id: str,
        createdAt: str,
        lastSeenAt: str,
        ip: nullable('string'),
        userAgent: nullable('string'),
        current: { type: 'boolean' },
      }),
    },
  }),
  SessionAnswer: {
    type: 'object',
    properties: {
      csrfToken: { type: 'string', description: 'O valor do cabeçalho X-CSRF-Token nos pedidos que alteram algo.' },
      user: {
        oneOf: [
          {
            type: 'object',
            properties: { id: { type: 'integer' }, email: { type: 'string' }, role: { enum: [...ROLES] } },
            required: ['id', 'email', 'role'],
          },
          { type: 'null' },
        ],
      },
    },
    required: ['csrfToken', 'user'],
  },
} satisfies Record<string, JsonSchema>;

export const ref = (name: keyof typeof GESTAO_SCHEMAS): JsonSchema => ({ $ref: `#/components/schemas/${name}` });

const json = (schema: JsonSchema) => ({ 'application/json': { schema } });

const roleNames = (roles: readonly Role[]) => roles.map((r) => ROLE_LABELS[r]).join(', ');

interface Operation {
  method: string;
  path: string;
  operation: Record<string, unknown>;
}

/** Parameters: those the path names (text unless the description's `params` says more), then the query's. */
function parametersOf(url: string, doc: RouteDoc, fixed: string | undefined): unknown[] {
  const declared = (doc.params ? toJsonSchema(doc.params) : {}) as { properties?: Record<string, JsonSchema> };
  const path = [...url.matchAll(/:([A-Za-z_]+)/g)]
    .map((m) => m[1]!)
    .filter((name) => name !== fixed)
    .map((name) => ({ name, in: 'path', required: true, schema: declared.properties?.[name] ?? { type: 'string' } }));
  const query = doc.query ? (toJsonSchema(doc.query) as { properties?: Record<string, JsonSchema>; required?: string[] }) : {};
  const queryParams = Object.entries(query.properties ?? {}).map(([name, schema]) => ({
    name,
    in: 'query',
    required: (query.required ?? []).includes(name),
    schema,
  }));
  return [...path, ...queryParams];
}

function operationsOf(route: RegisteredRoute & { config: RouteDoc }): Operation[] {
  const doc = route.config;
  const each = doc.each;
  const variants: (string | undefined)[] = each ? [...each.values] : [undefined];
  return variants.map((value) => {
    const url = each && value !== undefined ? route.url.replace(`:${each.param}`, value) : route.url;
    const csrf = !SAFE_METHODS.has(route.method);
    const { staff: guardStaff, recentPassword } = route.guards;
    const guardRoles = route.guards.roles;
    const roles = (each && value !== undefined ? each.roles?.(value) : undefined) ?? doc.roles ?? guardRoles;
    const staff = guardStaff || guardRoles !== undefined || recentPassword;
    const body = (each && value !== undefined ? each.body?.(value) : undefined) ?? doc.body;
    const ok = doc.ok ?? 200;

    const who = !staff
      ? 'Sem sessão iniciada.'
      : roles
        ? `Perfis: ${roleNames(roles)}${roles.includes('administracao') ? '' : ' (e Administração)'}.`
        : 'Qualquer pessoa com sessão iniciada.';
    const asks = [
      who,
      csrf ? 'Leva o cabeçalho X-CSRF-Token e o cookie da sessão (GET /gestao/api/session dá os dois).' : '',
      recentPassword ? 'Pede a palavra-passe dada nos últimos 5 minutos (POST /gestao/api/reauth).' : '',
    ].filter(Boolean);

    const responses: Record<string, unknown> = {};
    responses[ok] =
      ok === 204
        ? { description: 'Feito; sem corpo.' }
        : {
            description: doc.summary,
            content: doc.answerType ? { [doc.answerType]: { schema: { type: 'string' } } } : json(doc.answer ?? { type: 'object' }),
          };
    const errors: Record<string, string> = {};
    // A query is only a filter unless the route says it refuses one (errors[400]).
    if (body) errors[400] = 'Dados inválidos: `message` diz o primeiro problema (nos registos, `errors` dá o de cada campo).';
    if (staff) errors[401] = 'Sem sessão iniciada (ou a conta foi desativada).';
    if (recentPassword) errors[401] = 'Sem sessão, ou falta a palavra-passe recente: `reauthRequired: true`.';
    if (csrf || roles)
      errors[403] = [roles ? 'Perfil sem permissão (fica no registo de auditoria).' : '', csrf ? 'Sem X-CSRF-Token válido.' : '']
        .filter(Boolean)
        .join(' ');
    if (/:[A-Za-z_]/.test(url)) errors[404] = 'Não existe.';
    Object.assign(errors, doc.errors);
    errors[429] ??= 'Demasiados pedidos deste endereço; `Retry-After` diz quando voltar.';
    for (const [status, description] of Object.entries(errors)) {
      const content =
        status === '400'
          ? errorBody({
              errors: {
                type: 'object',
                additionalProperties: { type: 'string' },
                description: 'A mensagem de cada campo (nas escritas de registos).',
              },
            })
          : status === '401'
            ? errorBody({ reauthRequired: { const: true }, totpRequired: { const: true } })
            : status === '403'
              ? errorBody({ fields: { type: 'array', items: { type: 'string' }, description: 'Os campos que o perfil não pode alterar.' } })
              : status === '409' && route.url.includes('/records/')
                ? errorBody(
                    {
                      stored: ref('RecordView'),
                      rolledBack: { const: true, description: 'Foi uma reposição de uma publicação anterior que mudou o registo.' },
                    },
                    'A versão guardada mudou entretanto: `stored` é o registo como está agora.',
                  )
                : ref('Error');
      responses[status] = {
        description,
        content: json(content),
        ...(status === '429' ? { headers: { 'Retry-After': { schema: { type: 'integer' }, description: 'Segundos.' } } } : {}),
      };
    }

    const operation: Record<string, unknown> = {
      summary: doc.summary,
      description: [doc.description, ...asks].filter(Boolean).join('\n\n'),
      tags: [url.split('/')[3] ?? 'gestao'],
      parameters: parametersOf(route.url, doc, each?.param),
      security: csrf ? [{ sessionCookie: [], csrfToken: [] }] : staff ? [{ sessionCookie: [] }] : [{}, { sessionCookie: [] }],
      responses,
      'x-fastify-route': `${route.method} ${route.url}`,
      'x-roles': staff ? [...(roles ?? ROLES)] : [],
      'x-csrf': csrf,
      'x-session': Boolean(staff),
      'x-recent-password': Boolean(recentPassword),
    };
    if (body) operation.requestBody = { required: true, content: json(toJsonSchema(body)) };
    if (doc.upload) {
      const file = { type: 'string', format: 'binary', description: doc.upload.description };
      operation.requestBody = {
        required: true,
        content: {
          'multipart/form-data': { schema: { type: 'object', required: [doc.upload.field], properties: { [doc.upload.field]: file } } },
        },
      };
    }
    return { method: route.method.toLowerCase(), path: openApiPath(url), operation };
  });
}

const SCRIPTED_PATH = `Para usar a API num programa:

1. \`GET /gestao/api/session\` responde \`{ csrfToken, user: null }\` e põe o cookie da sessão.
2. \`POST /gestao/api/session\` com o cookie, o cabeçalho \`X-CSRF-Token: <csrfToken>\` e \`{ "email", "password" }\`
   (e \`"code"\` se a conta usa a verificação em dois passos: sem ele a resposta é 401 com \`totpRequired: true\`).
   Responde \`{ csrfToken, user }\`: a sessão é nova, por isso o cookie e o código mudam; use os novos.
3. Cada pedido que altera algo (POST, PUT, PATCH, DELETE) leva o cookie e \`X-CSRF-Token\`.
4. Uma resposta 401 com \`reauthRequired: true\` pede a palavra-passe outra vez: \`POST /gestao/api/reauth\` com
   \`{ "password" }\`, depois repita o pedido.
5. Um 409 ao gravar um registo traz \`stored\`, o registo como está guardado: leia a sua \`version\` e decida.

Nenhuma resposta vai para caches (\`Cache-Control: no-store\`).`;

/** The OpenAPI 3.1 document of every documented route of the registry. */
export function gestaoOpenApiDocument(registry: readonly RegisteredRoute[], info: { serverUrl: string; cookieName: string }) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of registry) {
    if (!route.config) continue;
    for (const { method, path, operation } of operationsOf(route as RegisteredRoute & { config: RouteDoc })) {
      (paths[path] ??= {})[method] = operation;
    }
  }
  return {
    openapi: '3.1.0',
    info: { title: '8½ Festa do Cinema Italiano — API da gestão', version: '1.0.0', description: SCRIPTED_PATH },
    servers: [{ url: info.serverUrl }],
    paths,
    components: {
      schemas: GESTAO_SCHEMAS,
      securitySchemes: {
        sessionCookie: {
          type: 'apiKey',
          in: 'cookie',
          name: info.cookieName,
          description: 'O cookie da sessão (HttpOnly, SameSite=Strict).',
        },
        csrfToken: {
          type: 'apiKey',
          in: 'header',
          name: 'X-CSRF-Token',
          description: 'O `csrfToken` de GET /gestao/api/session ou do início de sessão.',
        },
      },
    },
  };
}
