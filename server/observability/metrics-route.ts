/**
 * GET /metrics: the Prometheus text of the app's registry (server/observability/metrics.ts), and
 * the hooks that count every answer. Not public: it answers operators only (operator-access.ts:
 * this machine with no proxy in between, or the METRICS_TOKEN); anyone else gets 404, as if it
 * did not exist. The shipped nginx site also refuses /metrics from outside.
 */
import type { FastifyInstance } from 'fastify';
import type { FrontDoor } from '../cache/front-door';
import type { ResponseCache } from '../cache/response-cache';
import { poolCounts } from '../db/database';
import { countWaitingNotifications } from '../db/repositories/push/push-repository';
import { MAX_ATTEMPTS } from '../push/push-sender';
import type { AppDeps } from '../deps';
import type { Metrics } from './metrics';
import { isOperator } from './operator-access';

export const METRICS_PATH = '/metrics';

/** A counter that follows a running total kept elsewhere, read when Prometheus asks. */
function follow(read: () => number, add: (delta: number) => void): () => void {
  let seen = 0;
  return () => {
    const now = read();
    if (now > seen) add(now - seen);
    seen = now;
  };
}

export function registerMetrics(
  app: FastifyInstance,
  deps: Pick<AppDeps, 'db' | 'config'> & { metrics: Metrics },
  sources: { cache: ResponseCache; frontDoor: FrontDoor },
): void {
  const { metrics, db, config } = deps;
  app.addHook('onResponse', async (request, reply) => {
    // The route's pattern (/filme/:id), never the address itself: a bounded set of labels.
    const route = request.routeOptions.url ?? 'sem rota';
    const method = request.method;
    metrics.httpRequests.inc({ route, method, status: String(reply.statusCode) });
    metrics.httpSeconds.observe({ route, method }, reply.elapsedTime / 1000);
  });

  const readers: Array<() => Promise<void> | void> = [
    // The front door's answers never reach Fastify's hooks: they are counted here, as hits.
    follow(
      () => sources.frontDoor.answered + sources.cache.hits,
      (delta) => metrics.responseCache.inc({ result: 'hit' }, delta),
    ),
    follow(
      () => [...sources.cache.made.values()].reduce((sum, n) => sum + n, 0),
      (delta) => metrics.responseCache.inc({ result: 'miss' }, delta),
    ),
    () => {
      const counts = poolCounts(db) ?? { total: 1, idle: 1, waiting: 0 };
      metrics.databasePool.set({ state: 'total' }, counts.total);
      metrics.databasePool.set({ state: 'idle' }, counts.idle);
      metrics.databasePool.set({ state: 'waiting' }, counts.waiting);
    },
    // Read when scraped rather than on every look of the push sender's loop.
    async () => metrics.pushWaiting.set(await countWaitingNotifications(db, MAX_ATTEMPTS)),
  ];

  app.get(METRICS_PATH, { config: { securityHeaders: 'json' } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (!isOperator(request, config.metricsToken)) {
      return reply.code(404).send({ statusCode: 404, error: 'Not Found', message: 'Esta página não existe.' });
    }
    for (const read of readers) await read();
    return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
}
