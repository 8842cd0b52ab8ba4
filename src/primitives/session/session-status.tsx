/**
 * A session's last-minute status where visitors look (the programme, a film's sessions, the
 * agenda): the word ("Cancelada") and the sentence with its reason ("Sessão cancelada: cópia não
 * chegou"), in words and not by colour alone. Nothing for a session as planned.
 */
import { isSessionStatus, STATUS_LABELS, statusSentence } from '../../common/programme/session-status';
import './session-status.css';

export function SessionStatus({ status, note }: { status: string; note: string }) {
  if (!isSessionStatus(status) || status === '') return null;
  return (
    <span className={`session-status session-status--${status}`}>
      <strong className="session-status__word">{STATUS_LABELS[status]}</strong>
      <span className="session-status__sentence">{statusSentence(status, note)}</span>
    </span>
  );
}
