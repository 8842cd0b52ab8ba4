/**
 * A session's history beside the grid (one click on its block): each saved version, newest first,
 * who saved it, when ("sábado 28, 17:42", Lisbon) and each field from → to.
 */
import { Trans } from '@lingui/react/macro';
import { gestaoEndpoints } from '../../common/gestao/api/gestao-endpoints';
import type { SessionHistoryEntry } from '../../common/programme/session-history-entry';
import { lisbonSpokenMoment } from '../lisbon-format';
import { useGestaoData } from '../use-gestao-data';

function Changes({ entry }: { entry: SessionHistoryEntry }) {
  if (entry.kind === 'apagada')
    return (
      <p>
        <Trans>Apagada.</Trans>
      </p>
    );
  return (
    <ul>
      {entry.kind === 'criada' && (
        <li>
          <Trans>Criada.</Trans>
        </li>
      )}
      {entry.changes.map((c) => (
        <li key={c.label}>
          {c.label}: {c.from ? `${c.from} → ${c.to}` : c.to}
        </li>
      ))}
    </ul>
  );
}

export function SessionHistoryPanel({ sessionId, title }: { sessionId: number; title: string }) {
  const history = useGestaoData(gestaoEndpoints.sessionHistory, { params: { id: String(sessionId) } });
  return (
    <section className="grid-history" aria-labelledby="grelha-historico">
      <h2 id="grelha-historico">
        <Trans>Histórico de «{title}»</Trans>
      </h2>
      {history.error && <p role="alert">{history.error}</p>}
      {!history.error && !history.data && (
        <p role="status">
          <Trans>A carregar o histórico…</Trans>
        </p>
      )}
      {history.data?.length === 0 && (
        <p>
          <Trans>Ainda ninguém mudou esta sessão aqui: está como foi importada.</Trans>
        </p>
      )}
      {history.data && history.data.length > 0 && (
        <ol reversed>
          {history.data.map((entry) => {
            const { releaseNumber } = entry;
            return (
              <li key={entry.version}>
                <span className="grid-history__who">
                  {lisbonSpokenMoment(entry.at)} · {entry.actorEmail}
                  {releaseNumber !== null && <Trans> · publicada (n.º {releaseNumber})</Trans>}
                </span>
                <Changes entry={entry} />
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
