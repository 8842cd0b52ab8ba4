/** "Registo" (administrators): the append-only audit log, filtered, and the same rows as CSV. */
import { useState } from 'react';
import { gestaoEndpoints } from '../../common/gestao/api/gestao-endpoints';
import { download, refusalMessage } from '../api';
import { useGestaoData } from '../use-gestao-data';
import { lisbonMomentWithSeconds } from '../lisbon-format';

const OUTCOMES = { ok: 'feito', denied: 'recusado', failed: 'falhado' } as const;

export function AuditScreen() {
  const [filters, setFilters] = useState({ actor: '', action: '', outcome: '' });
  const [exportRefusal, setExportRefusal] = useState<string | undefined>(undefined);
  // An empty filter is left out of the address (api.ts gestaoPath).
  const log = useGestaoData(gestaoEndpoints.audit, { query: filters });
  const field = (name: keyof typeof filters, label: string) => (
    <div className="gestao-field">
      <label htmlFor={`registo-${name}`}>{label}</label>
      {name === 'outcome' ? (
        <select id={`registo-${name}`} value={filters.outcome} onChange={(e) => setFilters({ ...filters, outcome: e.target.value })}>
          <option value="">Todos</option>
          {Object.entries(OUTCOMES).map(([value, text]) => (
            <option key={value} value={value}>
              {text}
            </option>
          ))}
        </select>
      ) : (
        <input id={`registo-${name}`} value={filters[name]} onChange={(e) => setFilters({ ...filters, [name]: e.target.value })} />
      )}
    </div>
  );
  return (
    <>
      <div className="gestao-heading">
        <h1>Registo</h1>
        <button
          type="button"
          onClick={() =>
            void download(gestaoEndpoints.auditCsv, 'registo.csv', { query: filters }).catch((error: unknown) =>
              setExportRefusal(refusalMessage(error, 'Não foi possível exportar.')),
            )
          }
        >
          Exportar CSV
        </button>
      </div>
      <div className="gestao-fields">
        {field('actor', 'Pessoa (email)')}
        {field('action', 'Ação')}
        {field('outcome', 'Resultado')}
      </div>
      {log.error && <p role="alert">{log.error}</p>}
      {exportRefusal && <p role="alert">{exportRefusal}</p>}
      <table className="gestao-table gestao-audit">
        <caption>Mais recentes primeiro (hora UTC)</caption>
        <thead>
          <tr>
            <th scope="col">Quando</th>
            <th scope="col">Quem</th>
            <th scope="col">Endereço</th>
            <th scope="col">Ação</th>
            <th scope="col">Sobre</th>
            <th scope="col">Resultado</th>
          </tr>
        </thead>
        <tbody>
          {log.data?.entries.map((entry) => (
            <tr key={entry.id} className={`gestao-audit--${entry.outcome}`}>
              <td>{lisbonMomentWithSeconds(entry.at)}</td>
              <td>{entry.actorEmail ?? '—'}</td>
              <td>{entry.ip ?? '—'}</td>
              <td>{entry.action}</td>
              <td>{entry.subject ?? '—'}</td>
              <td>{OUTCOMES[entry.outcome]}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
