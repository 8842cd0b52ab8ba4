/**
 * The service worker's part of the outbox: flush it on Background Sync and whenever it starts.
 * On Background Sync, a post the server throttled is sent again within the event when its
 * Retry-After (or backoff) is short; when posts still wait at the end, the event fails, so that the
 * browser fires the sync again later (Chromium retries a failed sync with its own backoff).
 */
import type { WorkerToPage } from '../src/common/pwa/sw-messages';
import { openFestaDb } from '../src/data/db';
import { Outbox } from '../src/data/outbox';

let outbox: Outbox | null = null;

/** How long one sync event may keep sending (Chromium ends a sync event after about 3 minutes). */
const SYNC_BUDGET_MS = 2 * 60 * 1000;
/** The longest wait inside a sync event for the next attempt; a longer one is left to the browser's retry. */
const MAX_WAIT_IN_SYNC_MS = 65 * 1000;

function workerOutbox(): Outbox {
  return (outbox ??= new Outbox(openFestaDb()));
}

async function tellPages(sw: ServiceWorkerGlobalScope, sent: number): Promise<void> {
  if (sent === 0) return;
  const message: WorkerToPage = { type: 'OUTBOX_FLUSHED', sent };
  for (const client of await sw.clients.matchAll({ type: 'window' })) client.postMessage(message);
}

/** Sends what is due (Retry-After and backoff hold); `reconnected`: also what waited only for the connection. */
export async function flushOutbox(sw: ServiceWorkerGlobalScope, options: { reconnected?: boolean } = {}): Promise<void> {
  const outcomes = await workerOutbox().flush(options);
  await tellPages(sw, outcomes.filter((o) => o.result === 'sent').length);
}

/**
 * The Background Sync handler's work: flush, wait for the next attempt while it is near, flush
 * again; rejects when posts still wait, so that the browser retries the sync.
 */
export async function syncOutbox(sw: ServiceWorkerGlobalScope, now: () => number = Date.now): Promise<void> {
  const box = workerOutbox();
  const deadline = now() + SYNC_BUDGET_MS;
  // The browser fires a sync when it has a connection again.
  await flushOutbox(sw, { reconnected: true });
  for (;;) {
    const at = await box.nextAttemptAt();
    if (at === null) return;
    const wait = Math.max(0, at - now());
    if (wait > MAX_WAIT_IN_SYNC_MS || now() + wait > deadline) break;
    await new Promise((resolve) => setTimeout(resolve, wait));
    const outcomes = await box.flush();
    await tellPages(sw, outcomes.filter((o) => o.result === 'sent').length);
  }
  throw new Error('Envios ainda por entregar: a sincronização será repetida.');
}
