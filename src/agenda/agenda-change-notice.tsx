/**
 * After a programme sync, on the page the visitor is on (every page but the agenda itself): what
 * changed in their agenda, named, with the clash a change brings, as soon as the sync has found
 * it. "Tomei nota" acknowledges here; the agenda keeps saying "mudou de 18:00" on the session.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useLocation } from 'react-router-dom';
import { agendaPath } from '../common/addresses/page-paths';
import { loadFestaDb } from '../data/lazy-data';
import { currentSession, liveSessions } from './agenda-entry';
import { acknowledgeChanges } from './agenda-store';
import { changeSummary, changesNotice } from './changes';
import { clashMessage, findClashes } from './agenda-overlaps';
import { useAgendaEntries, usePendingChanges, useTravelTimes } from './use-agenda';
import { outdatedInFile, useCalendarFileRecord } from './sharing/calendar-file';
import './agenda-change-notice.css';

export function AgendaChangeNotice() {
  const count = usePendingChanges();
  const { pathname } = useLocation();
  if (!count || pathname.replace(/\/$/, '') === agendaPath()) return null;
  return <NamedChanges count={count} />;
}

/** Mounted only when something changed: the travel times (for the clashes) are read only then. */
function NamedChanges({ count }: { count: number }) {
  const entries = useAgendaEntries() ?? [];
  const clashes = findClashes(liveSessions(entries), useTravelTimes());
  const changed = entries.filter((e) => e.change);
  const fileOutdated = outdatedInFile(changed, useCalendarFileRecord()).length > 0;
  const { i18n, t } = useLingui();
  return (
    <div className="agenda-notice" role="status">
      <p className="agenda-notice__title">
        <strong>{`${changesNotice(count, i18n)}:`}</strong>
      </p>
      {/* On a phone the list scrolls in a few lines' height, so that the page stays in view: it is a Tab stop so that a keyboard scrolls it too. */}
      <ul className="agenda-notice__list" tabIndex={0} aria-label={t`Sessões que mudaram`}>
        {changed.map((entry) => {
          const session = currentSession(entry);
          const clash = entry.change?.kind === 'changed' ? clashes.get(session.id)?.[0] : undefined;
          return (
            <li key={entry.sessionId} data-session-id={entry.sessionId}>
              <em className="agenda-notice__film">{session.title}</em>
              {`, ${changeSummary(entry, i18n)}.`}
              {clash ? <span className="agenda-notice__clash">{` ${clashMessage(session, clash, i18n)}`}</span> : null}
            </li>
          );
        })}
      </ul>
      {fileOutdated ? (
        <p className="agenda-notice__file">
          <Trans>O ficheiro de calendário que descarregou ficou desatualizado: a agenda tem o novo.</Trans>
        </p>
      ) : null}
      <p className="agenda-notice__actions">
        <button type="button" className="button" onClick={() => void loadFestaDb().then((db) => db && acknowledgeChanges(db))}>
          <Trans>Tomei nota</Trans>
        </button>
        <Link to={agendaPath()} className="agenda-notice__link">
          <Trans>Ver o que mudou</Trans>
        </Link>
      </p>
    </div>
  );
}
