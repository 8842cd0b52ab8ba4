/**
 * A form's post that was kept for later (no signal, or the server asked to wait): what became of
 * it, read live from the outbox, so the form says "Enviado às 12:03." once it went, or why it was
 * refused.
 */
import { useState } from 'react';
import { lisbonClockTime } from '../common/time/lisbon-time';
import type { FestaDb } from '../data/db';
import { useLiveRead, type DataLayer } from '../data/lazy-data';
import { heldMessage, QUEUED_MESSAGE } from '../data/queued-message';

type Delivery =
  /** Kept for later; `heldUntil`: the server asked to wait until then (429, 503). */
  { state: 'waiting'; heldUntil?: number } | { state: 'sent'; sentAt: number; message: string } | { state: 'rejected'; message: string };

/** The line a form shows for its queued post. */
export function deliveryLine(delivery: Delivery | null | undefined): string {
  if (!delivery) return QUEUED_MESSAGE;
  if (delivery.state === 'waiting') return delivery.heldUntil === undefined ? QUEUED_MESSAGE : heldMessage(delivery.heldUntil);
  if (delivery.state === 'sent') return `Enviado às ${lisbonClockTime(delivery.sentAt)}.${delivery.message ? ` ${delivery.message}` : ''}`;
  return '';
}

async function readDelivery(db: FestaDb, layer: DataLayer, id: string): Promise<Delivery> {
  const sent = await db.sent.get(id);
  if (sent) return { state: 'sent', sentAt: sent.sentAt, message: sent.message };
  const item = await db.outbox.get(id);
  if (item?.status === 'rejected') return { state: 'rejected', message: item.message ?? 'O pedido foi recusado.' };
  const heldUntil = (await layer.pageOutbox()?.heldUntil()) ?? 0;
  return heldUntil > Date.now() ? { state: 'waiting', heldUntil } : { state: 'waiting' };
}

export function useQueuedDelivery() {
  const [followed, setFollowed] = useState<{ id: string; line: string } | null>(null);
  const id = followed?.id ?? null;
  const delivery = useLiveRead(`delivery:${id}`, (db, layer) => (id ? readDelivery(db, layer, id) : null));
  return {
    /** Follows a post kept for later, saying `line` until the outbox is read; null forgets it (a new submission). */
    follow: (next: string | null, line = QUEUED_MESSAGE) => setFollowed(next === null ? null : { id: next, line }),
    /** '' when no post is followed. */
    status: followed === null ? '' : delivery ? deliveryLine(delivery) : followed.line,
    failure: id !== null && delivery?.state === 'rejected' ? `Não foi enviado: ${delivery.message}` : '',
  };
}
