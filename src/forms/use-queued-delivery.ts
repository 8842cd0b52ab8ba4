/**
 * A form's post that was kept for later (no signal): what became of it, read live from the
 * outbox, so the form says "Enviado às 12:03." once it went, or why it was refused.
 */
import { useState } from 'react';
import { lisbonClockTime } from '../common/lisbon-time';
import type { FestaDb } from '../data/db';
import { useLiveRead } from '../data/lazy-data';
import { QUEUED_MESSAGE } from '../data/queued-message';

export type Delivery = { state: 'waiting' } | { state: 'sent'; sentAt: number; message: string } | { state: 'rejected'; message: string };

/** The line a form shows for its queued post. */
export function deliveryLine(delivery: Delivery | null | undefined): string {
  if (!delivery || delivery.state === 'waiting') return QUEUED_MESSAGE;
  if (delivery.state === 'sent') return `Enviado às ${lisbonClockTime(delivery.sentAt)}.${delivery.message ? ` ${delivery.message}` : ''}`;
  return '';
}

async function readDelivery(db: FestaDb, id: string): Promise<Delivery> {
  const sent = await db.sent.get(id);
  if (sent) return { state: 'sent', sentAt: sent.sentAt, message: sent.message };
  const item = await db.outbox.get(id);
  if (item?.status === 'rejected') return { state: 'rejected', message: item.message ?? 'O pedido foi recusado.' };
  return { state: 'waiting' };
}

export function useQueuedDelivery() {
  const [id, setId] = useState<string | null>(null);
  const delivery = useLiveRead(`delivery:${id}`, (db) => (id ? readDelivery(db, id) : null));
  return {
    /** Follows a post kept for later; null forgets it (a new submission). */
    follow: setId,
    /** '' when no post is followed. */
    status: id === null ? '' : deliveryLine(delivery),
    failure: id !== null && delivery?.state === 'rejected' ? `Não foi enviado: ${delivery.message}` : '',
  };
}
