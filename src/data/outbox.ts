/**
 * The outbox: every post is stored in IndexedDB first, with a client-generated UUID as its
 * Idempotency-Key, and sent from there. It is flushed at once when online, by Background Sync
 * where the browser has it, and on service-worker start, page load, `online` and
 * `visibilitychange`. Replays are safe because the server stores each key once and answers a
 * replay with its first answer. A post the server refuses (4xx) is kept as rejected, shown with
 * its message, and never retried.
 */
import type { ApiError, SubmissionAck } from '../common/api-types';
import type { FormKind } from '../common/schemas';
import { apiUrl, formEndpoints } from '../common/api/endpoints';
import type { FestaDb, OutboxItem } from './db';

export type Transport = (url: string, init: { method: 'POST'; headers: Record<string, string>; body: string }) => Promise<{
  status: number;
  json: () => Promise<unknown>;
}>;

export const browserTransport: Transport = (url, init) => fetch(url, init);

export const SYNC_TAG = 'festa-outbox';
const MAX_BACKOFF_MS = 5 * 60 * 1000;

export type FlushOutcome = { id: string; result: 'sent' | 'rejected' | 'retry' };

export class Outbox {
  private flushing: Promise<FlushOutcome[]> | null = null;

  constructor(
    private readonly db: FestaDb,
    private readonly transport: Transport = browserTransport,
    private readonly now: () => number = Date.now,
    private readonly newId: () => string = () => crypto.randomUUID(),
  ) {}

  /** Stores a post; it is sent by the next flush. Returns its idempotency key. */
  async enqueue(kind: FormKind, body: Record<string, unknown>): Promise<string> {
    const id = this.newId();
    const at = this.now();
    await this.db.outbox.add({ id, kind, body, createdAt: at, attempts: 0, status: 'pending', nextAttemptAt: at });
    return id;
  }

  pending(): Promise<OutboxItem[]> {
    return this.db.outbox.where('status').equals('pending').sortBy('createdAt');
  }

  rejected(): Promise<OutboxItem[]> {
    return this.db.outbox.where('status').equals('rejected').sortBy('createdAt');
  }

  /** Forgets a rejected post once the visitor has seen it. */
  dismiss(id: string): Promise<void> {
    return this.db.outbox.delete(id);
  }

  /**
   * Sends every pending post that is due (all of them with `force`), oldest first. One flush runs
   * at a time in this context; across contexts (page and service worker) a Web Lock keeps them
   * apart where the browser has it, and idempotency keeps them safe where it does not.
   */
  flush(options: { force?: boolean } = {}): Promise<FlushOutcome[]> {
    if (this.flushing) return this.flushing;
    const run = () => this.sendAll(options.force ?? false);
    const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
    const flushing: Promise<FlushOutcome[]> = (locks ? locks.request('festa-outbox-flush', run).then((outcomes) => outcomes) : run()).finally(() => {
      this.flushing = null;
    });
    this.flushing = flushing;
    return flushing;
  }

  private async sendAll(force: boolean): Promise<FlushOutcome[]> {
    const outcomes: FlushOutcome[] = [];
    for (const item of await this.pending()) {
      if (!force && item.nextAttemptAt > this.now()) continue;
      const result = await this.send(item);
      outcomes.push({ id: item.id, result });
      // The network is down: the rest would fail the same way.
      if (result === 'retry') break;
    }
    return outcomes;
  }

  private async send(item: OutboxItem): Promise<FlushOutcome['result']> {
    let status: number;
    let body: unknown;
    try {
      const response = await this.transport(apiUrl(formEndpoints[item.kind], {}), {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': item.id },
        body: JSON.stringify(item.body),
      });
      status = response.status;
      body = await response.json().catch(() => null);
    } catch {
      await this.backoff(item);
      return 'retry';
    }
    if (status >= 200 && status < 300) {
      const ack = body as SubmissionAck | null;
      await this.db.transaction('rw', this.db.outbox, this.db.sent, async () => {
        await this.db.sent.put({ id: item.id, kind: item.kind, message: ack?.message ?? '', sentAt: this.now() });
        await this.db.outbox.delete(item.id);
      });
      return 'sent';
    }
    // 408, 429 and 5xx are the server's trouble, not the post's: try again later.
    if (status === 408 || status === 429 || status >= 500) {
      await this.backoff(item);
      return 'retry';
    }
    const error = body as ApiError | null;
    await this.db.outbox.update(item.id, {
      status: 'rejected',
      attempts: item.attempts + 1,
      message: error?.message ?? 'O pedido foi recusado.',
      fields: error?.fields ?? {},
    });
    return 'rejected';
  }

  private async backoff(item: OutboxItem): Promise<void> {
    const attempts = item.attempts + 1;
    const delay = Math.min(MAX_BACKOFF_MS, 2000 * 2 ** Math.min(attempts, 8));
    await this.db.outbox.update(item.id, { attempts, nextAttemptAt: this.now() + delay });
  }
}
