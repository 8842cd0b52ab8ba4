/**
 * "Equipa" (administrators): who has an account, with which role, what can be done for each one's
 * access (user-access.tsx), and a one-time invitation link for someone new (or, for an address that
 * has an account, the link to choose a new password).
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Form, Formik } from 'formik';
import { useState } from 'react';
import { gestaoEndpoints } from '../../common/gestao/api/gestao-endpoints';
import { ROLE_LABELS, ROLES, type Role } from '../../common/gestao/roles';
import { invitationSchema } from '../../common/gestao/staff-schemas';
import { api, GestaoApiError, refusalMessage } from '../api';
import { StatusLine } from '../status-line';
import { TextField } from '../text-field';
import { useGestaoData } from '../use-gestao-data';
import { AccessOutcomeView, sendResetLink, UserAccessActions, type AccessOutcome } from './user-access';
import { LockoutsSection } from './lockouts-section';

export function UsersScreen() {
  const users = useGestaoData(gestaoEndpoints.users);
  const [invitation, setInvitation] = useState<{ email: string; link: string } | undefined>(undefined);
  const [refusal, setRefusal] = useState<string | undefined>(undefined);
  const [outcome, setOutcome] = useState<AccessOutcome | undefined>(undefined);
  /** The account of an address invited again: offered its reset link instead. */
  const [existing, setExisting] = useState<number | undefined>(undefined);
  const [existingReset, setExistingReset] = useState<AccessOutcome | undefined>(undefined);
  const { i18n, t } = useLingui();
  const invitedEmail = invitation?.email;
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
      <h2>
        <Trans>Convidar</Trans>
      </h2>
      <Formik
        initialValues={{ email: '', role: '' }}
        validationSchema={invitationSchema}
        onSubmit={async (values, helpers) => {
          setRefusal(undefined);
          setExisting(undefined);
          setExistingReset(undefined);
          try {
            // Formik has checked the role with the same schema.
            const answer = await api(gestaoEndpoints.invite, { body: { email: values.email, role: values.role as Role } });
            setInvitation({ email: values.email, link: answer.link });
            helpers.resetForm();
            users.reload();
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
      {invitation && (
        <div className="gestao-status gestao-status--ok" role="status">
          <p>
            <Trans>Convite para {invitedEmail}, válido 72 horas e uma só vez. Envie-lhe esta ligação:</Trans>
          </p>
          <p>
            <code className="gestao-link">{invitation.link}</code>
          </p>
        </div>
      )}
    </>
  );
}
