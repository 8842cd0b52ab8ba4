/**
 * A form's post that was kept for later (no signal, or the server asked to wait): what became of
 * it, read live from the outbox, so the form says "Enviado às 12:03." once it went, or why it was
 * refused.
 */
import { withValues } from '../common/i18n/i18n';
import type { I18n } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { useState } from 'react';
import { lisbonClockTime } from '../common/time/lisbon-time';
import type { FestaDb } from '../data/db';
import { useLiveRead, type DataLayer } from '../data/lazy-data';
import { heldMessage, QUEUED, REFUSED, sourceI18n } from '../data/queued-message';

const SENT = /*i18n*/ { id: 'forms.sentAt', message: 'Enviado às {at}.' };
const NOT_SENT = /*i18n*/ { id: 'forms.notSent', message: 'Não foi enviado: {reason}' };

type Delivery =
  /** Kept for later; `heldUntil`: the server asked to wait until then (429, 503). */
  | { state: 'waiting'; heldUntil?: number }
  | { state: 'sent'; sentAt: number; message: string }
  /** `message`: the server's reason, when it gave one. */
  | { state: 'rejected'; message?: string };

/** The line a form shows for its queued post ("12:03": Lisbon's time, as the festival's days are). */
export function deliveryLine(delivery: Delivery | null | undefined, i18n: I18n = sourceI18n()): string {
  if (!delivery) return i18n._(QUEUED);
  if (delivery.state === 'waiting') return delivery.heldUntil === undefined ? i18n._(QUEUED) : heldMessage(delivery.heldUntil, i18n);
  if (delivery.state === 'sent') {
    const line = i18n._(withValues(SENT, { at: lisbonClockTime(delivery.sentAt) }));
    return delivery.message ? `${line} ${delivery.message}` : line;
  }
  return '';
}

async function readDelivery(db: FestaDb, layer: DataLayer, id: string): Promise<Delivery> {
  const sent = await db.sent.get(id);
  if (sent) return { state: 'sent', sentAt: sent.sentAt, message: sent.message };
  const item = await db.outbox.get(id);
  if (item?.status === 'rejected') return { state: 'rejected', message: item.message };
  const heldUntil = (await layer.pageOutbox()?.heldUntil()) ?? 0;
  return heldUntil > Date.now() ? { state: 'waiting', heldUntil } : { state: 'waiting' };
}

export function useQueuedDelivery() {
  const { i18n } = useLingui();
  const [followed, setFollowed] = useState<{ id: string; line: string } | null>(null);
  const id = followed?.id ?? null;
  const delivery = useLiveRead(`delivery:${id}`, (db, layer) => (id ? readDelivery(db, layer, id) : null));
  return {
    /** Follows a post kept for later, saying `line` until the outbox is read; null forgets it (a new submission). */
    follow: (next: string | null, line = i18n._(QUEUED)) => setFollowed(next === null ? null : { id: next, line }),
    /** '' when no post is followed. */
    status: followed === null ? '' : delivery ? deliveryLine(delivery, i18n) : followed.line,
    failure:
      id !== null && delivery?.state === 'rejected' ? i18n._(withValues(NOT_SENT, { reason: delivery.message ?? i18n._(REFUSED) })) : '',
  };
}
