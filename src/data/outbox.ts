/**
 * The outbox: every post is stored in IndexedDB first, with a client-generated UUID as its
 * Idempotency-Key, and sent from there. It is flushed at once when online, by Background Sync
 * where the browser has it, and on service-worker start, page load, `online` and
 * `visibilitychange`. Replays are safe because the server stores each key once and answers a
 * replay with its first answer. A post the server refuses (4xx other than 408, 425 and 429) is
 * kept as rejected, shown with its message, and never retried. A post the server throttles (429,
 * 503: with Retry-After) or cannot take, or that finds no network, waits: until Retry-After, or
 * for an exponential backoff with full jitter; then a timer sends it while a page is open, and
 * Background Sync when none is. A throttling answer holds the whole outbox, posts stored
 * meanwhile too: only the visitor's own "Enviar agora" sends before the server said to. The
 * device's starred sessions for its change notices go the same way (kind `pushStars`): only the
 * latest list waits, and the visitor is told nothing of it, sent or refused.
 */
import type { ApiError, SubmissionAck } from '../common/api/api-types';
import type { FormKind } from '../common/forms/form-schemas';
import { DEFAULT_LOCALE, languageParam, type Locale } from '../common/i18n/locales';
import { API_BASE, apiUrl, formEndpoints, pushEndpoints } from '../common/api/endpoint-refs';
import type { FestaDb, OutboxItem, SentItem } from './db';

interface TransportResponse {
  status: number;
  json: () => Promise<unknown>;
  /** The answer's headers (Retry-After); a transport without them is read as "no Retry-After". */
  headers?: { get: (name: string) => string | null };
}

export type Transport = (url: string, init: { method: 'POST'; headers: Record<string, string>; body: string }) => Promise<TransportResponse>;

const browserTransport: Transport = (url, init) => fetch(url, init);

/** Timers for the next attempt while a page is open; the service worker has none (Background Sync instead). */
export interface Scheduler {
  set: (run: () => void, ms: number) => unknown;
  clear: (handle: unknown) => void;
}

export const windowScheduler: Scheduler = {
  set: (run, ms) => setTimeout(run, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

interface OutboxOptions {
  /** Uniform in [0, 1): the jitter of the backoff. */
  random?: () => number;
  /** Given (in a page), a timer flushes again at the earliest `nextAttemptAt` while posts wait. */
  scheduler?: Scheduler;
}

export const SYNC_TAG = 'festa-outbox';
/** Full-jitter exponential backoff: a wait drawn from [floor, min(cap, base × 2^(attempts−1))]. */
export const BACKOFF_FLOOR_MS = 100;
export const BACKOFF_BASE_MS = 1000;
export const BACKOFF_CAP_MS = 60 * 1000;
/** A Retry-After longer than this is read as this: the visitor must not wait for hours. */
const RETRY_AFTER_CAP_MS = 10 * 60 * 1000;
/** Spread of the clients that return after one Retry-After, so that a venue does not come back at once. */
const RETRY_AFTER_JITTER_MS = 250;
/** The timer never fires sooner than this: a flush that leaves posts due does not spin. */
const MIN_TIMER_MS = 200;
/** The meta entry of the time until which the server asked this device to send nothing (429, 503). */
const HELD_UNTIL_KEY = 'outboxHeldUntil';

/** The wait before attempt number `attempts` + 1 after a failure with no Retry-After. */
export function backoffDelay(attempts: number, random: () => number = Math.random): number {
  const ceiling = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, Math.min(attempts - 1, 16)));
  return BACKOFF_FLOOR_MS + Math.floor(random() * (ceiling - BACKOFF_FLOOR_MS));
}

/** Retry-After as milliseconds from `now` (delta-seconds or an HTTP date); null when absent or unreadable. */
export function parseRetryAfter(value: string | null | undefined, now: number): number | null {
  if (!value) return null;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Math.min(RETRY_AFTER_CAP_MS, Number(text) * 1000);
  const date = Date.parse(text);
  if (Number.isNaN(date)) return null;
  return Math.min(RETRY_AFTER_CAP_MS, Math.max(0, date - now));
}

const urlOf = ({ kind, lang }: Pick<OutboxItem, 'kind' | 'lang'>) =>
  kind === 'pushStars' ? `${API_BASE}${pushEndpoints.pushSubscribe.path}` : formUrl(kind, lang);

/** A form's address, naming the language of the page it was sent from when that is not pt-PT. */
export const formUrl = (kind: FormKind, lang: Locale = DEFAULT_LOCALE): string =>
  apiUrl(formEndpoints[kind], languageParam(lang));

type FlushOutcome = { id: string; result: 'sent' | 'rejected' | 'retry' };

interface FlushOptions {
  /** The visitor's "Enviar agora": every pending post, now, whatever the server asked. */
  force?: boolean;
  /** The connection has just returned: posts that waited only for it need not wait for their backoff. */
  reconnected?: boolean;
}

export class Outbox {
  private flushing: Promise<FlushOutcome[]> | null = null;
  private timer: unknown = null;
  private timerAt = Infinity;
  private readonly random: () => number;
  private readonly scheduler: Scheduler | undefined;

  constructor(
    private readonly db: FestaDb,
    private readonly transport: Transport = browserTransport,
    private readonly now: () => number = Date.now,
    private readonly newId: () => string = () => crypto.randomUUID(),
    options: OutboxOptions = {},
  ) {
    this.random = options.random ?? Math.random;
    this.scheduler = options.scheduler;
  }

  /**
   * Stores a post; it is sent by the next flush, or once the server's wait is over. Returns its
   * idempotency key. `lang`: the page's language, in which the server answers it.
   */
  async enqueue(kind: FormKind, body: Record<string, unknown>, lang: Locale = DEFAULT_LOCALE): Promise<string> {
    const id = this.newId();
    const at = this.now();
    const nextAttemptAt = Math.max(at, await this.heldUntil());
    const language = lang === DEFAULT_LOCALE ? {} : { lang };
    await this.db.outbox.add({ id, kind, body, ...language, createdAt: at, attempts: 0, status: 'pending', nextAttemptAt });
    return id;
  }

  /**
   * Stores the device's starred sessions for its change notices in place of any list still
   * waiting: the server keeps the latest list, so an older one need never go.
   */
  async enqueueStars(body: Record<string, unknown>): Promise<string> {
    const id = this.newId();
    const at = this.now();
    const nextAttemptAt = Math.max(at, await this.heldUntil());
    await this.db.transaction('rw', this.db.outbox, async () => {
      await this.dropStars();
      await this.db.outbox.add({ id, kind: 'pushStars', body, createdAt: at, attempts: 0, status: 'pending', nextAttemptAt });
    });
    return id;
  }

  /** Forgets the starred sessions waiting to be sent (the visitor turned the notices off). */
  async dropStars(): Promise<void> {
    await this.db.outbox.where('status').equals('pending').filter((item) => item.kind === 'pushStars').delete();
  }

  /** Until when the server asked this device to send nothing (a 429 or 503); 0 when it did not. */
  async heldUntil(): Promise<number> {
    const entry = await this.db.meta.get(HELD_UNTIL_KEY);
    return typeof entry?.value === 'number' ? entry.value : 0;
  }

  pending(): Promise<OutboxItem[]> {
    return this.db.outbox.where('status').equals('pending').sortBy('createdAt');
  }

  /** The visitor's own posts, waiting or refused, oldest first: the device's stars are not among them. */
  posts(): Promise<(OutboxItem & { kind: FormKind })[]> {
    return this.db.outbox
      .orderBy('createdAt')
      .filter((item) => item.kind !== 'pushStars')
      .toArray() as Promise<(OutboxItem & { kind: FormKind })[]>;
  }

  rejected(): Promise<OutboxItem[]> {
    return this.db.outbox.where('status').equals('rejected').sortBy('createdAt');
  }

  /** Forgets a rejected post once the visitor has seen it. */
  dismiss(id: string): Promise<void> {
    return this.db.outbox.delete(id);
  }

  /** Posts that waited in the outbox and have since been delivered, whose notice is still open. */
  delivered(): Promise<SentItem[]> {
    return this.db.sent.filter((item) => item.queued === true && item.seen !== true).sortBy('sentAt');
  }

  /** The visitor has read that a waiting post went. */
  async acknowledge(id: string): Promise<void> {
    await this.db.sent.update(id, { seen: true });
  }

  /**
   * Sends every pending post that is due (all of them with `force`), oldest first; nothing while the
   * server's wait lasts, unless forced. One flush runs
   * at a time in this context; across contexts (page and service worker) a Web Lock keeps them
   * apart where the browser has it, and idempotency keeps them safe where it does not. A post that
   * must wait (no network, 408, 429, 5xx) stops the flush: the server is throttling or failing, or
   * the network is down, and the rest would fare the same. With a scheduler, the next flush is then
   * set for the earliest `nextAttemptAt`.
   */
  flush(options: FlushOptions = {}): Promise<FlushOutcome[]> {
    if (this.flushing) return this.flushing;
    const run = () => this.sendAll(options);
    const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
    const flushing: Promise<FlushOutcome[]> = (locks ? locks.request('festa-outbox-flush', run).then((outcomes) => outcomes) : run()).finally(
      () => {
        this.flushing = null;
      },
    );
    this.flushing = flushing;
    void flushing.then(
      () => this.scheduleNext(),
      () => this.scheduleNext(),
    );
    return flushing;
  }

  /** When the earliest pending post may be tried again; null when nothing waits. */
  async nextAttemptAt(): Promise<number | null> {
    const pending = await this.pending();
    if (pending.length === 0) return null;
    return Math.min(...pending.map((item) => item.nextAttemptAt));
  }

  /** Stops the timer (a page going away, or a test ending). */
  stop(): void {
    if (this.timer !== null) this.scheduler?.clear(this.timer);
    this.timer = null;
    this.timerAt = Infinity;
  }

  /** One timer per outbox: set for the earliest `nextAttemptAt`, cleared when the queue is empty. */
  private async scheduleNext(): Promise<void> {
    const scheduler = this.scheduler;
    if (!scheduler) return;
    const at = await this.nextAttemptAt().catch(() => null);
    if (at === null) {
      this.stop();
      return;
    }
    const delay = Math.max(MIN_TIMER_MS, at - this.now());
    const fireAt = this.now() + delay;
    if (this.timer !== null && this.timerAt <= fireAt) return;
    this.stop();
    this.timerAt = fireAt;
    this.timer = scheduler.set(() => {
      this.timer = null;
      this.timerAt = Infinity;
      void this.flush();
    }, delay);
  }

  private async sendAll({ force = false, reconnected = false }: FlushOptions): Promise<FlushOutcome[]> {
    const outcomes: FlushOutcome[] = [];
    if (!force && (await this.heldUntil()) > this.now()) return outcomes;
    for (const item of await this.pending()) {
      const due = item.nextAttemptAt <= this.now() || (reconnected && item.waitingFor === 'network');
      if (!force && !due) continue;
      const result = await this.send(item);
      outcomes.push({ id: item.id, result });
      if (result === 'retry') break;
    }
    return outcomes;
  }

  private async send(item: OutboxItem): Promise<FlushOutcome['result']> {
    let status: number;
    let body: unknown;
    let retryAfter: string | null;
    try {
      const response = await this.transport(urlOf(item), {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': item.id },
        body: JSON.stringify(item.body),
      });
      status = response.status;
      retryAfter = response.headers?.get('retry-after') ?? null;
      body = await response.json().catch(() => null);
    } catch {
      await this.retryLater(item, { waitingFor: 'network', retryAfterMs: null, holds: false });
      return 'retry';
    }
    if (status >= 200 && status < 300) {
      const ack = body as SubmissionAck | null;
      const kind = item.kind;
      await this.db.transaction('rw', this.db.outbox, this.db.sent, this.db.meta, async () => {
        if (kind !== 'pushStars') {
          await this.db.sent.put({ id: item.id, kind, message: ack?.message ?? '', sentAt: this.now(), queued: item.attempts > 0 || item.toldWaiting === true });
        }
        await this.db.outbox.delete(item.id);
        // The server takes posts again (the visitor sent one before its wait was over): nothing is held.
        await this.db.meta.delete(HELD_UNTIL_KEY);
      });
      return 'sent';
    }
    // 408, 425, 429 and 5xx are the server's trouble, not the post's: try again later.
    if (status === 408 || status === 425 || status === 429 || status >= 500) {
      // 429 and 503 are the server asking this client to slow down: the whole outbox waits.
      const holds = status === 429 || status === 503;
      await this.retryLater(item, { waitingFor: 'server', retryAfterMs: parseRetryAfter(retryAfter, this.now()), holds });
      return 'retry';
    }
    const error = body as ApiError | null;
    // A list of stars the server refuses would be refused again, and there is nothing the visitor could change in it.
    if (item.kind === 'pushStars') {
      await this.db.outbox.delete(item.id);
      return 'rejected';
    }
    await this.db.outbox.update(item.id, {
      status: 'rejected',
      attempts: item.attempts + 1,
      // No reason from the server: the page that shows it says "refused" in its own language (REFUSED).
      message: error?.message,
      fields: error?.fields ?? {},
    });
    return 'rejected';
  }

  /**
   * The post waits: until Retry-After when the server gave one (with a little jitter), otherwise
   * for a full-jitter exponential backoff. The posts behind it wait at least as long: the server
   * throttles this client (or the network is down), not this one post. When the server throttles
   * (`holds`), posts stored before the wait is over wait too.
   */
  private async retryLater(
    item: OutboxItem,
    { waitingFor, retryAfterMs, holds }: { waitingFor: 'network' | 'server'; retryAfterMs: number | null; holds: boolean },
  ): Promise<void> {
    const attempts = item.attempts + 1;
    const delay =
      retryAfterMs !== null ? retryAfterMs + Math.floor(this.random() * RETRY_AFTER_JITTER_MS) : backoffDelay(attempts, this.random);
    const until = this.now() + delay;
    await this.db.transaction('rw', this.db.outbox, this.db.meta, async () => {
      await this.db.outbox.update(item.id, { attempts, nextAttemptAt: until, waitingFor });
      await this.db.outbox
        .where('status')
        .equals('pending')
        .filter((other) => other.id !== item.id && other.nextAttemptAt < until)
        .modify({ nextAttemptAt: until, waitingFor });
      if (holds && until > (await this.heldUntil())) await this.db.meta.put({ key: HELD_UNTIL_KEY, value: until });
    });
  }
}
