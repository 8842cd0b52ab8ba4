/**
 * "Equipa" (administrators): who has an account, with which role, what can be done for each one's
 * access (user-access.tsx), the invitations still pending (pending-invitations.tsx), and an
 * invitation for someone new, sent by e-mail or given as a link to copy (or, for an address that has
 * an account, the link to choose a new password).
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Form, Formik } from 'formik';
import { useState } from 'react';
import { gestaoEndpoints } from '../../../common/gestao/api/gestao-endpoints';
import { ROLE_LABELS, ROLES, type Role } from '../../../common/gestao/roles';
import { invitationSchema } from '../../../common/gestao/staff-schemas';
import { api, GestaoApiError, refusalMessage } from '../../api';
import { StatusLine } from '../../status-line';
import { TextField } from '../../text-field';
import { useGestaoData } from '../../use-gestao-data';
import { AccessOutcomeView, deliveredOutcome, sendResetLink, UserAccessActions, type AccessOutcome } from './user-access';
import { PendingInvitations } from './pending-invitations';
import { LockoutsSection } from './lockouts-section';

export function UsersScreen() {
  const users = useGestaoData(gestaoEndpoints.users);
  const [invited, setInvited] = useState<AccessOutcome | undefined>(undefined);
  const pending = useGestaoData(gestaoEndpoints.pendingInvitations);
  const [refusal, setRefusal] = useState<string | undefined>(undefined);
  const [outcome, setOutcome] = useState<AccessOutcome | undefined>(undefined);
  /** The account of an address invited again: offered its reset link instead. */
  const [existing, setExisting] = useState<number | undefined>(undefined);
  const [existingReset, setExistingReset] = useState<AccessOutcome | undefined>(undefined);
  const { i18n, t } = useLingui();
  const done = (result: AccessOutcome) => {
    setOutcome(result);
    users.reload();
  };
  return (
    <>
      <h1>
        <Trans>Equipa</Trans>
      </h1>
      {users.error && <p role="alert">{users.error}</p>}
      {/* Cards rather than a table: each person's access buttons wrap inside a 360 px phone. */}
      <ul className="gestao-cards" aria-label={t`Contas da equipa`}>
        {users.data?.users.map((user) => (
          <li key={user.id} className="gestao-card">
            <p className="gestao-card__title">{user.email}</p>
            <p className="gestao-card__meta">
              {user.roleLabel} · {user.disabledAt ? t`Desativada` : t`Ativa`}
            </p>
            <UserAccessActions user={user} onDone={done} />
          </li>
        ))}
      </ul>
      <AccessOutcomeView outcome={outcome} />
      <LockoutsSection />
      {pending.error && <p role="alert">{pending.error}</p>}
      {pending.data && <PendingInvitations invitations={pending.data.invitations} onChange={pending.reload} />}
      <h2>
        <Trans>Convidar</Trans>
      </h2>
      <Formik
        initialValues={{ email: '', role: '' }}
        validationSchema={invitationSchema}
        onSubmit={async (values, helpers) => {
          setRefusal(undefined);
          setInvited(undefined);
          setExisting(undefined);
          setExistingReset(undefined);
          try {
            // Formik has checked the role with the same schema.
            const answer = await api(gestaoEndpoints.invite, { body: { email: values.email, role: values.role as Role } });
            const { email } = values;
            setInvited(
              deliveredOutcome(
                answer,
                t`Convite enviado por e-mail para ${email}: válido 72 horas e uma só vez.`,
                t`Convite para ${email}, válido 72 horas e uma só vez. Envie-lhe esta ligação:`,
              ),
            );
            helpers.resetForm();
            pending.reload();
          } catch (error) {
            setRefusal(refusalMessage(error, t`Não foi possível criar o convite.`));
            if (error instanceof GestaoApiError && typeof error.body.userId === 'number') setExisting(error.body.userId);
          }
        }}
      >
        {({ errors, touched, getFieldProps, isSubmitting }) => (
          <Form className="gestao-form" noValidate>
            <div className="gestao-fields">
              <TextField id="convite-email" name="email" label={t`Email`} type="email" />
              <div className="gestao-field">
                <label htmlFor="convite-perfil">
                  <Trans>Perfil</Trans>
                </label>
                <select
                  id="convite-perfil"
                  aria-invalid={touched.role && errors.role ? true : undefined}
                  aria-describedby={touched.role && errors.role ? 'convite-perfil-erro' : undefined}
                  {...getFieldProps('role')}
                >
                  <option value="">{t`Escolha…`}</option>
                  {ROLES.map((role) => (
                    <option key={role} value={role}>
                      {ROLE_LABELS[role]}
                    </option>
                  ))}
                </select>
                {touched.role && errors.role && (
                  <p className="gestao-field__error" id="convite-perfil-erro">
                    {errors.role}
                  </p>
                )}
              </div>
            </div>
            <StatusLine status={refusal === undefined ? undefined : { kind: 'error', text: refusal }} />
            <div className="gestao-actions">
              <button type="submit" disabled={isSubmitting}>
                <Trans>Criar convite</Trans>
              </button>
            </div>
          </Form>
        )}
      </Formik>
      {existing !== undefined && !existingReset && (
        <p>
          <button type="button" className="gestao-secondary" onClick={() => void sendResetLink(existing, i18n).then(setExistingReset)}>
            <Trans>Enviar ligação para repor a palavra-passe</Trans>
          </button>
        </p>
      )}
      <AccessOutcomeView outcome={existingReset} />
      <AccessOutcomeView outcome={invited} />
    </>
  );
}
