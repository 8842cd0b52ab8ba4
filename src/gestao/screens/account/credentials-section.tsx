/**
 * "A minha conta": the password changed (the current one asked; every other session of the account
 * ends) and the e-mail changed (after the password again: the API client asks for it).
 */
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Form, Formik } from 'formik';
import { useState } from 'react';
import { emailChangeSchema } from '../../../common/gestao/password-schemas';
import { gestaoEndpoints } from '../../../common/gestao/api/gestao-endpoints';
import { withValues } from '../../../common/i18n/i18n';
import { api } from '../../api';
import { showRefusal } from '../../form-refusal';
import { NewPasswordForm } from '../../credentials/new-password-form';
import { useStaffSession } from '../../staff-session';
import { StatusLine, type Status } from '../../status-line';
import { TextField } from '../../text-field';

/** The change said with the other sessions it ended. */
const PASSWORD_CHANGED = msg({
  message:
    '{ended, plural, =0 {Palavra-passe mudada. Não havia outras sessões abertas.} one {Palavra-passe mudada. Terminou # outra sessão.} other {Palavra-passe mudada. Terminaram # outras sessões.}}',
});

export function PasswordChangeSection() {
  const { refresh } = useStaffSession();
  const { i18n, t } = useLingui();
  return (
    <section aria-labelledby="palavra-passe-titulo">
      <h2 id="palavra-passe-titulo">
        <Trans>Palavra-passe</Trans>
      </h2>
      <p>
        <Trans>Ao mudá-la, as outras sessões desta conta terminam (esta continua).</Trans>
      </p>
      <NewPasswordForm
        purpose="change"
        idPrefix="conta-senha"
        submitLabel={t`Mudar a palavra-passe`}
        otherwise={t`Não foi possível mudar a palavra-passe.`}
        refresh={refresh}
        send={async ({ currentPassword, password }) => {
          const answer = await api(gestaoEndpoints.changePassword, { body: { currentPassword, newPassword: password } });
          return { kind: 'ok', text: i18n._(withValues(PASSWORD_CHANGED, { ended: answer.otherSessionsEnded })) };
        }}
      />
    </section>
  );
}

export function EmailChangeSection() {
  const { user, refresh } = useStaffSession();
  const [status, setStatus] = useState<Status | undefined>(undefined);
  const { t } = useLingui();
  const email = user?.email ?? '';
  return (
    <section aria-labelledby="email-titulo">
      <h2 id="email-titulo">
        <Trans>E-mail</Trans>
      </h2>
      <p>
        <Trans>É com ele que entra: {email}.</Trans>
      </p>
      <Formik
        initialValues={{ email: '' }}
        validationSchema={emailChangeSchema}
        onSubmit={async (values, helpers) => {
          setStatus(undefined);
          try {
            const answer = await api(gestaoEndpoints.changeEmail, { body: { email: values.email.trim() } });
            helpers.resetForm();
            await refresh();
            const changed = answer.user.email;
            setStatus({ kind: 'ok', text: t`E-mail mudado para ${changed}: entre com ele da próxima vez.` });
          } catch (error) {
            await showRefusal(error, helpers, { setStatus, refresh, otherwise: t`Não foi possível mudar o e-mail.` });
          }
        }}
      >
        {({ isSubmitting }) => (
          <Form className="gestao-form" noValidate>
            <TextField id="conta-email-novo" name="email" label={t`E-mail novo`} type="email" autoComplete="email" />
            <StatusLine status={status} />
            <div className="gestao-actions">
              <button type="submit" disabled={isSubmitting}>
                <Trans>Mudar o e-mail</Trans>
              </button>
            </div>
          </Form>
        )}
      </Formik>
    </section>
  );
}
