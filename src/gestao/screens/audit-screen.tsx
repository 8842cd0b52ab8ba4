/** "Registo" (administrators): the append-only audit log, filtered, and the same rows as CSV. */
import { useState } from 'react';
import { download, GestaoApiError } from '../api';
import { useGestaoData } from '../use-gestao-data';
import { lisbonMomentWithSeconds } from '../lisbon-format';

interface AuditRecord {
  id: number;
  at: string;
  actorEmail: string | null;
  ip: string | null;
  action: string;
  subject: string | null;
  outcome: 'ok' | 'denied' | 'failed';
  before: unknown;
  after: unknown;
}

const OUTCOMES = { ok: 'feito', denied: 'recusado', failed: 'falhado' } as const;

export function AuditScreen() {
  const [filters, setFilters] = useState({ actor: '', action: '', outcome: '' });
  const query = new URLSearchParams(Object.entries(filters).filter(([, v]) => v !== '')).toString();
  const [exportRefusal, setExportRefusal] = useState<string | undefined>(undefined);
  const log = useGestaoData<{ entries: AuditRecord[] }>(`/audit${query ? `?${query}` : ''}`);
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
            void download(`/audit.csv${query ? `?${query}` : ''}`, 'registo.csv').catch((error: unknown) =>
              setExportRefusal(error instanceof GestaoApiError ? error.message : 'Não foi possível exportar.'),
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
