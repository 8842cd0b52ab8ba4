/**
 * Registers the API from the endpoint registry (src/common/api/endpoints.ts): each endpoint's
 * parameters are validated with its Yup schemas (a pt-PT 400 names the field), its handler must
 * answer the endpoint's response type, and its cache policy and rate limit are applied. The
 * OpenAPI document is generated from the same registry.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ValidationError, type AnyObject, type InferType, type ObjectSchema } from 'yup';
import {
  CACHE_POLICIES,
  endpoints,
  fileEndpoints,
  formEndpoints,
  pushEndpoints,
  type AnyEndpoint,
  type Endpoints,
  type ContractResponseOf,
  type FormEndpoint,
} from '../../src/common/api/endpoints';
import { DEFAULT_LOCALE, localeOfQuery } from '../../src/common/i18n/locales';
import { localizedFormSchema } from './localized-form-schemas';
import { API_BASE } from '../../src/common/api/api-path';
import { apiErrorSchema } from '../../src/common/api/response-schemas';
import type { ResponseCache } from '../cache/response-cache';
import { createGetLimit } from '../plugins/rate-limits';
import { HttpError } from './http-errors';
import { jsonBody, jsonContent, openApiDocument, openApiPath, parametersOf, pathParamNames, type JsonSchema } from './openapi';

export { API_BASE };

export interface HandlerContext<Params, Query = AnyObject, Body = AnyObject> {
  params: Params;
  query: Query;
  body: Body;
  request: FastifyRequest;
  reply: FastifyReply;
}

type Inferred<S> = S extends ObjectSchema<AnyObject> ? InferType<S> : AnyObject;
type ContextOf<E> = E extends { params: infer Params; query?: infer Query; body?: infer Body }
  ? HandlerContext<Inferred<Params>, Inferred<NonNullable<Query>>, Inferred<NonNullable<Body>>>
  : never;

/** What the server must provide: one handler per endpoint, answering its type. */
export type JsonHandlers = { [K in keyof Endpoints]: (ctx: ContextOf<Endpoints[K]>) => Promise<ContractResponseOf<Endpoints[K]>> };
export type FileHandlers = { [K in keyof typeof fileEndpoints]: (ctx: ContextOf<(typeof fileEndpoints)[K]>) => Promise<Buffer> };
export type FormHandlers = {
  [K in keyof typeof formEndpoints]: (ctx: ContextOf<(typeof formEndpoints)[K]>) => Promise<ContractResponseOf<(typeof formEndpoints)[K]>>;
};
export type PushHandlers = {
  [K in keyof typeof pushEndpoints]: (ctx: ContextOf<(typeof pushEndpoints)[K]>) => Promise<ContractResponseOf<(typeof pushEndpoints)[K]>>;
};
export interface Handlers {
  json: JsonHandlers;
  files: FileHandlers;
  forms: FormHandlers;
  push: PushHandlers;
}

type LooseHandler = (ctx: HandlerContext<AnyObject, AnyObject, AnyObject>) => Promise<unknown>;
interface Registered {
  endpoint: AnyEndpoint;
  handler: LooseHandler;
}

/**
 * Only the schema's own fields, each text or a number, reach Yup: an array or an object where
 * text is expected, or a key named like a built-in (toString, constructor), is a pt-PT 400 naming
 * the field, never a crash inside the validator.
 */
function plainInput(schema: ObjectSchema<AnyObject>, value: unknown): Record<string, string | number> {
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw new HttpError(400, 'O pedido deve ser um objeto JSON com os campos do formulário.');
  }
  const input: Record<string, string | number> = {};
  const fields: Record<string, string> = {};
  for (const name of Object.keys(schema.fields)) {
    if (!Object.hasOwn(value, name)) continue;
    const field: unknown = (value as Record<string, unknown>)[name];
    if (typeof field === 'string' || (typeof field === 'number' && Number.isFinite(field))) input[name] = field;
    else if (field !== null && field !== undefined) fields[name] = `O campo ${name} tem de ser texto.`;
  }
  const first = Object.values(fields)[0];
  if (first) throw new HttpError(400, first, fields);
  return input;
}

export async function validate(schema: ObjectSchema<AnyObject> | undefined, value: unknown, what: string): Promise<AnyObject> {
  if (!schema) return {};
  const input = plainInput(schema, value);
  try {
    return await schema.validate(input, { abortEarly: false, stripUnknown: true });
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

/** A nested JSON body (kind 'body'): validated whole by its schema, which refuses what is not plain JSON of its shape. */
async function validateBody(schema: ObjectSchema<AnyObject>, value: unknown): Promise<AnyObject> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new HttpError(400, 'O pedido deve ser um objeto JSON.');
  }
  try {
    return await schema.validate(value, { abortEarly: false, stripUnknown: true, strict: false });
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const fields: Record<string, string> = {};
    for (const inner of error.inner.length ? error.inner : [error]) fields[inner.path ?? 'body'] ??= inner.message;
    throw new HttpError(400, Object.values(fields)[0] ?? 'Pedido inválido.', fields);
  }
}

/** A form's schema in the language its address names (a validated ?lang=): the contract's own for pt-PT. */
function formSchemaFor(endpoint: FormEndpoint<AnyObject>, lang: unknown): ObjectSchema<AnyObject> {
  const locale = localeOfQuery(lang);
  return locale === DEFAULT_LOCALE ? endpoint.body : localizedFormSchema(endpoint.form, locale);
}

/** Paths that differ only in their parameters' names share one route (/api/news/:scope and /api/news/:news_id). */
const shapeOf = (path: string) => path.replace(/:[A-Za-z_]+/g, ':_');

/** Every endpoint with its handler, in registry order. */
function registeredEndpoints(handlers: Handlers): Registered[] {
  const pick = <T extends Record<string, AnyEndpoint>>(group: T, impl: Record<keyof T, unknown>): Registered[] =>
    (Object.keys(group) as (keyof T)[]).map((name) => ({ endpoint: group[name]!, handler: impl[name] as LooseHandler }));
  return [
    ...pick(endpoints, handlers.json),
    ...pick(fileEndpoints, handlers.files),
    ...pick(formEndpoints, handlers.forms),
    ...pick(pushEndpoints, handlers.push),
  ];
}

/** Groups endpoints by method and path shape: one Fastify route per group. */
function groupByShape(registered: Registered[]): Registered[][] {
  const groups = new Map<string, Registered[]>();
  for (const entry of registered) {
    const key = `${entry.endpoint.method} ${shapeOf(entry.endpoint.path)}`;
    groups.set(key, [...(groups.get(key) ?? []), entry]);
  }
  return [...groups.values()];
}

export function registerApi(app: FastifyInstance, handlers: Handlers, limits: { posts: number; gets: number }): void {
  const cache: ResponseCache | undefined = app.hasDecorator('responseCache') ? app.responseCache : undefined;
  for (const group of groupByShape(registeredEndpoints(handlers))) {
    const first = group[0]!.endpoint;
    // Fastify names the parameters of a shared shape after the first endpoint; each endpoint reads them by position.
    const positional = pathParamNames(first.path);
    const cached = first.method === 'GET' && group.every(({ endpoint }) => endpoint.kind === 'json');
    /** The first endpoint of the group whose parameters are valid, and its handler's answer. */
    const answer = async (request: FastifyRequest, reply: FastifyReply): Promise<{ endpoint: AnyEndpoint; result: unknown }> => {
      const raw = (request.params ?? {}) as Record<string, string>;
      let lastError: unknown;
      for (const { endpoint, handler } of group) {
        const named = Object.fromEntries(pathParamNames(endpoint.path).map((name, i) => [name, raw[positional[i] ?? name]]));
        let params: AnyObject;
        try {
          params = await validate(endpoint.params, named, 'params');
        } catch (error) {
          lastError = error;
          continue;
        }
        const query = await validate(endpoint.query, request.query, 'query');
        const body =
          endpoint.kind === 'form'
            ? await validate(formSchemaFor(endpoint, query.lang), request.body, 'body')
            : endpoint.kind === 'body'
              ? await validateBody(endpoint.body, request.body)
              : {};
        return { endpoint, result: await handler({ params, query, body, request, reply }) };
      }
      throw lastError;
    };
    // A GET's limit is counted in a store the front door shares (server/cache/front-door.ts).
    // An app without the rate limit plugin (the draft preview's in-process API) counts nothing.
    const getLimit = first.method === 'GET' && app.hasDecorator('createRateLimit') ? createGetLimit(app, limits.gets) : undefined;
    app.route({
      method: first.method,
      url: `${API_BASE}${first.path}`,
      ...(getLimit ? { onRequest: getLimit.hook } : {}),
      config: {
        ...(getLimit ? {} : { rateLimit: { max: limits.posts, timeWindow: '1 minute' } }),
        // A file (a PDF, a calendar) may be opened as a document: it keeps a page's headers.
        ...(group.every(({ endpoint }) => endpoint.kind !== 'file') ? { securityHeaders: 'json' as const } : {}),
      },
      handler: async (request, reply) => {
        // A JSON GET is answered once per URL and content version, then served from the response
        // cache (server/cache/response-cache.ts); 'live' answers are kept for a short time.
        if (cached && cache) {
          const entry = await cache.answer('api', request.url, async () => {
            const { endpoint, result } = await answer(request, reply);
            const cacheControl = CACHE_POLICIES[endpoint.cache];
            return {
              status: 200,
              type: 'application/json; charset=utf-8',
              body: Buffer.from(JSON.stringify(result)),
              live: endpoint.cache === 'live',
              noStore: endpoint.cache === 'none',
              door: { security: 'json' as const, headers: { 'cache-control': cacheControl }, limit: getLimit },
            };
          });
          // The route's headers, as the front door sends them (server/cache/front-door.ts).
          for (const [name, value] of Object.entries(entry.door?.headers ?? {})) if (!reply.hasHeader(name)) reply.header(name, value);
          return cache.send(request, reply, entry);
        }
        const { endpoint, result } = await answer(request, reply);
        if (!reply.hasHeader('cache-control')) reply.header('cache-control', CACHE_POLICIES[endpoint.cache]);
        return result;
      },
    });
  }
}

const pathOf = (path: string) => openApiPath(`${API_BASE}${path}`);

function successContent(endpoint: AnyEndpoint): JsonSchema {
  if (endpoint.kind === 'file')
    return { 'application/octet-stream': { schema: { type: 'string', contentMediaType: 'application/octet-stream' } } };
  return jsonContent(endpoint.response);
}

/** One OpenAPI operation for a group of endpoints sharing a path shape. */
function operationOf(group: AnyEndpoint[], extraHeaders: Record<string, JsonSchema & { description: string }>) {
  const first = group[0]!;
  const single = group.length === 1;
  const positional = pathParamNames(first.path);
  const parameters: unknown[] = single
    ? parametersOf(first.path, first.params, first.query)
    : positional.map((_, i) => {
        const alternatives = group.map((e) => parametersOf(e.path, e.params).filter((p) => p.in === 'path')[i]!);
        return {
          name: alternatives.map((p) => p.name).join('_or_'),
          in: 'path',
          required: true,
          description: group.map((e) => e.summary).join(' / '),
          schema: { anyOf: alternatives.map((p) => p.schema) },
        };
      });
  for (const [name, schema] of Object.entries(extraHeaders)) {
    const { description, ...rest } = schema;
    parameters.push({ name, in: 'header', required: false, description, schema: rest });
  }
  const ok = first.kind === 'form' ? 201 : 200;
  const body = first.kind === 'form' || first.kind === 'body' ? first.body : undefined;
  const content = single ? successContent(first) : jsonContent({ oneOf: group.map((e) => (e.kind === 'json' ? e.response : {})) });
  const responses: Record<string, unknown> = {
    [ok]: { description: group.map((e) => e.summary).join(' / '), content },
    400: { $ref: '#/components/responses/BadRequest' },
    429: { $ref: '#/components/responses/TooManyRequests' },
  };
  if (positional.length) responses[404] = { $ref: '#/components/responses/NotFound' };
  if (first.kind === 'form') responses[422] = { $ref: '#/components/responses/IdempotencyConflict' };
  return {
    summary: group.map((e) => e.summary).join(' / '),
    tags: [first.tag],
    parameters,
    ...(body ? { requestBody: jsonBody(body) } : {}),
    responses,
  };
}

/** OpenAPI 3.1 of every endpoint of the registry. */
export function publicOpenApiDocument(
  info: { title: string; version: string; serverUrl: string },
  formHeaders: Record<string, JsonSchema & { description: string }>,
) {
  const all: AnyEndpoint[] = [
    ...Object.values(endpoints),
    ...Object.values(fileEndpoints),
    ...Object.values(formEndpoints),
    ...Object.values(pushEndpoints),
  ];
  const groups = new Map<string, AnyEndpoint[]>();
  for (const endpoint of all) {
    const key = `${endpoint.method} ${shapeOf(endpoint.path)}`;
    groups.set(key, [...(groups.get(key) ?? []), endpoint]);
  }
  const operations = [...groups.values()].map((group) => {
    const first = group[0]!;
    const template =
      group.length === 1
        ? pathOf(first.path)
        : pathOf(first.path).replace(/\{[^}]+\}/g, (_, i: number) => {
            const index = pathOf(first.path).slice(0, i).split('{').length - 1;
            return `{${group.map((e) => pathParamNames(e.path)[index]).join('_or_')}}`;
          });
    return { method: first.method.toLowerCase(), path: template, operation: operationOf(group, first.kind === 'form' ? formHeaders : {}) };
  });
  const errorResponse = (description: string) => ({ description, content: jsonContent({ $ref: '#/components/schemas/ApiError' }) });
  return openApiDocument(info, operations, {
    schemas: { ApiError: apiErrorSchema },
    responses: {
      BadRequest: errorResponse('Parâmetros ou corpo inválidos; `fields` tem a mensagem de cada campo.'),
      NotFound: errorResponse('Não existe conteúdo com esse identificador.'),
      TooManyRequests: errorResponse('Demasiados pedidos deste cliente.'),
      IdempotencyConflict: errorResponse('A mesma Idempotency-Key foi usada com outro corpo.'),
    },
  });
}
