/**
 * "Partilhar a agenda": a link carrying the session ids, its QR code for a phone across the table,
 * and the system's share sheet where the browser has one (Web Share API).
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { agendaName, shareLink } from '../../common/agenda/agenda-link';
import { localizedPath } from '../../common/i18n/locales';
import { useLocale } from '../../hooks/use-locale';
import './share-panel.css';

export function SharePanel({ sessionIds }: { sessionIds: string[] }) {
  const [link, setLink] = useState<string | null>(null);
  const [qr, setQr] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const titleId = useId();
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';

  const open = () => {
    // The link opens the agenda in the page's language (/en/agenda?sessoes=…).
    const url = shareLink(`${window.location.origin}${localizedPath('', locale)}`, sessionIds);
    setLink(url);
    setStatus(null);
    setQr(null);
    import('../../agenda/sharing/qr')
      .then(({ qrImageUrl }) => qrImageUrl(url))
      .then(setQr)
      .catch(() => setStatus(t`Não foi possível desenhar o código QR.`));
  };
  const copy = async () => {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link);
      setStatus(t`Ligação copiada.`);
    } catch {
      setStatus(t`Não foi possível copiar: selecione a ligação e copie-a.`);
    }
  };
  const share = async () => {
    if (!link) return;
    // Closing the share sheet rejects: nothing to say then.
    await navigator.share({ title: agendaName(i18n), url: link }).catch(() => undefined);
  };

  if (!link) {
    return (
      <button type="button" className="button" onClick={open}>
        <Trans>Partilhar a agenda</Trans>
      </button>
    );
  }
  return (
    <section className="agenda-share" aria-labelledby={titleId}>
      <h2 id={titleId} className="agenda-share__title">
        <Trans>Partilhar a agenda</Trans>
      </h2>
      <p>
        <Trans>Quem abrir esta ligação vê estas sessões e pode juntá-las à sua própria agenda. Nada fica guardado no servidor.</Trans>
      </p>
      <p className="agenda-share__link">
        <input readOnly value={link} aria-label={t`Ligação da agenda`} onFocus={(event) => event.currentTarget.select()} />
      </p>
      <p className="agenda-share__buttons">
        <button type="button" className="button button--ghost" onClick={() => void copy()}>
          <Trans>Copiar ligação</Trans>
        </button>
        {canShare ? (
          <button type="button" className="button button--ghost" onClick={() => void share()}>
            <Trans>Enviar…</Trans>
          </button>
        ) : null}
      </p>
      {qr ? <img className="agenda-share__qr" src={qr} width={200} height={200} alt={t`Código QR da ligação da agenda`} /> : null}
      {status ? <p role="status">{status}</p> : null}
    </section>
  );
}
