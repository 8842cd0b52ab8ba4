/**
 * The server's Prometheus metrics (prom-client), one registry per app so that tests building many
 * apps in one process never register a name twice. Names follow Prometheus's conventions: base
 * units (seconds, bytes), `_total` for counters. docs/operations.md says what each one means and
 * what to watch on opening night; server/observability/metrics-route.ts serves them.
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** What a heavy job is, for the duration histogram (they run in worker threads: server/workers/). */
export type HeavyJob = 'sheet-read' | 'sheet-dry-run' | 'sheet-apply' | 'pdf';

export interface Metrics {
  registry: Registry;
  /** Every answer, by route pattern (never the raw address: bounded labels), method and status. */
  httpRequests: Counter<'route' | 'method' | 'status'>;
  httpSeconds: Histogram<'route' | 'method'>;
  /** Kept answers sent by the front door or the response cache, and misses that were rendered. */
  responseCache: Counter<'result'>;
  /** Visitors' posts stored (accreditation, tickets, newsletter...), by kind, and replays answered. */
  submissions: Counter<'kind' | 'outcome'>;
  loginFailures: Counter<'method'>;
  loginLockouts: Counter<'scope'>;
  publishes: Counter<'kind'>;
  heavyJobSeconds: Histogram<'job' | 'outcome'>;
  /** Jobs waiting for a worker thread. */
  heavyJobsQueued: Gauge;
  databasePool: Gauge<'state'>;
  /** Web Push notifications by outcome (sent, gone, retry, failed, refused) and those waiting. */
  pushNotifications: Counter<'outcome'>;
  pushWaiting: Gauge;
}

export function createMetrics(): Metrics {
  const registry = new Registry();
  // Process CPU and memory, heap, GC, handles, and the event loop's lag (nodejs_eventloop_lag_*).
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
  const registers = [registry];
  return {
    registry,
    httpRequests: new Counter({
      name: 'festa_http_requests_total',
      help: 'Pedidos HTTP respondidos, por rota, método e estado',
      labelNames: ['route', 'method', 'status'],
      registers,
    }),
    httpSeconds: new Histogram({
      name: 'festa_http_request_duration_seconds',
      help: 'Tempo de resposta por rota (segundos)',
      labelNames: ['route', 'method'],
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    responseCache: new Counter({
      name: 'festa_response_cache_total',
      help: 'Respostas guardadas servidas (hit) e páginas ou respostas feitas de novo (miss)',
      labelNames: ['result'],
      registers,
    }),
    submissions: new Counter({
      name: 'festa_submissions_total',
      help: 'Envios dos visitantes recebidos, por tipo e resultado (stored, replayed)',
      labelNames: ['kind', 'outcome'],
      registers,
    }),
    loginFailures: new Counter({
      name: 'festa_login_failures_total',
      help: 'Entradas recusadas na gestão, por método (password, totp, passkey, reauth)',
      labelNames: ['method'],
      registers,
    }),
    loginLockouts: new Counter({
      name: 'festa_login_lockouts_total',
      help: 'Entradas recusadas por excesso de tentativas (429), por âmbito (account, address, device, passkey)',
      labelNames: ['scope'],
      registers,
    }),
    publishes: new Counter({
      name: 'festa_publishes_total',
      help: 'Publicações do site (publish, rollback, scheduled)',
      labelNames: ['kind'],
      registers,
    }),
    heavyJobSeconds: new Histogram({
      name: 'festa_heavy_job_duration_seconds',
      help: 'Duração dos trabalhos pesados feitos fora do ciclo de eventos (folhas de cálculo, PDFs)',
      labelNames: ['job', 'outcome'],
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
      registers,
    }),
    heavyJobsQueued: new Gauge({
      name: 'festa_heavy_jobs_queued',
      help: 'Trabalhos pesados à espera de uma thread livre',
      registers,
    }),
    databasePool: new Gauge({
      name: 'festa_db_pool_connections',
      help: 'Ligações do PostgreSQL por estado (total, idle, waiting); 1 total no SQLite',
      labelNames: ['state'],
      registers,
    }),
    pushNotifications: new Counter({
      name: 'festa_push_notifications_total',
      help: 'Notificações push das sessões marcadas, por resultado (sent, gone: subscrição apagada, retry, failed, refused)',
      labelNames: ['outcome'],
      registers,
    }),
    pushWaiting: new Gauge({
      name: 'festa_push_notifications_waiting',
      help: 'Notificações push por enviar (incluindo as que esperam nova tentativa)',
      registers,
    }),
  };
}
