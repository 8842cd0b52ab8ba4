import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { festaDb } from '../data/db';
import { pageOutbox } from '../data/submit';

const KIND_LABEL = {
  newsletter: 'Subscrição da newsletter',
  accreditation: 'Pedido de acreditação',
  ticket: 'Pedido de bilhetes',
} as const;

/** Posts waiting for a connection, counted and listed, with "Enviar agora"; and refused ones, with their message. */
export function OutboxStatus() {
  const items = useLiveQuery(() => festaDb()?.outbox.orderBy('createdAt').toArray() ?? [], []);
  const [sending, setSending] = useState(false);
  if (!items || items.length === 0) return null;
  const pending = items.filter((i) => i.status === 'pending');
  const rejected = items.filter((i) => i.status === 'rejected');
  return (
    <section className="outbox-status" aria-label="Envios guardados">
      {pending.length > 0 ? (
        <div className="outbox-status__pending">
          <p role="status">
            {pending.length === 1 ? '1 envio guardado' : `${pending.length} envios guardados`}, será enviado quando voltar a ter ligação.
          </p>
          <ul>
            {pending.map((item) => (
              <li key={item.id}>{KIND_LABEL[item.kind]}</li>
            ))}
          </ul>
          <button
            type="button"
            className="button"
            disabled={sending}
            onClick={() => {
              void (async () => {
                setSending(true);
                await pageOutbox()?.flush({ force: true });
                setSending(false);
              })();
            }}
          >
            Enviar agora
          </button>
        </div>
      ) : null}
      {rejected.map((item) => (
        <div key={item.id} className="outbox-status__rejected" role="alert">
          <p>
            {KIND_LABEL[item.kind]} recusado: {item.message}
          </p>
          <button type="button" className="button button--ghost" onClick={() => void pageOutbox()?.dismiss(item.id)}>
            Fechar
          </button>
        </div>
      ))}
    </section>
  );
}
