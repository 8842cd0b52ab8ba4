/**
 * "Formulários": what visitors sent (newsletter, accreditation, tickets), each marked "tratado"
 * once handled; the CSV (after the password again); and a person's data deleted on request.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { withValues } from '../../common/i18n/i18n';
import { gestaoEndpoints } from '../../common/gestao/api/gestao-endpoints';
import type { SubmissionStatus } from '../../common/gestao/submissions';
import { api, download, GestaoApiError, refusalMessage } from '../api';
import { useGestaoData } from '../use-gestao-data';
import { StatusLine } from '../status-line';
import { lisbonMoment } from '../lisbon-format';

const KINDS = {
  newsletter: { label: msg`Newsletter`, columns: { created_at: msg`Data`, email: msg`Email`, city: msg`Cidade` } },
  accreditation: {
    label: msg`Acreditação`,
    columns: { created_at: msg`Data`, name: msg`Nome`, company: msg`Órgão`, email: msg`Email`, telf: msg`Telefone` },
  },
  ticket: {
    label: msg`Bilhetes`,
    columns: { created_at: msg`Data`, name: msg`Nome`, email: msg`Email`, session_label: msg`Sessão`, tickets: msg`Bilhetes` },
  },
} as const satisfies Record<string, { label: MessageDescriptor; columns: Record<string, MessageDescriptor> }>;
type Kind = keyof typeof KINDS;

/** What a deletion found and removed, `{total}` the records. */
const DELETED = msg({
  message:
    '{total, plural, =0 {Não havia dados desta pessoa.} one {Apagado # registo desta pessoa.} other {Apagados # registos desta pessoa.}}',
});

function DeletePerson({ onDeleted }: { onDeleted: () => void }) {
  const [email, setEmail] = useState('');
  const [status, setStatus] = useState<{ kind: 'ok' | 'error'; text: string } | undefined>(undefined);
  const { i18n, t } = useLingui();
  return (
    <form
      className="gestao-form"
      aria-labelledby="apagar-titulo"
      onSubmit={(event) => {
        event.preventDefault();
        api(gestaoEndpoints.deletePerson, { body: { email } }).then(
          ({ deleted }) => {
            const total = Object.values(deleted).reduce((a, b) => a + b, 0);
            setStatus({ kind: 'ok', text: i18n._(withValues(DELETED, { total })) });
            setEmail('');
            onDeleted();
          },
          (error: unknown) => setStatus({ kind: 'error', text: refusalMessage(error, t`Não foi possível apagar.`) }),
        );
      }}
    >
      <h2 id="apagar-titulo">
        <Trans>Apagar os dados de uma pessoa</Trans>
      </h2>
      <div className="gestao-field">
        <label htmlFor="apagar-email">
          <Trans>Email da pessoa (todos os formulários)</Trans>
        </label>
        <input id="apagar-email" type="email" value={email} onChange={(e) => setEmail(e.target.value)} />
      </div>
      <StatusLine status={status} />
      <div className="gestao-actions">
        <button type="submit" className="gestao-danger">
          <Trans>Apagar os dados</Trans>
        </button>
      </div>
    </form>
  );
}

export function FormsScreen() {
  const [kind, setKind] = useState<Kind>('newsletter');
  const { data, error, reload } = useGestaoData(gestaoEndpoints.formEntries, { params: { kind } });
  const [message, setMessage] = useState<string | undefined>(undefined);
  const { i18n, t } = useLingui();
  const fail = (e: unknown) => setMessage(e instanceof GestaoApiError ? e.message : t`Não foi possível.`);
  const columns = Object.entries(KINDS[kind].columns);
  return (
    <>
      <div className="gestao-heading">
        <h1>
          <Trans>Formulários</Trans>
        </h1>
        <button
          type="button"
          onClick={() => void download(gestaoEndpoints.formEntriesCsv, `${kind}.csv`, { params: { kind } }).catch(fail)}
        >
          <Trans>Exportar CSV</Trans>
        </button>
      </div>
      <div className="gestao-field">
        <label htmlFor="formularios-tipo">
          <Trans>Formulário</Trans>
        </label>
        <select id="formularios-tipo" value={kind} onChange={(e) => setKind(e.target.value as Kind)}>
          {Object.entries(KINDS).map(([value, k]) => (
            <option key={value} value={value}>
              {i18n._(k.label)}
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
                {i18n._(label)}
              </th>
            ))}
            <th scope="col">
              <Trans>Estado</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {data?.entries.map((entry) => {
            const email = String(entry.email);
            return (
              <tr key={entry.id}>
                {columns.map(([key]) => (
                  <td key={key}>{key === 'created_at' ? lisbonMoment(String(entry[key])) : String(entry[key] ?? '')}</td>
                ))}
                <td>
                  <select
                    aria-label={t`Estado do pedido de ${email}`}
                    value={entry.status}
                    onChange={(e) =>
                      void api(gestaoEndpoints.markFormEntry, {
                        params: { kind, id: String(entry.id) },
                        // The two options are the two statuses.
                        body: { status: e.target.value as SubmissionStatus },
                      }).then(reload, fail)
                    }
                  >
                    <option value="novo">{t`novo`}</option>
                    <option value="tratado">{t`tratado`}</option>
                  </select>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {data?.entries.length === 0 && (
        <p>
          <Trans>Ainda não há pedidos neste formulário.</Trans>
        </p>
      )}
      <DeletePerson onDeleted={reload} />
    </>
  );
}
