/**
 * An agenda someone shared (/agenda?sessoes=12.48.205): read-only, with its clashes, and one
 * button to add its sessions to the visitor's own agenda. The sessions come from the programme
 * (the network, or the saved copy offline): the link carries only their ids.
 */
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { sessionIndexRequest } from '../../agenda/session-index-request';
import { useLocale } from '../../hooks/use-locale';
import { useTravelTimes } from '../../agenda/use-agenda';
import { LoadFailure } from '../../primitives/list-state';
import { StatusMessage } from '../../primitives/status-message';
import { loadFestaDb } from '../../data/lazy-data';
import { useRequests } from '../../data/use-api';
import { AgendaDays } from './agenda-days';
import { ADD_TO_AGENDA } from '../../agenda/agenda-star';
import { addToAgenda } from '../../agenda/agenda-store';
import { findClashes } from '../../agenda/agenda-overlaps';
import { parseSharedIds } from '../../common/agenda/agenda-link';
import { useLisbonNow } from '../../hooks/use-now';
import { agendaPath } from '../../common/addresses/page-paths';

export function SharedAgenda({ param }: { param: string }) {
  const { t, i18n } = useLingui();
  const parsed = parseSharedIds(param, i18n);
  const sessionsRequest = sessionIndexRequest(useLocale());
  const { sessions } = useRequests({ sessions: sessionsRequest });
  const travelTimes = useTravelTimes();
  const now = useLisbonNow();
  const [added, setAdded] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  if (!parsed.ok) {
    return (
      <div className="agenda-empty">
        <p className="agenda-problem" role="alert">
          {parsed.message}
        </p>
        <p>
          <Link to={agendaPath()}>
            <Trans>Ver a minha agenda</Trans>
          </Link>
        </p>
      </div>
    );
  }
  if (!sessions.data) {
    if (sessions.status === 'error') return <LoadFailure path={sessionsRequest.path} />;
    return (
      <StatusMessage>
        <Trans>A carregar a agenda partilhada…</Trans>
      </StatusMessage>
    );
  }
  const byId = new Map(sessions.data.map((s) => [s.id, s]));
  const shared = parsed.ids
    .flatMap((id) => byId.get(id) ?? [])
    .sort((a, b) => (a.starts_at < b.starts_at ? -1 : a.starts_at > b.starts_at ? 1 : 0));
  const missing = parsed.ids.length - shared.length;

  const addAll = async () => {
    try {
      const db = await loadFestaDb();
      if (!db) return;
      await addToAgenda(db, shared);
      setAdded(shared.length);
    } catch {
      setProblem(t`Não foi possível guardar a agenda neste dispositivo.`);
    }
  };

  return (
    <>
      <p className="agenda-intro">
        <Plural
          value={shared.length}
          one="Uma agenda partilhada consigo, só de leitura: # sessão."
          other="Uma agenda partilhada consigo, só de leitura: # sessões."
        />
        {missing > 0 ? (
          <>
            {' '}
            <Plural
              value={missing}
              one="# sessão desta ligação já não está na programação."
              other="# sessões desta ligação já não estão na programação."
            />
          </>
        ) : null}
      </p>
      {shared.length > 0 ? (
        <div className="agenda-actions">
          <button type="button" className="button" onClick={() => void addAll()} disabled={added !== null}>
            {i18n._(ADD_TO_AGENDA)}
          </button>
          {added !== null ? (
            <p role="status">
              <Plural value={added} one="# sessão na sua agenda." other="# sessões na sua agenda." />{' '}
              <Link to={agendaPath()}>
                <Trans>Ver a minha agenda</Trans>
              </Link>
            </p>
          ) : null}
          {problem ? (
            <p className="agenda-problem" role="alert">
              {problem}
            </p>
          ) : null}
        </div>
      ) : null}
      <AgendaDays rows={shared.map((session) => ({ session }))} clashes={findClashes(shared, travelTimes)} now={now} />
    </>
  );
}
