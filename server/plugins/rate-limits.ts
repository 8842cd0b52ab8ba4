/**
 * Request limits sized for a cinema: a whole venue can sit behind one Wi-Fi address
 * (RATE_LIMIT_POSTS, default 300 posts a minute per address; each API route sets its own max).
 * A replay of an Idempotency-Key the server already stored writes nothing and answers the stored
 * answer: it is free for the address, and counted only against its key (RATE_LIMIT_REPLAYS a
 * minute), so that one key replayed in a loop still meets a limit. A 429 carries Retry-After
 * (seconds until the window ends); the outbox follows it. The server's own reads are never limited.
 */
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../api/http-errors';
import { INTERNAL_HEADER, internalToken } from '../api/in-process';
import { isStoredKey } from '../db/repositories/submissions/idempotency-repository';
import type { AppDeps } from '../deps';

const TOO_MANY = 'Demasiados pedidos. Tente novamente dentro de um minuto.';
const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,128}$/;

export async function registerRateLimits(app: FastifyInstance, { db, config }: Pick<AppDeps, 'db' | 'config'>): Promise<void> {
  let replayLimit: ReturnType<FastifyInstance['createRateLimit']> | null = null;
  await app.register(rateLimit, {
    global: false,
    allowList: async (request) => {
      if (request.headers[INTERNAL_HEADER] === internalToken) return true;
      const key = request.headers['idempotency-key'];
      if (request.method !== 'POST' || typeof key !== 'string' || !IDEMPOTENCY_KEY.test(key)) return false;
      if (!(await isStoredKey(db, key))) return false;
      replayLimit ??= app.createRateLimit({
        allowList: [],
        keyGenerator: (replay) => `replay:${String(replay.headers['idempotency-key'])}`,
        max: config.rateLimitReplays,
        timeWindow: 60_000,
      });
      const perKey = await replayLimit(request);
      return perKey.isAllowed || !perKey.isExceeded;
    },
    addHeaders: { 'x-ratelimit-limit': true, 'x-ratelimit-remaining': true, 'x-ratelimit-reset': true, 'retry-after': true },
    errorResponseBuilder: () => new HttpError(429, TOO_MANY),
  });
}

/** What a client may send where a GET is counted: the address (request.ip) and the headers. */
export type CountedRequest = Pick<FastifyRequest, 'ip' | 'headers' | 'method'>;

/** One count of a client's GET: the headers it is told, and whether it went over. */
export interface GetVerdict {
  headers: [string, string][];
  exceeded: boolean;
}

/**
 * A GET route's limit (RATE_LIMIT_GETS a minute per address), counted by @fastify/rate-limit in a
 * store of the route's own. Its `hook` serves Fastify's routes; `count` serves the front door
 * (server/cache/front-door.ts), which answers kept GETs before Fastify: both count in one store,
 * so a client meets the same limit on either path.
 */
export interface GetLimit {
  count(request: CountedRequest): Promise<GetVerdict>;
  hook: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
}

export function createGetLimit(app: FastifyInstance, max: number): GetLimit {
  const limiter = app.createRateLimit({ max, timeWindow: 60_000 });
  const count = async (request: CountedRequest): Promise<GetVerdict> => {
    // What the library reads of a request (a GET limit has no group id); `ip` is a getter on Fastify's.
    const counted = { ip: request.ip, headers: request.headers, method: request.method, routeOptions: { config: {} } };
    const result = await limiter(counted as unknown as FastifyRequest);
    if (result.isAllowed) return { headers: [], exceeded: false };
    const headers: [string, string][] = [
      ['x-ratelimit-limit', String(result.max)],
      ['x-ratelimit-remaining', String(result.isExceeded ? 0 : result.remaining)],
      ['x-ratelimit-reset', String(result.ttlInSeconds)],
    ];
    if (result.isExceeded) headers.push(['retry-after', String(result.ttlInSeconds)]);
    return { headers, exceeded: result.isExceeded };
  };
  return {
    count,
    hook: async (request, reply) => {
      const verdict = await count(request);
      for (const [name, value] of verdict.headers) reply.header(name, value);
      if (verdict.exceeded) throw new HttpError(429, TOO_MANY);
    },
  };
}
