/**
 * The programme's clashes as a list: each with its severity in words (never by colour alone), its
 * sentence, and either who accepted it and why, or (a block, for the programme's desk) "Aceitar com
 * motivo": a reason of at least 10 characters, checked by the schema the server checks it with.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Form, Formik } from 'formik';
import { useState } from 'react';
import { CLASH_ACCEPT_ROLES, clashAcceptanceSchema } from '../common/programme/clash-acceptance';
import { SEVERITY_LABELS } from '../common/programme/programme-clash-rules';
import type { DraftClash } from '../common/programme/grid';
import { gestaoEndpoints } from '../common/gestao/api/gestao-endpoints';
import { api, GestaoApiError } from './api';
import './clash-list.css';
import { useStaff } from './staff-session';
import { StatusLine } from './status-line';
import { TextField } from './text-field';

function AcceptClash({ clash, formId, onAccepted }: { clash: DraftClash; formId: string; onAccepted: () => void }) {
  const [open, setOpen] = useState(false);
  const [refusal, setRefusal] = useState<string | undefined>(undefined);
  const { t } = useLingui();
  if (!open) {
    return (
      <button type="button" className="gestao-secondary" onClick={() => setOpen(true)}>
        <Trans>Aceitar com motivo</Trans>
      </button>
    );
  }
  return (
    <Formik
      initialValues={{ key: clash.key, reason: '' }}
      validationSchema={clashAcceptanceSchema}
      onSubmit={async (values, { setErrors }) => {
        setRefusal(undefined);
        try {
          await api(gestaoEndpoints.acceptClash, { body: values });
          onAccepted();
        } catch (error) {
          if (!(error instanceof GestaoApiError)) throw error;
          const errors = error.body.errors as Record<string, string> | undefined;
          if (errors) setErrors(errors);
          else setRefusal(error.message);
        }
      }}
    >
      {({ isSubmitting }) => (
        <Form className="gestao-form clash-list__accept" noValidate aria-label={t`Aceitar o conflito`}>
          <TextField id={`${formId}-motivo`} name="reason" label={t`Motivo (fica no registo)`} />
          <StatusLine status={refusal === undefined ? undefined : { kind: 'error', text: refusal }} />
          <div className="gestao-actions">
            <button type="submit" disabled={isSubmitting}>
              <Trans>Aceitar</Trans>
            </button>
            <button type="button" className="gestao-secondary" onClick={() => setOpen(false)}>
              <Trans>Fechar</Trans>
            </button>
          </div>
        </Form>
      )}
    </Formik>
  );
}

function AcceptedReason({ acceptance }: { acceptance: NonNullable<DraftClash['acceptance']> }) {
  const { acceptedBy, reason } = acceptance;
  return (
    <p className="clash-list__reason">
      <Trans>
        Aceite por {acceptedBy}: «{reason}»
      </Trans>
    </p>
  );
}

export function ClashList({ clashes, idPrefix, onAccepted }: { clashes: DraftClash[]; idPrefix: string; onAccepted: () => void }) {
  const staff = useStaff();
  const mayAccept = (CLASH_ACCEPT_ROLES as readonly string[]).includes(staff.role);
  const { t } = useLingui();
  return (
    <ul className="clash-list">
      {clashes.map((clash, index) => (
        <li key={clash.key} className={`clash-list__item clash-list__item--${clash.acceptance ? 'accepted' : clash.severity}`}>
          <p>
            <strong>
              <span aria-hidden="true">{clash.acceptance ? '✓' : clash.severity === 'block' ? '✖' : '⚠'}</span>{' '}
              {clash.acceptance ? t`Aceite` : SEVERITY_LABELS[clash.severity]}:
            </strong>{' '}
            {clash.message}
          </p>
          {clash.acceptance && <AcceptedReason acceptance={clash.acceptance} />}
          {!clash.acceptance && clash.severity === 'block' && mayAccept && (
            <AcceptClash clash={clash} formId={`${idPrefix}-${index}`} onAccepted={onAccepted} />
          )}
        </li>
      ))}
    </ul>
  );
}
