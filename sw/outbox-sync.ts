/** The service worker's part of the outbox: flush it on Background Sync and whenever it starts. */
import type { WorkerToPage } from '../src/common/sw-messages';
import { openFestaDb } from '../src/data/db';
import { Outbox } from '../src/data/outbox';

let outbox: Outbox | null = null;

export async function flushOutbox(sw: ServiceWorkerGlobalScope): Promise<void> {
  outbox ??= new Outbox(openFestaDb());
  const outcomes = await outbox.flush({ force: true });
  const sent = outcomes.filter((o) => o.result === 'sent').length;
  if (sent === 0) return;
  const message: WorkerToPage = { type: 'OUTBOX_FLUSHED', sent };
  for (const client of await sw.clients.matchAll({ type: 'window' })) client.postMessage(message);
}
