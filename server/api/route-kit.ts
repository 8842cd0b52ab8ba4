/**
 * How an API route is declared: its path, its Yup schemas (params, query, body), its caching and
 * its handler. The same declaration validates requests and generates the OpenAPI document.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ValidationError, type AnyObject, type ObjectSchema } from 'yup';
import { HttpError } from './errors';
import { toJsonSchema, type JsonSchema } from './yup-json-schema';

export const API_PREFIX = '/admin/api';

/** Cache policies: content changes on import; live data depends on the clock; files rarely change. */
export const CACHE_POLICIES = {
  content: 'public, max-age=60, s-maxage=300, stale-while-revalidate=86400',
  live: 'public, max-age=30, s-maxage=60, stale-while-revalidate=300',
  file: 'public, max-age=86400, s-maxage=86400',
  none: 'no-store',
} as const;
export type CachePolicy = keyof typeof CACHE_POLICIES;

export interface RouteContext<P, Q, B> {
  params: P;
  query: Q;
  body: B;
  request: FastifyRequest;
  reply: FastifyReply;
}

export interface RouteDef<P extends AnyObject = AnyObject, Q extends AnyObject = AnyObject, B extends AnyObject = AnyObject> {
  method: 'GET' | 'POST';
  url: string;
  summary: string;
  tag: string;
  params?: ObjectSchema<P>;
  query?: ObjectSchema<Q>;
  body?: ObjectSchema<B>;
  cache: CachePolicy;
  /** What a success answers: a JSON shape named after src/common/api-types, or a file. */
  response: { description: string; kind: 'json' | 'file'; status?: number };
  headers?: Record<string, JsonSchema & { description: string }>;
  rateLimit?: 'posts' | 'gets';
  handler: (ctx: RouteContext<P, Q, B>) => Promise<unknown>;
}

/** Identity with types: lets each route infer P, Q and B from its schemas. */
export function defineRoute<P extends AnyObject, Q extends AnyObject, B extends AnyObject>(def: RouteDef<P, Q, B>): RouteDef<P, Q, B> {
  return def;
}

async function validate<T extends AnyObject>(schema: ObjectSchema<T> | undefined, value: unknown, what: string): Promise<T> {
  if (!schema) return {} as T;
  try {
    return (await schema.validate(value ?? {}, { abortEarly: false, stripUnknown: true })) as T;
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const fields: Record<string, string> = {};
    for (const inner of error.inner.length ? error.inner : [error]) {
      const path = inner.path ?? what;
      fields[path] ??= inner.message;
    }
    const first = Object.values(fields)[0] ?? 'Pedido inválido.';
    throw new HttpError(400, first, fields);
  }
}

export function registerRoute(app: FastifyInstance, def: RouteDef<any, any, any>, limits: { posts: number; gets: number }): void {
  const limit = def.rateLimit ?? (def.method === 'POST' ? 'posts' : 'gets');
  app.route({
    method: def.method,
    url: `${API_PREFIX}${def.url}`,
    config: { rateLimit: { max: limits[limit], timeWindow: '1 minute' } },
    handler: async (request, reply) => {
      const [params, query, body] = await Promise.all([
        validate(def.params, request.params, 'params'),
        validate(def.query, request.query, 'query'),
        def.body ? validate(def.body, request.body, 'body') : Promise.resolve({}),
      ]);
      const result = await def.handler({ params, query, body, request, reply });
      if (!reply.hasHeader('cache-control')) reply.header('cache-control', CACHE_POLICIES[def.cache]);
      return result;
    },
  });
}

/** OpenAPI 3.1 of every declared route. */
export function openApiDocument(routes: RouteDef<any, any, any>[], info: { title: string; version: string; serverUrl: string }) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const def of routes) {
    const path = `${API_PREFIX}${def.url}`.replace(/:([A-Za-z_]+)/g, '{$1}').replace(/\*$/, '{path}');
    const parameters: unknown[] = [];
    const addAll = (schema: ObjectSchema<AnyObject> | undefined, where: 'path' | 'query') => {
      if (!schema) return;
      const json = toJsonSchema(schema) as { properties?: Record<string, JsonSchema>; required?: string[] };
      for (const [name, prop] of Object.entries(json.properties ?? {})) {
        const paramName = where === 'path' && name === '*' ? 'path' : name;
        parameters.push({ name: paramName, in: where, required: where === 'path' || (json.required ?? []).includes(name), schema: prop });
      }
    };
    addAll(def.params, 'path');
    addAll(def.query, 'query');
    for (const [name, schema] of Object.entries(def.headers ?? {})) {
      const { description, ...rest } = schema;
      parameters.push({ name, in: 'header', required: false, description, schema: rest });
    }
    const ok = def.response.status ?? 200;
    const responses: Record<string, unknown> = {
      [ok]: {
        description: def.response.description,
        content:
          def.response.kind === 'file'
            ? { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } }
            : { 'application/json': { schema: { type: 'object' } } },
      },
      400: { $ref: '#/components/responses/BadRequest' },
      429: { $ref: '#/components/responses/TooManyRequests' },
    };
    if (def.params) responses[404] = { $ref: '#/components/responses/NotFound' };
    if (def.body) responses[422] = { $ref: '#/components/responses/IdempotencyConflict' };
    (paths[path] ??= {})[def.method.toLowerCase()] = {
      summary: def.summary,
      tags: [def.tag],
      parameters,
      ...(def.body ? { requestBody: { required: true, content: { 'application/json': { schema: toJsonSchema(def.body) } } } } : {}),
      responses,
    };
  }
  const errorSchema = {
    type: 'object',
    required: ['statusCode', 'error', 'message'],
    properties: {
      statusCode: { type: 'integer' },
      error: { type: 'string' },
      message: { type: 'string', description: 'Mensagem em português (pt-PT).' },
      fields: { type: 'object', additionalProperties: { type: 'string' }, description: 'Mensagem por campo.' },
    },
  };
  const errorResponse = (description: string) => ({
    description,
    content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } },
  });
  return {
    openapi: '3.1.0',
    info: { title: info.title, version: info.version },
    servers: [{ url: info.serverUrl }],
    paths,
    components: {
      schemas: { ApiError: errorSchema },
      responses: {
        BadRequest: errorResponse('Parâmetros ou corpo inválidos; `fields` tem a mensagem de cada campo.'),
        NotFound: errorResponse('Não existe conteúdo com esse identificador.'),
        TooManyRequests: errorResponse('Demasiados pedidos deste cliente.'),
        IdempotencyConflict: errorResponse('A mesma Idempotency-Key foi usada com outro corpo.'),
      },
    },
  };
}
