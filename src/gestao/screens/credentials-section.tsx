/**
 * "A minha conta": the password changed (the current one asked; every other session of the account
 * ends) and the e-mail changed (after the password again: the API client asks for it). The form
 * checks the new password's length as it is typed; whether it is breached, common or made of the
 * site's words is the server's to say (its lists stay out of this build), and its reason, with
 * what would pass, is shown under the field.
 */
import { Form, Formik, type FormikHelpers } from 'formik';
import { useState } from 'react';
import { ref, string } from 'yup';
import { emailChangeSchema, passwordChangeSchema } from '../../common/gestao/password-schemas';
import { gestaoEndpoints } from '../../common/gestao/api/gestao-endpoints';
import { api, GestaoApiError } from '../api';
import { useStaffSession } from '../staff-session';
import { StatusLine, type Status } from '../status-line';
import { TextField } from '../text-field';

/** The body the server takes, and the new password typed a second time (only the form checks it). */
const changeFormSchema = passwordChangeSchema.shape({
  repeated: string()
    .required('Repita a palavra-passe nova.')
    .oneOf([ref('newPassword')], 'As duas palavras-passe novas não são iguais.'),
});

type ChangeValues = { currentPassword: string; newPassword: string; repeated: string };

/**
 * A refusal of the server shown where it belongs: under the field it names, or in the status line;
 * a session the server ended (too many wrong passwords) sends the person to the login.
 */
async function showRefusal<V>(
  error: unknown,
  helpers: FormikHelpers<V>,
  setStatus: (status: Status) => void,
  refresh: () => Promise<unknown>,
  otherwise: string,
) {
  if (!(error instanceof GestaoApiError)) {
    setStatus({ kind: 'error', text: otherwise });
    return;
  }
  if (error.body.sessionEnded === true) {
    await refresh();
    return;
  }
  const field = error.body.field;
  if (typeof field === 'string') {
    await helpers.setFieldTouched(field, true, false);
    helpers.setFieldError(field, error.message);
  } else {
    setStatus({ kind: 'error', text: error.message });
  }
}

export function PasswordChangeSection() {
  const { refresh } = useStaffSession();
  const [status, setStatus] = useState<Status | undefined>(undefined);
  return (
    <section aria-labelledby="palavra-passe-titulo">
      <h2 id="palavra-passe-titulo">Palavra-passe</h2>
      <p>Ao mudá-la, as outras sessões desta conta terminam (esta continua).</p>
      <Formik<ChangeValues>
        initialValues={{ currentPassword: '', newPassword: '', repeated: '' }}
        validationSchema={changeFormSchema}
        onSubmit={async (values, helpers) => {
          setStatus(undefined);
          try {
            const answer = await api(gestaoEndpoints.changePassword, {
              body: { currentPassword: values.currentPassword, newPassword: values.newPassword },
            });
            helpers.resetForm();
            const ended = answer.otherSessionsEnded;
            const others =
              ended === 0
                ? 'Não havia outras sessões abertas.'
                : ended === 1
                  ? 'Terminou 1 outra sessão.'
                  : `Terminaram ${ended} outras sessões.`;
            setStatus({ kind: 'ok', text: `Palavra-passe mudada. ${others}` });
          } catch (error) {
            await showRefusal(error, helpers, setStatus, refresh, 'Não foi possível mudar a palavra-passe.');
          }
        }}
      >
        {({ isSubmitting }) => (
          <Form className="gestao-form" noValidate>
            <TextField
              id="conta-senha-atual"
              name="currentPassword"
              label="Palavra-passe atual"
              type="password"
              autoComplete="current-password"
            />
            <TextField
              id="conta-senha-nova"
              name="newPassword"
              label="Palavra-passe nova (pelo menos 15 caracteres)"
              type="password"
              autoComplete="new-password"
            />
            <TextField
              id="conta-senha-repetida"
              name="repeated"
              label="Repita a palavra-passe nova"
              type="password"
              autoComplete="new-password"
            />
            <StatusLine status={status} />
            <div className="gestao-actions">
              <button type="submit" disabled={isSubmitting}>
                Mudar a palavra-passe
              </button>
            </div>
          </Form>
        )}
      </Formik>
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
            await showRefusal(error, helpers, setStatus, refresh, 'Não foi possível mudar o e-mail.');
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
