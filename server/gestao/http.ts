/** Small pieces the /gestao/api routes share: reading a JSON body, refusals with Retry-After. */
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../api/errors';
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

/** A string field of the body (400 naming it when missing). */
export function stringField(body: Record<string, unknown>, name: string, label: string): string {
  const value = body[name];
  if (typeof value !== 'string' || value === '') throw new HttpError(400, `Indique ${label}.`);
  return value;
}

/** A positive integer id from the path (404 otherwise: no such thing). */
export function idParam(value: string | undefined, message: string): number {
  if (!value || !/^[1-9][0-9]{0,9}$/.test(value)) throw new HttpError(404, message);
  return Number(value);
}

/** Route config for the routes of this scope: the API's security headers and a per-address request limit. */
export function gestaoRouteConfig(deps: Pick<AppDeps, 'config'>, kind: 'read' | 'write') {
  return {
    securityHeaders: 'json' as const,
    rateLimit: { max: kind === 'read' ? deps.config.rateLimitGets : deps.config.rateLimitPosts, timeWindow: '1 minute' },
  };
}
