/** "Registo" (administrators): the append-only audit log, filtered, and the same rows as CSV. */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { gestaoEndpoints } from '../../common/gestao/api/gestao-endpoints';
import { download, refusalMessage } from '../api';
import { useGestaoData } from '../use-gestao-data';
import { lisbonMomentWithSeconds } from '../lisbon-format';

const OUTCOMES: Record<'ok' | 'denied' | 'failed', MessageDescriptor> = { ok: msg`feito`, denied: msg`recusado`, failed: msg`falhado` };

export function AuditScreen() {
  const [filters, setFilters] = useState({ actor: '', action: '', outcome: '' });
  const [exportRefusal, setExportRefusal] = useState<string | undefined>(undefined);
  const { i18n, t } = useLingui();
  // An empty filter is left out of the address (api.ts gestaoPath).
  const log = useGestaoData(gestaoEndpoints.audit, { query: filters });
  const field = (name: keyof typeof filters, label: string) => (
    <div className="gestao-field">
      <label htmlFor={`registo-${name}`}>{label}</label>
      {name === 'outcome' ? (
        <select id={`registo-${name}`} value={filters.outcome} onChange={(e) => setFilters({ ...filters, outcome: e.target.value })}>
          <option value="">{t`Todos`}</option>
          {Object.entries(OUTCOMES).map(([value, text]) => (
            <option key={value} value={value}>
              {i18n._(text)}
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
        <h1>
          <Trans>Registo</Trans>
        </h1>
        <button
          type="button"
          onClick={() =>
            void download(gestaoEndpoints.auditCsv, 'registo.csv', { query: filters }).catch((error: unknown) =>
              setExportRefusal(refusalMessage(error, t`Não foi possível exportar.`)),
            )
          }
        >
          <Trans>Exportar CSV</Trans>
        </button>
      </div>
      <div className="gestao-fields">
        {field('actor', t`Pessoa (email)`)}
        {field('action', t`Ação`)}
        {field('outcome', t`Resultado`)}
      </div>
      {log.error && <p role="alert">{log.error}</p>}
      {exportRefusal && <p role="alert">{exportRefusal}</p>}
      <table className="gestao-table gestao-audit">
        <caption>
          <Trans>Mais recentes primeiro (hora UTC)</Trans>
        </caption>
        <thead>
          <tr>
            <th scope="col">
              <Trans>Quando</Trans>
            </th>
            <th scope="col">
              <Trans>Quem</Trans>
            </th>
            <th scope="col">
              <Trans>Endereço</Trans>
            </th>
            <th scope="col">
              <Trans>Ação</Trans>
            </th>
            <th scope="col">
              <Trans>Sobre</Trans>
            </th>
            <th scope="col">
              <Trans>Resultado</Trans>
            </th>
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
              <td>{i18n._(OUTCOMES[entry.outcome])}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
