/**
 * Building the API's paths: what every page needs of the contract (src/common/api/endpoints.ts).
 * The browser reads endpoints through their references (endpoint-refs.ts, generated from the
 * contract): a path, its query names and, as types only, the contract's parameters and answer. So
 * the first load of a page carries no Yup and no JSON Schema; the server keeps validating with them.
 */
import { fillPattern, type PatternValues } from '../addresses/path-pattern';
import type { ContractParamsOf, ContractResponseOf } from './endpoints';

export const API_BASE = '/admin';

/** An endpoint as the browser knows it. `Contract` is the contract's endpoint, as a type only. */
export interface EndpointRef<Contract> {
  /** Relative to API_BASE; `:name` segments and a trailing `*` are parameters. */
  readonly path: string;
  readonly queryNames: readonly string[];
  /** Phantom: the contract's endpoint, for its parameter and answer types. */
  readonly __contract?: Contract;
}

export const endpointRef = <Contract>(path: string, queryNames: readonly string[] = []): EndpointRef<Contract> => ({ path, queryNames });

type ContractOf<E> = E extends EndpointRef<infer Contract> ? Contract : never;
/** The path and query parameters of an endpoint. */
export type ParamsOf<E> = ContractParamsOf<ContractOf<E>>;
/** What an endpoint answers. */
export type ResponseOf<E> = ContractResponseOf<ContractOf<E>>;

/** One API read: the path (relative to API_BASE) that the data layer keys it by. */
export interface ApiRequest<T> {
  readonly path: string;
  /** Phantom: the type of the answer. */
  readonly __answer?: T;
}

/** The path of an endpoint with its parameters filled in, relative to API_BASE. */
export function apiPath<E extends EndpointRef<unknown>>(endpoint: E, params: ParamsOf<E>): string {
  // Every parameter is a string or a number (their Yup schemas say so).
  const values = params as PatternValues;
  const path = fillPattern(endpoint.path, values);
  const query = endpoint.queryNames
    .filter((name) => values[name] !== undefined)
    .map((name) => `${name}=${encodeURIComponent(String(values[name]))}`)
    .join('&');
  return query ? `${path}?${query}` : path;
}

/** A typed read of a JSON endpoint. */
export function apiRequest<E extends EndpointRef<unknown>>(endpoint: E, params: ParamsOf<E>): ApiRequest<ResponseOf<E>> {
  return { path: apiPath(endpoint, params) };
}

/** The full URL path of a file or form endpoint (downloads are opened as links). */
export const apiUrl = <E extends EndpointRef<unknown>>(endpoint: E, params: ParamsOf<E>) => `${API_BASE}${apiPath(endpoint, params)}`;
