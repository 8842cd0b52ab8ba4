/**
 * A session's last-minute status where visitors look (the programme, a film's sessions, the
 * agenda): the word ("Cancelada") and the sentence with its reason ("Sessão cancelada: cópia não
 * chegou"), in words and not by colour alone. Nothing for a session as planned.
 */
import { useLingui } from '@lingui/react';
import { statusLabel, statusSentence } from '../../common/programme/session-status';
import './session-status.css';

export function SessionStatus({ status, note }: { status: string; note: string }) {
  const { i18n } = useLingui();
  const label = statusLabel(status, i18n);
  if (!label) return null;
  return (
    <span className={`session-status session-status--${status}`}>
      <strong className="session-status__word">{label}</strong>
      <span className="session-status__sentence">{statusSentence(status, note, i18n)}</span>
    </span>
  );
}
