import { useState } from 'react';
import type { FormKind } from '../common/forms/form-schemas';
import { plural } from '../common/text/plural';
import { lisbonClockTime } from '../common/time/lisbon-time';
import { loadDataLayer, useLiveRead } from '../data/lazy-data';
import './outbox-status.css';

/** What each post is, and the ending its participles take ("enviada", "enviado"). */
const KIND = {
  newsletter: { label: 'Subscrição da newsletter', ending: 'a' },
  accreditation: { label: 'Pedido de acreditação', ending: 'o' },
  ticket: { label: 'Pedido de bilhetes', ending: 'o' },
} as const satisfies Record<FormKind, { label: string; ending: 'a' | 'o' }>;

/**
 * "1 envio guardado, será enviado ...", "2 envios guardados, serão enviados ...": when the
 * connection returns, or at the time the server asked to wait for (`heldUntil`).
 */
export function pendingLine(count: number, heldUntil?: number): string {
  if (heldUntil !== undefined) {
    const at = lisbonClockTime(heldUntil);
    return plural(count, {
      one: `{n} envio guardado: o servidor pediu para aguardar, será enviado às ${at}.`,
      other: `{n} envios guardados: o servidor pediu para aguardar, serão enviados às ${at}.`,
    });
  }
  return plural(count, {
    one: '{n} envio guardado, será enviado quando voltar a ter ligação.',
    other: '{n} envios guardados, serão enviados quando voltar a ter ligação.',
  });
}

/**
 * Posts waiting for a connection or for the server's wait, counted and listed, with "Enviar agora"
 * (the one way to send before the server said to); those that waited and
 * have since gone ("Pedido de bilhetes enviado às 12:03."), until closed; and refused ones, with
 * the server's reason.
 */
export function OutboxStatus() {
  const items = useLiveRead('outbox', (_db, layer) => layer.pageOutbox()?.posts() ?? []);
  const delivered = useLiveRead('delivered', (_db, layer) => layer.pageOutbox()?.delivered() ?? []);
  /** Until when the server asked to wait, while it lasts. */
  const heldUntil = useLiveRead('outbox-held', async (_db, layer) => {
    const until = (await layer.pageOutbox()?.heldUntil()) ?? 0;
    return until > Date.now() ? until : undefined;
  });
  const [sending, setSending] = useState(false);
  const pending = (items ?? []).filter((i) => i.status === 'pending');
  const rejected = (items ?? []).filter((i) => i.status === 'rejected');
  if (pending.length === 0 && rejected.length === 0 && (delivered ?? []).length === 0) return null;
  return (
    <section className="outbox-status" aria-label="Envios guardados">
      {pending.length > 0 ? (
        <div className="outbox-status__pending">
          <p role="status">{pendingLine(pending.length, heldUntil)}</p>
          <ul>
            {pending.map((item) => (
              <li key={item.id}>{KIND[item.kind].label}</li>
            ))}
          </ul>
          <button
            type="button"
            className="button"
            disabled={sending}
            onClick={() => {
              void (async () => {
                setSending(true);
                await (await loadDataLayer()).pageOutbox()?.flush({ force: true });
                setSending(false);
              })();
            }}
          >
            Enviar agora
          </button>
        </div>
      ) : null}
      {(delivered ?? []).map((item) => (
        <div key={item.id} className="outbox-status__sent" role="status">
          <p>
            {KIND[item.kind].label} enviad{KIND[item.kind].ending} às {lisbonClockTime(item.sentAt)}.
          </p>
          <button
            type="button"
            className="button button--ghost"
            onClick={() => void loadDataLayer().then((layer) => layer.pageOutbox()?.acknowledge(item.id))}
          >
            Fechar
          </button>
        </div>
      ))}
      {rejected.map((item) => (
        <div key={item.id} className="outbox-status__rejected" role="alert">
          <p>
            {KIND[item.kind].label} recusad{KIND[item.kind].ending}: {item.message}
          </p>
          <button
            type="button"
            className="button button--ghost"
            onClick={() => void loadDataLayer().then((layer) => layer.pageOutbox()?.dismiss(item.id))}
          >
            Fechar
          </button>
        </div>
      ))}
    </section>
  );
}
