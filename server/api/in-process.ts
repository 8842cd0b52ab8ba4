/**
 * The server reading its own API, in-process (`app.inject`): the page renderer and the offline
 * programme sync both answer from exactly what a browser would fetch. Such reads carry a token
 * only this process knows, so they never count against a client's rate limit.
 */
import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { API_BASE } from '../../src/common/api/api-path';
import { CACHE_POLICIES } from '../../src/common/api/endpoints';

export const INTERNAL_HEADER = 'x-internal-render';
export const internalToken = randomUUID();

export interface InProcessAnswer {
  status: number;
  /** The JSON of a 200, else undefined. */
  data: unknown;
  /** The answer depends on the clock (today's programme): a page made from it is kept briefly. */
  live: boolean;
}

export type InProcessReader = (path: string) => Promise<InProcessAnswer>;

/** Reads `API_BASE + path` through the app's own routes (the app may be read before it is ready). */
export function inProcessReader(app: FastifyInstance): InProcessReader {
  return async (path) => {
    const response = await app.inject({ method: 'GET', url: `${API_BASE}${path}`, headers: { [INTERNAL_HEADER]: internalToken } });
    return {
      status: response.statusCode,
      data: response.statusCode === 200 ? response.json<unknown>() : undefined,
      live: response.headers['cache-control'] === CACHE_POLICIES.live,
    };
  };
}
