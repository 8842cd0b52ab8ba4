/**
 * A reset link (/gestao/repor/:token), sent by an administrator: the person chooses a new password
 * and then logs in with it, with their second factor as before (the link opens no session). The
 * server's reason for refusing a password, with what would pass, is shown under the field.
 */
import { Form, Formik } from 'formik';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ref, string } from 'yup';
import { passwordResetSchema } from '../../common/gestao/password-schemas';
import { gestaoEndpoints } from '../../common/gestao/api/gestao-endpoints';
import { api, GestaoApiError } from '../api';
import { lisbonMoment } from '../lisbon-format';
import { StatusLine } from '../status-line';
import { TextField } from '../text-field';
import { useGestaoData } from '../use-gestao-data';

/** The body the server takes, and the password typed a second time (only the form checks it). */
const resetFormSchema = passwordResetSchema.shape({
  repeated: string()
    .required('Repita a palavra-passe.')
    .oneOf([ref('password')], 'As duas palavras-passe não são iguais.'),
});

export function PasswordResetScreen() {
  const { token = '' } = useParams();
  const reset = useGestaoData(gestaoEndpoints.passwordReset, { params: { token } });
  const [refusal, setRefusal] = useState<string | undefined>(undefined);
  const [done, setDone] = useState(false);
  return (
    <main className="gestao-login" id="conteudo">
      <h1>Repor a palavra-passe</h1>
      {reset.error && <p role="alert">{reset.error}</p>}
      {done && (
        <>
          <StatusLine status={{ kind: 'ok', text: 'Palavra-passe nova guardada. Entre com ela (e com o segundo fator, se o tiver).' }} />
          <p>
            <Link to="/">Entrar</Link>
          </p>
        </>
      )}
      {reset.data && !done && (
        <>
          <p>
            {reset.data.email} · ligação válida até {lisbonMoment(reset.data.expiresAt)}, uma só vez
          </p>
          <Formik
            initialValues={{ password: '', repeated: '' }}
            validationSchema={resetFormSchema}
            onSubmit={async (values, helpers) => {
              setRefusal(undefined);
              try {
                await api(gestaoEndpoints.redeemPasswordReset, { params: { token }, body: { password: values.password } });
                setDone(true);
              } catch (error) {
                if (error instanceof GestaoApiError && error.status === 400) {
                  await helpers.setFieldTouched('password', true, false);
                  helpers.setFieldError('password', error.message);
                } else {
                  setRefusal(error instanceof GestaoApiError ? error.message : 'Não foi possível guardar a palavra-passe.');
                }
              }
            }}
          >
            {({ isSubmitting }) => (
              <Form className="gestao-form" noValidate>
                <TextField
                  id="repor-password"
                  name="password"
                  label="Palavra-passe nova (pelo menos 15 caracteres)"
                  type="password"
                  autoComplete="new-password"
                />
                <TextField id="repor-repeated" name="repeated" label="Repita a palavra-passe" type="password" autoComplete="new-password" />
                <StatusLine status={refusal === undefined ? undefined : { kind: 'error', text: refusal }} />
                <div className="gestao-actions">
                  <button type="submit" disabled={isSubmitting}>
                    Guardar a palavra-passe nova
                  </button>
                </div>
              </Form>
            )}
          </Formik>
        </>
      )}
    </main>
  );
}
