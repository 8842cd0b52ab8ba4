/**
 * The one OpenAPI 3.1 generator, for both APIs: the public one (/admin/openapi.json, from
 * src/common/api/endpoints.ts) and the back office's (/gestao/api/openapi.json, from
 * src/common/gestao/api/gestao-endpoints.ts). Each API says what its operations are; how a path is
 * written, how Yup schemas become parameters and bodies, and how the document is put together
 * are here, once.
 */
import type { AnySchema } from 'yup';
import { toJsonSchema, type JsonSchema } from './yup-json-schema';

export type { JsonSchema };

/** The names of a path's parameters, in order: `:name` segments, and `*` for a trailing rest. */
export const pathParamNames = (path: string) => [...path.matchAll(/:([A-Za-z_]+)|\*$/g)].map((m) => m[1] ?? '*');

/** A router's path as OpenAPI writes it: `:name` → `{name}`, a trailing `*` → `{path}`. */
export const openApiPath = (path: string) => path.replace(/:([A-Za-z_]+)/g, '{$1}').replace(/\*$/, '{path}');

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  description?: string;
  schema: JsonSchema;
}

/**
 * The path's parameters, in the path's order, each with its schema in `params` (plain text when
 * it has none), then the query's. `skip` leaves out a path parameter the operation fixes.
 */
export function parametersOf(path: string, params?: AnySchema, query?: AnySchema, skip?: string): Parameter[] {
  const declared = (params ? toJsonSchema(params) : {}) as { properties?: Record<string, JsonSchema> };
  const inPath = pathParamNames(path)
    .filter((name) => name !== skip)
    .map((name): Parameter => ({
      name: name === '*' ? 'path' : name,
      in: 'path',
      required: true,
      schema: declared.properties?.[name] ?? { type: 'string' },
    }));
  const queried = (query ? toJsonSchema(query) : {}) as { properties?: Record<string, JsonSchema>; required?: string[] };
  const inQuery = Object.entries(queried.properties ?? {}).map(([name, schema]): Parameter => ({
    name,
    in: 'query',
    required: (queried.required ?? []).includes(name),
    schema,
  }));
  return [...inPath, ...inQuery];
}

/** A JSON content of this schema. */
export const jsonContent = (schema: JsonSchema) => ({ 'application/json': { schema } });

/** A required JSON body, validated by this Yup schema. */
export const jsonBody = (schema: AnySchema) => ({ required: true, content: jsonContent(toJsonSchema(schema)) });

export interface OpenApiOperation {
  /** Lower case: get, post… */
  method: string;
  /** As OpenAPI writes it (openApiPath). */
  path: string;
  operation: Record<string, unknown>;
}

export interface OpenApiInfo {
  title: string;
  version: string;
  description?: string;
  serverUrl: string;
}

/** The OpenAPI 3.1 document of these operations. */
export function openApiDocument(info: OpenApiInfo, operations: readonly OpenApiOperation[], components: Record<string, unknown>) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const { method, path, operation } of operations) (paths[path] ??= {})[method] = operation;
  return {
    openapi: '3.1.0',
    info: { title: info.title, version: info.version, ...(info.description ? { description: info.description } : {}) },
    servers: [{ url: info.serverUrl }],
    paths,
    components,
  };
}
