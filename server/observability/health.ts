/**
 * Liveness and readiness, for the proxy, an orchestrator or the engineer on call:
 * - GET /healthz: the process answers (nothing else is asked, so a slow database never gets a
 *   live instance restarted);
 * - GET /readyz: this instance should be sent traffic: the database answers, every migration this
 *   code knows has run, and the instance is not draining (main.ts sets `draining` on SIGTERM).
 * Both are cheap, never cached (no-store, and never kept by the response cache) and never rate
 * limited; their answers are JSON. Why an instance is not ready (in pt-PT: the database's own error
 * text, a missing migration), and which instance a ready answer came from (its port), are told to
 * operators only (operator-access.ts); a visitor who asks through the proxy reads the status alone.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { missingLatestMigration } from '../db/migrate';
import type { AppDeps } from '../deps';
import { isOperator } from './operator-access';

export const LIVENESS_PATH = '/healthz';
export const READINESS_PATH = '/readyz';

/** What main.ts changes while the server stops: readiness answers 503 from then on. */
export interface Lifecycle {
  draining: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    lifecycle: Lifecycle;
  }
}

/** A database that does not answer within this is as good as down, for readiness. */
const DATABASE_CHECK_MS = 2000;

type Readiness = { ready: true } | { ready: false; reason: string };

async function readiness(deps: Pick<AppDeps, 'db'>, lifecycle: Lifecycle): Promise<Readiness> {
  if (lifecycle.draining) return { ready: false, reason: 'O servidor está a terminar (SIGTERM): não lhe envie pedidos novos.' };
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), DATABASE_CHECK_MS);
  });
  try {
    const check = (async () => {
      await sql`select 1`.execute(deps.db);
      return await missingLatestMigration(deps.db);
    })();
    const outcome = await Promise.race([check, timeout]);
    if (outcome === 'timeout') return { ready: false, reason: `A base de dados não respondeu em ${DATABASE_CHECK_MS / 1000} s.` };
    if (outcome !== undefined) return { ready: false, reason: `Falta aplicar a migração ${outcome} (npm run migrate).` };
    return { ready: true };
  } catch (error) {
    return {
      ready: false,
      reason: `A base de dados não responde: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`,
    };
  } finally {
    clearTimeout(timer);
  }
}

export function registerHealthRoutes(app: FastifyInstance, deps: Pick<AppDeps, 'db' | 'config'>): void {
  app.decorate('lifecycle', { draining: false } satisfies Lifecycle);
  const config = { securityHeaders: 'json' as const };
  app.get(LIVENESS_PATH, { config }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });
  app.get(READINESS_PATH, { config }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const state = await readiness(deps, app.lifecycle);
    const operator = isOperator(request, deps.config.metricsToken);
    // Which instance answered, for the rolling restart's wait until nginx sends to it again.
    if (state.ready) return operator ? { status: 'ok', port: deps.config.port } : { status: 'ok' };
    return reply.code(503).send({ status: 'indisponível', ...(operator ? { message: state.reason } : {}) });
  });
}
