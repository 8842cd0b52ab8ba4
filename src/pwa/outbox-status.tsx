import { withValues } from '../common/i18n/i18n';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { FormKind } from '../common/forms/form-schemas';
import { lisbonClockTime } from '../common/time/lisbon-time';
import { loadDataLayer, useLiveRead } from '../data/lazy-data';
import { REFUSED, sourceI18n } from '../data/queued-message';
import './outbox-status.css';

/**
 * What each post is, and the sentences that say it went or was refused: whole sentences, each
 * language agreeing them as it does ("Subscrição da newsletter enviada", "Pedido de bilhetes enviado").
 * `{at}` is Lisbon's time ("12:03"), `{reason}` the server's words.
 */
const KIND = {
  newsletter: {
    label: msg`Subscrição da newsletter`,
    sent: msg({ message: 'Subscrição da newsletter enviada às {at}.' }),
    refused: msg({ message: 'Subscrição da newsletter recusada: {reason}' }),
  },
  accreditation: {
    label: msg`Pedido de acreditação`,
    sent: msg({ message: 'Pedido de acreditação enviado às {at}.' }),
    refused: msg({ message: 'Pedido de acreditação recusado: {reason}' }),
  },
  ticket: {
    label: msg`Pedido de bilhetes`,
    sent: msg({ message: 'Pedido de bilhetes enviado às {at}.' }),
    refused: msg({ message: 'Pedido de bilhetes recusado: {reason}' }),
  },
} as const satisfies Record<FormKind, Record<'label' | 'sent' | 'refused', MessageDescriptor>>;

const PENDING = msg({
  message:
    '{count, plural, one {# envio guardado, será enviado quando voltar a ter ligação.} other {# envios guardados, serão enviados quando voltar a ter ligação.}}',
});
const PENDING_HELD = msg({
  message:
    '{count, plural, one {# envio guardado: o servidor pediu para aguardar, será enviado às {at}.} other {# envios guardados: o servidor pediu para aguardar, serão enviados às {at}.}}',
});

/**
 * "1 envio guardado, será enviado ...", "2 envios guardados, serão enviados ...": when the
 * connection returns, or at the time the server asked to wait for (`heldUntil`).
 */
export function pendingLine(count: number, heldUntil?: number, i18n: I18n = sourceI18n()): string {
  if (heldUntil !== undefined) return i18n._(withValues(PENDING_HELD, { count, at: lisbonClockTime(heldUntil) }));
  return i18n._(withValues(PENDING, { count }));
}

/**
 * Posts waiting for a connection or for the server's wait, counted and listed, with "Enviar agora"
 * (the one way to send before the server said to); those that waited and
 * have since gone ("Pedido de bilhetes enviado às 12:03."), until closed; and refused ones, with
 * the server's reason.
 */
export function OutboxStatus() {
  const { t, i18n } = useLingui();
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
    <section className="outbox-status" aria-label={t`Envios guardados`}>
      {pending.length > 0 ? (
        <div className="outbox-status__pending">
          <p role="status">{pendingLine(pending.length, heldUntil, i18n)}</p>
          <ul>
            {pending.map((item) => (
              <li key={item.id}>{i18n._(KIND[item.kind].label)}</li>
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
            <Trans>Enviar agora</Trans>
          </button>
        </div>
      ) : null}
      {(delivered ?? []).map((item) => (
        <div key={item.id} className="outbox-status__sent" role="status">
          <p>{i18n._(withValues(KIND[item.kind].sent, { at: lisbonClockTime(item.sentAt) }))}</p>
          <button
            type="button"
            className="button button--ghost"
            onClick={() => void loadDataLayer().then((layer) => layer.pageOutbox()?.acknowledge(item.id))}
          >
            <Trans>Fechar</Trans>
          </button>
        </div>
      ))}
      {rejected.map((item) => (
        <div key={item.id} className="outbox-status__rejected" role="alert">
          <p>{i18n._(withValues(KIND[item.kind].refused, { reason: item.message ?? i18n._(REFUSED) }))}</p>
          <button
            type="button"
            className="button button--ghost"
            onClick={() => void loadDataLayer().then((layer) => layer.pageOutbox()?.dismiss(item.id))}
          >
            <Trans>Fechar</Trans>
          </button>
        </div>
      ))}
    </section>
  );
}
