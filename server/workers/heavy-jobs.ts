/**
 * The staff's heavy work, off the event loop: reading an uploaded spreadsheet (and unpacking an
 * XLSX), the import's dry run and application, the printed PDFs. Each takes from a tenth of a
 * second to ten; on the main thread a public page waited as long. They run in a pool of worker
 * threads (piscina), one pool per app, started on the first job and closed with the app.
 *
 * Sized for a small server: one thread per core but one, at most two (on two cores, one: a PDF
 * asked for during a long import waits for it, which festa_heavy_jobs_queued shows), niced (5)
 * so that the main thread (the visitors' answers) goes first when both want a core. Not more: at
 * 10, a 5,000-row dry run once took 58 s on a two-core machine busy with other processes (13 to
 * 35 s in other runs), near the 60 s nginx waits for an answer by default (proxy_read_timeout).
 * A thread idle for 30 s ends, giving its memory back, and one that passes its heap limit is
 * ended and replaced (its job fails). Every job's duration and outcome go to
 * festa_heavy_job_duration_seconds, the jobs waiting for a thread to festa_heavy_jobs_queued
 * (server/observability/metrics.ts).
 *
 * A SQLite database kept in memory (DATABASE=:memory:) exists only on the main thread: there the
 * import runs on the main thread, as the tests' and rehearsals' small files allow.
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { EventEmitter } from 'node:events';
import { availableParallelism } from 'node:os';
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { Piscina } from 'piscina';
import type { DryRun, SheetMapping } from '../../src/common/gestao/programme-sheet';
import type { AppDeps } from '../deps';
import { GestaoError } from '../gestao/editing/gestao-error';
import { applyImport, dryRunImport } from '../gestao/editing/programme-spreadsheets';
import type { Actor } from '../gestao/editing/records';
import type { SheetFormat, SheetTable } from '../gestao/editing/sheet-files';
import type { HeavyJob } from '../observability/metrics';
import type { PrintContent, PrintVenue } from '../print/programme-model';
import type { AppliedImport, ImportRequest } from './import-job';

export type PdfRequest =
  | { kind: 'city'; content: PrintContent; cityId: number; at: Date }
  | { kind: 'venue-day'; content: PrintContent; venue: PrintVenue; day: string; at: Date };

/** What a worker thread is sent (heavy-job-worker.ts). */
export type HeavyTask =
  | { job: 'sheet-read'; data: Uint8Array; name: string }
  | { job: 'sheet-dry-run' | 'sheet-apply'; request: ImportRequest }
  | { job: 'pdf'; pdf: PdfRequest };

/** What it answers: the job's value, or the refusal (GestaoError) it ended in. */
export type HeavyAnswer = { ok: true; value: unknown } | { ok: false; status: GestaoError['statusCode']; body: GestaoError['body'] };

export type ReadSheet = SheetTable & { format: SheetFormat };

const THREADS = Math.max(1, Math.min(2, availableParallelism() - 1));

/** The pool and its jobs, as the routes call them. Emits 'start' with the job's name when a thread begins one. */
export class HeavyJobs extends EventEmitter<{ start: [HeavyJob] }> {
  private pool: Piscina<HeavyTask & { started: MessagePort }, HeavyAnswer> | undefined;
  private closing: Promise<void> | undefined;

  constructor(
    private readonly deps: Pick<AppDeps, 'config' | 'db' | 'metrics'>,
    private readonly log: FastifyBaseLogger,
    /** What a thread loads (the tests give one that cannot load). */
    private readonly workerFile: string = new URL('./worker-entry.mjs', import.meta.url).href,
  ) {
    super();
  }

  private started(): Piscina<HeavyTask & { started: MessagePort }, HeavyAnswer> {
    if (this.closing) throw new Error('heavy jobs: the pool is closed');
    if (this.pool) return this.pool;
    const pool = new Piscina<HeavyTask & { started: MessagePort }, HeavyAnswer>({
      filename: this.workerFile,
      minThreads: 0,
      maxThreads: THREADS,
      idleTimeout: 30_000,
      niceIncrement: 5,
      resourceLimits: { maxOldGenerationSizeMb: 512 },
      // The parent's flags are not the thread's (an --inspect port would be taken twice):
      // worker-entry.mjs registers tsx itself.
      execArgv: [],
    });
    pool.on('error', (error: unknown) => {
      this.log.error({ err: error }, 'heavy jobs: uma thread falhou');
      // A thread that failed as it started leaves its job queued, and piscina starts none again
      // until another job comes: with no thread left, the jobs waiting fail now (their requests
      // answer 500 instead of hanging) and the next job starts a new pool.
      if (pool.threads.length > 0 || this.pool !== pool) return;
      this.pool = undefined;
      void pool.destroy();
    });
    this.pool = pool;
    return pool;
  }

  private async run<T>(job: HeavyJob, task: HeavyTask): Promise<T> {
    const metrics = this.deps.metrics;
    const end = metrics?.heavyJobSeconds.startTimer({ job });
    const pool = this.started();
    const channel = new MessageChannel();
    channel.port1.once('message', () => this.emit('start', job));

    const answer = pool.run({ ...task, started: channel.port2 }, { transferList: [channel.port2] });
    metrics?.heavyJobsQueued.set(pool.queueSize);
    try {
      const done = await answer;
      if (!done.ok) {
        end?.({ outcome: 'refused' });
        throw new GestaoError(done.status, done.body);
      }
      end?.({ outcome: 'ok' });
      return done.value as T;
    } catch (error) {
      if (!(error instanceof GestaoError)) end?.({ outcome: 'failed' });
      throw error;
    } finally {
      channel.port1.close();
      metrics?.heavyJobsQueued.set(pool.queueSize);
    }
  }

  /** On the main thread, timed as the pool's jobs are: an in-memory database has no other. */
  private async here<T>(job: HeavyJob, run: () => Promise<T>): Promise<T> {
    const end = this.deps.metrics?.heavyJobSeconds.startTimer({ job });
    try {
      const value = await run();
      end?.({ outcome: 'ok' });
      return value;
    } catch (error) {
      end?.({ outcome: error instanceof GestaoError ? 'refused' : 'failed' });
      throw error;
    }
  }

  private get inMemory(): boolean {
    return this.deps.config.database === ':memory:';
  }

  /** An uploaded spreadsheet read (an XLSX unpacked within its limits): sheet-files.ts's readSheetFile. */
  readSheet(file: { data: Buffer; name: string }): Promise<ReadSheet> {
    return this.run('sheet-read', { job: 'sheet-read', data: file.data, name: file.name });
  }

  dryRun(actor: Actor, at: string, id: number, mapping: SheetMapping): Promise<DryRun> {
    if (this.inMemory) return this.here('sheet-dry-run', () => dryRunImport(this.deps.db, actor, at, id, mapping));
    return this.run('sheet-dry-run', { job: 'sheet-dry-run', request: this.request(actor, at, id, mapping) });
  }

  apply(actor: Actor, at: string, id: number, mapping: SheetMapping): Promise<AppliedImport> {
    if (this.inMemory) return this.here('sheet-apply', () => applyImport(this.deps.db, actor, at, id, mapping));
    return this.run('sheet-apply', { job: 'sheet-apply', request: this.request(actor, at, id, mapping) });
  }

  async pdf(pdf: PdfRequest): Promise<Buffer> {
    const bytes = await this.run<Uint8Array>('pdf', { job: 'pdf', pdf });
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  private request(actor: Actor, at: string, id: number, mapping: SheetMapping): ImportRequest {
    // Only what the rules read of a person: the staff identity carries more than a thread needs.
    return { database: this.deps.config.database, actor: { id: actor.id, email: actor.email, role: actor.role }, at, id, mapping };
  }

  /** Waits for the jobs running, then ends the threads (the app's onClose). */
  close(): Promise<void> {
    this.closing ??= this.pool?.close() ?? Promise.resolve();
    return this.closing;
  }
}

const pools = new WeakMap<AppDeps, HeavyJobs>();

/**
 * The app's pool: one per AppDeps (an app's), made by the first route module that asks, its
 * threads started by the first job, closed with the app: each module registering routes that use
 * it adds the onClose hook to its scope (closing twice is closing once).
 */
export function heavyJobsFor(scope: FastifyInstance, deps: AppDeps): HeavyJobs {
  let jobs = pools.get(deps);
  if (!jobs) {
    jobs = new HeavyJobs(deps, scope.log);
    pools.set(deps, jobs);
  }
  const closing = jobs;
  scope.addHook('onClose', () => closing.close());
  return jobs;
}

/** The app's pool when its routes are registered (the tests watch its jobs start). */
export function heavyJobsOf(deps: AppDeps): HeavyJobs | undefined {
  return pools.get(deps);
}
