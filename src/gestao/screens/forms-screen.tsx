/**
 * "Formulários": what visitors sent (newsletter, accreditation, tickets), each marked "tratado"
 * once handled; the CSV (after the password again); and a person's data deleted on request.
 */
import { useState } from 'react';
import { gestaoEndpoints } from '../../common/gestao/api/gestao-endpoints';
import type { SubmissionStatus } from '../../common/gestao/submissions';
import { api, download, GestaoApiError, refusalMessage } from '../api';
import { useGestaoData } from '../use-gestao-data';
import { StatusLine } from '../status-line';
import { lisbonMoment } from '../lisbon-format';

const KINDS = {
  newsletter: { label: 'Newsletter', columns: { created_at: 'Data', email: 'Email', city: 'Cidade' } },
  accreditation: {
    label: 'Acreditação',
    columns: { created_at: 'Data', name: 'Nome', company: 'Órgão', email: 'Email', telf: 'Telefone' },
  },
  ticket: {
    label: 'Bilhetes',
    columns: { created_at: 'Data', name: 'Nome', email: 'Email', session_label: 'Sessão', tickets: 'Bilhetes' },
  },
} as const;
type Kind = keyof typeof KINDS;

function DeletePerson({ onDeleted }: { onDeleted: () => void }) {
  const [email, setEmail] = useState('');
  const [status, setStatus] = useState<{ kind: 'ok' | 'error'; text: string } | undefined>(undefined);
  return (
    <form
      className="gestao-form"
      aria-labelledby="apagar-titulo"
      onSubmit={(event) => {
        event.preventDefault();
        api(gestaoEndpoints.deletePerson, { body: { email } }).then(
          ({ deleted }) => {
            const total = Object.values(deleted).reduce((a, b) => a + b, 0);
            const said =
              total === 0
                ? 'Não havia dados desta pessoa.'
                : total === 1
                  ? 'Apagado 1 registo desta pessoa.'
                  : `Apagados ${total} registos desta pessoa.`;
            setStatus({ kind: 'ok', text: said });
            setEmail('');
            onDeleted();
          },
          (error: unknown) => setStatus({ kind: 'error', text: refusalMessage(error, 'Não foi possível apagar.') }),
        );
      }}
    >
      <h2 id="apagar-titulo">Apagar os dados de uma pessoa</h2>
      <div className="gestao-field">
        <label htmlFor="apagar-email">Email da pessoa (todos os formulários)</label>
        <input id="apagar-email" type="email" value={email} onChange={(e) => setEmail(e.target.value)} />
      </div>
      <StatusLine status={status} />
      <div className="gestao-actions">
        <button type="submit">Apagar os dados</button>
      </div>
    </form>
  );
}

export function FormsScreen() {
  const [kind, setKind] = useState<Kind>('newsletter');
  const { data, error, reload } = useGestaoData(gestaoEndpoints.formEntries, { params: { kind } });
  const [message, setMessage] = useState<string | undefined>(undefined);
  const fail = (e: unknown) => setMessage(e instanceof GestaoApiError ? e.message : 'Não foi possível.');
  const columns = Object.entries(KINDS[kind].columns);
  return (
    <>
      <div className="gestao-heading">
        <h1>Formulários</h1>
        <button
          type="button"
          onClick={() => void download(gestaoEndpoints.formEntriesCsv, `${kind}.csv`, { params: { kind } }).catch(fail)}
        >
          Exportar CSV
        </button>
      </div>
      <div className="gestao-field">
        <label htmlFor="formularios-tipo">Formulário</label>
        <select id="formularios-tipo" value={kind} onChange={(e) => setKind(e.target.value as Kind)}>
          {Object.entries(KINDS).map(([value, k]) => (
            <option key={value} value={value}>
              {k.label}
            </option>
          ))}
        </select>
      </div>
      {(error ?? message) && <p role="alert">{error ?? message}</p>}
      <table className="gestao-table">
        <thead>
          <tr>
            {columns.map(([key, label]) => (
              <th scope="col" key={key}>
                {label}
              </th>
            ))}
            <th scope="col">Estado</th>
          </tr>
        </thead>
        <tbody>
          {data?.entries.map((entry) => (
            <tr key={entry.id}>
              {columns.map(([key]) => (
                <td key={key}>{key === 'created_at' ? lisbonMoment(String(entry[key])) : String(entry[key] ?? '')}</td>
              ))}
              <td>
                <select
                  aria-label={`Estado do pedido de ${String(entry.email)}`}
                  value={entry.status}
                  onChange={(e) =>
                    void api(gestaoEndpoints.markFormEntry, {
                      params: { kind, id: String(entry.id) },
                      // The two options are the two statuses.
                      body: { status: e.target.value as SubmissionStatus },
                    }).then(reload, fail)
                  }
                >
                  <option value="novo">novo</option>
                  <option value="tratado">tratado</option>
                </select>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {data?.entries.length === 0 && <p>Ainda não há pedidos neste formulário.</p>}
      <DeletePerson onDeleted={reload} />
    </>
  );
}
