/** Small pieces the /gestao/api routes share: reading a JSON body, refusals with Retry-After. */
import type { FastifyRequest } from 'fastify';
import { DB_INTEGER_MAX } from '../../src/common/gestao/record-schemas';
import { HttpError } from '../api/http-errors';
import type { AppDeps } from '../deps';

/** A refusal that tells the client when to come back (429 after too many failed logins). */
export class RetryAfterError extends HttpError {
  constructor(
    statusCode: number,
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(statusCode, message);
  }
}

/** The request's JSON object body (400 in pt-PT when it is anything else). */
export function bodyOf(request: FastifyRequest): Record<string, unknown> {
  const { body } = request;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new HttpError(400, 'Envie os dados em JSON.');
  return body as Record<string, unknown>;
}

/** Deeper than any body of this API (a record's list of cards is three levels). */
export const MAX_BODY_DEPTH = 16;
const NUL_MESSAGE = 'Os dados enviados têm um carácter nulo (\\u0000), que não se pode guardar.';
/**
 * Names every object already has (toString, constructor…): never a field of this API, and Yup,
 * looking a body's key up among a schema's fields, finds the method there and throws.
 */
const INHERITED = new Set(Object.getOwnPropertyNames(Object.prototype));

/**
 * A JSON body as the routes may read it: its own data only, without keys named like an object's
 * methods; refused (400) when nested deeper than MAX_BODY_DEPTH, where recursive code (a copy,
 * the audit log's JSON) would run out of stack (measured without recursion, for the same reason),
 * or when a text holds a NUL character.
 */
export function plainBody(body: unknown): unknown {
  const stack: [unknown, number][] = [[body, 0]];
  while (stack.length > 0) {
    const [value, depth] = stack.pop()!;
    // PostgreSQL's text holds no NUL character: refused here, not by the database.
    if (typeof value === 'string' && value.includes('\u0000')) throw new HttpError(400, NUL_MESSAGE);
    if (typeof value !== 'object' || value === null) continue;
    if (depth >= MAX_BODY_DEPTH) throw new HttpError(400, 'Os dados enviados têm demasiados níveis.');
    for (const [key, inner] of Object.entries(value)) {
      if (key.includes('\u0000')) throw new HttpError(400, NUL_MESSAGE);
      stack.push([inner, depth + 1]);
    }
  }
  const copy = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(copy);
    if (typeof value !== 'object' || value === null) return value;
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => !INHERITED.has(key))
        .map(([key, inner]) => [key, copy(inner)]),
    );
  };
  return copy(body);
}

/** A string field of the body (400 naming it when missing). */
export function stringField(body: Record<string, unknown>, name: string, label: string): string {
  const value = body[name];
  if (typeof value !== 'string' || value === '') throw new HttpError(400, `Indique ${label}.`);
  return value;
}

/** A positive integer id from the path (404 otherwise: no such thing). */
export function idParam(value: string | undefined, message: string): number {
  // Beyond the database's integers (PostgreSQL would refuse the query) there is nothing either.
  if (!value || !/^[1-9][0-9]{0,9}$/.test(value) || Number(value) > DB_INTEGER_MAX) throw new HttpError(404, message);
  return Number(value);
}

/** Route config for the routes of this scope: the API's security headers and a per-address request limit. */
export function gestaoRouteConfig(deps: Pick<AppDeps, 'config'>, kind: 'read' | 'write') {
  return {
    securityHeaders: 'json' as const,
    rateLimit: { max: kind === 'read' ? deps.config.rateLimitGets : deps.config.rateLimitPosts, timeWindow: '1 minute' },
  };
}
