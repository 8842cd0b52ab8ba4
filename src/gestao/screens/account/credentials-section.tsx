/**
 * "A minha conta": the password changed (the current one asked; every other session of the account
 * ends) and the e-mail changed (after the password again: the API client asks for it).
 */
import { Form, Formik } from 'formik';
import { useState } from 'react';
import { emailChangeSchema } from '../../../common/gestao/password-schemas';
import { gestaoEndpoints } from '../../../common/gestao/api/gestao-endpoints';
import { api } from '../../api';
import { showRefusal } from '../../form-refusal';
import { NewPasswordForm } from '../../new-password-form';
import { useStaffSession } from '../../staff-session';
import { StatusLine, type Status } from '../../status-line';
import { TextField } from '../../text-field';

export function PasswordChangeSection() {
  const { refresh } = useStaffSession();
  return (
    <section aria-labelledby="palavra-passe-titulo">
      <h2 id="palavra-passe-titulo">Palavra-passe</h2>
      <p>Ao mudá-la, as outras sessões desta conta terminam (esta continua).</p>
      <NewPasswordForm
        purpose="change"
        idPrefix="conta-senha"
        submitLabel="Mudar a palavra-passe"
        otherwise="Não foi possível mudar a palavra-passe."
        refresh={refresh}
        send={async ({ currentPassword, password }) => {
          const answer = await api(gestaoEndpoints.changePassword, { body: { currentPassword, newPassword: password } });
          const ended = answer.otherSessionsEnded;
          const others =
            ended === 0
              ? 'Não havia outras sessões abertas.'
              : ended === 1
                ? 'Terminou 1 outra sessão.'
                : `Terminaram ${ended} outras sessões.`;
          return { kind: 'ok', text: `Palavra-passe mudada. ${others}` };
        }}
      />
    </section>
  );
}

export function EmailChangeSection() {
  const { user, refresh } = useStaffSession();
  const [status, setStatus] = useState<Status | undefined>(undefined);
  return (
    <section aria-labelledby="email-titulo">
      <h2 id="email-titulo">E-mail</h2>
      <p>É com ele que entra: {user?.email}.</p>
      <Formik
        initialValues={{ email: '' }}
        validationSchema={emailChangeSchema}
        onSubmit={async (values, helpers) => {
          setStatus(undefined);
          try {
            const answer = await api(gestaoEndpoints.changeEmail, { body: { email: values.email.trim() } });
            helpers.resetForm();
            await refresh();
            setStatus({ kind: 'ok', text: `E-mail mudado para ${answer.user.email}: entre com ele da próxima vez.` });
          } catch (error) {
            await showRefusal(error, helpers, { setStatus, refresh, otherwise: 'Não foi possível mudar o e-mail.' });
          }
        }}
      >
        {({ isSubmitting }) => (
          <Form className="gestao-form" noValidate>
            <TextField id="conta-email-novo" name="email" label="E-mail novo" type="email" autoComplete="email" />
            <StatusLine status={status} />
            <div className="gestao-actions">
              <button type="submit" disabled={isSubmitting}>
                Mudar o e-mail
              </button>
            </div>
          </Form>
        )}
      </Formik>
    </section>
  );
}
