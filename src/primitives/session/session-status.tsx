/**
 * A session's last-minute status where visitors look (the programme, a film's sessions, the
 * agenda): the word ("Cancelada") and the sentence with its reason ("Sessão cancelada: cópia não
 * chegou"), in words and not by colour alone. Nothing for a session as planned.
 */
import { useLingui } from '@lingui/react';
import { statusLabel, statusSentence } from '../../common/programme/session-status';
import { IN_PORTUGUESE, useContentLang, type Written } from '../../hooks/use-content-lang';
import './session-status.css';

/** Where the reason goes in the sentence, so that it can carry its own `lang` (a character no message holds). */
const REASON_SLOT = '\uE000';

/** `noteWritten`: the reason's language, pt-PT where the desk did not translate it. */
export function SessionStatus({ status, note, noteWritten = IN_PORTUGUESE }: { status: string; note: string; noteWritten?: Written }) {
  const { i18n } = useLingui();
  const noteLang = useContentLang(noteWritten.lang);
  const label = statusLabel(status, i18n);
  if (!label) return null;
  const reason = note.trim();
  // A delay's badge says it, and the time it was at stands beside it (SessionChange): its reason alone.
  const [before, after] = status === 'delayed' ? ['', ''] : statusSentence(status, reason ? REASON_SLOT : '', i18n).split(REASON_SLOT);
  const sentence = before || after || reason;
  return (
    <span className={`session-status session-status--${status}`}>
      <strong className="session-status__word">{label}</strong>
      {sentence ? (
        <span className="session-status__sentence">
          {before}
          {reason ? <span lang={noteLang}>{reason}</span> : null}
          {after}
        </span>
      ) : null}
    </span>
  );
}
