/**
 * Request limits sized for a cinema: a whole venue can sit behind one Wi-Fi address
 * (RATE_LIMIT_POSTS, default 300 posts a minute per address; each API route sets its own max).
 * A replay of an Idempotency-Key the server already stored writes nothing and answers the stored
 * answer: it is free for the address, and counted only against its key (RATE_LIMIT_REPLAYS a
 * minute), so that one key replayed in a loop still meets a limit. A 429 carries Retry-After
 * (seconds until the window ends); the outbox follows it. The server's own reads are never limited.
 */
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../api/errors';
import { INTERNAL_HEADER, internalToken } from '../api/in-process';
import { isStoredKey } from '../db/repositories/idempotency-repository';
import type { AppDeps } from '../deps';

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
    errorResponseBuilder: () => new HttpError(429, 'Demasiados pedidos. Tente novamente dentro de um minuto.'),
  });
}
