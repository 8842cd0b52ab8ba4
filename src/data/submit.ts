/**
 * Sending a form: the post goes into the outbox first (IndexedDB), then is flushed at once. The
 * visitor learns whether it was accepted, refused (with the server's messages), or kept for later
 * because there is no signal. Without IndexedDB it is sent directly, with an Idempotency-Key.
 */
import type { ApiError, SubmissionAck } from '../common/api/api-types';
import type { FormKind } from '../common/forms/form-schemas';
import type { I18n } from '@lingui/core';
import { festaDb } from './db';
import { formUrl, Outbox, SYNC_TAG, windowScheduler } from './outbox';
import type { Locale } from '../common/i18n/locales';

import { REFUSED, sourceI18n, waitingMessage } from './queued-message';

const FAILED = /*i18n*/ { id: 'forms.sendFailed', message: 'Ocorreu um erro. Tente novamente mais tarde.' };
const NO_SIGNAL = /*i18n*/ { id: 'forms.sendNoSignal', message: 'Sem ligação. Tente novamente quando voltar a ter rede.' };

export type SubmitResult =
  | { ok: true; queued: boolean; message: string; id: string }
  | { ok: false; message: string; fields: Record<string, string> };

let outbox: Outbox | null = null;

/**
 * The page's outbox; null where IndexedDB does not exist. While the page is open, its timer sends
 * again what the server throttled (Retry-After) or the network dropped, without a reload.
 */
export function pageOutbox(): Outbox | null {
  const db = festaDb();
  if (!db) return null;
  return (outbox ??= new Outbox(db, undefined, undefined, undefined, { scheduler: windowScheduler }));
}

/** Asks the service worker to flush the outbox when the connection returns (Background Sync). */
export async function requestBackgroundSync(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const registration = await navigator.serviceWorker.getRegistration();
  // Background Sync is Chromium's only: not in every browser, nor in every TypeScript lib.
  if (!registration || !('sync' in registration)) return;
  const sync = registration.sync as { register: (tag: string) => Promise<void> };
  await sync.register(SYNC_TAG).catch(() => undefined);
}

/**
 * `i18n`: the page's, for the lines written here; the server answers in its language too (a
 * message of the server's own is shown as it came).
 */
export async function submitForm(kind: FormKind, values: Record<string, unknown>, i18n: I18n = sourceI18n()): Promise<SubmitResult> {
  const box = pageOutbox();
  const db = festaDb();
  if (!box || !db) return sendDirectly(kind, values, i18n);

  // The same form sent again while it waits in the outbox is the same post, not a second one.
  const body = JSON.stringify(values);
  const waiting = (await box.pending()).find((item) => item.kind === kind && JSON.stringify(item.body) === body);
  const id = waiting?.id ?? (await box.enqueue(kind, values, i18n.locale as Locale));
  void requestBackgroundSync();
  // Not forced: while the server's Retry-After lasts, a new post waits like the others.
  await box.flush();
  // A flush already under way may have started before this post was stored.
  if ((await db.outbox.get(id))?.status === 'pending' && navigator.onLine) await box.flush();

  const sent = await db.sent.get(id);
  if (sent) {
    // Sent while the visitor waits for this answer: the form says so, no notice needed.
    if (sent.queued) await db.sent.update(id, { seen: true });
    return { ok: true, queued: false, message: sent.message, id };
  }
  const item = await db.outbox.get(id);
  if (item?.status === 'rejected') {
    await box.dismiss(id);
    return { ok: false, message: item.message ?? i18n._(REFUSED), fields: item.fields ?? {} };
  }
  // The visitor reads that it waits: when it goes, the banner says so (see Outbox.delivered).
  await db.outbox.update(id, { toldWaiting: true });
  return { ok: true, queued: true, message: waitingMessage(await box.heldUntil(), Date.now(), i18n), id };
}

async function sendDirectly(kind: FormKind, values: Record<string, unknown>, i18n: I18n): Promise<SubmitResult> {
  const id = crypto.randomUUID();
  try {
    const response = await fetch(formUrl(kind, i18n.locale as Locale), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': id },
      body: JSON.stringify(values),
    });
    const body = (await response.json().catch(() => null)) as SubmissionAck | ApiError | null;
    if (response.ok && body && 'ok' in body) return { ok: true, queued: false, message: body.message, id: body.id };
    const error = body && 'statusCode' in body ? body : null;
    return { ok: false, message: error?.message ?? i18n._(FAILED), fields: error?.fields ?? {} };
  } catch {
    return { ok: false, message: i18n._(NO_SIGNAL), fields: {} };
  }
}
