/** "Entrar": email and password; the server's pt-PT refusal (and the time to wait) shown as it comes. */
import { Form, Formik } from 'formik';
import { useState } from 'react';
import { object, string } from 'yup';
import { api, GestaoApiError } from '../api';
import { useStaffSession } from '../staff-session';

const loginSchema = object({
  email: string().trim().required('Escreva o seu email.'),
  password: string().required('Escreva a sua palavra-passe.'),
  code: string(),
});

export function LoginScreen() {
  const { refresh } = useStaffSession();
  const [refusal, setRefusal] = useState<string | undefined>(undefined);
  /** An account with the two-step login: the server asks for the code after the password. */
  const [needsCode, setNeedsCode] = useState(false);
  return (
    <main className="gestao-login" id="conteudo">
      <h1>Gestão do site</h1>
      <Formik
        initialValues={{ email: '', password: '', code: '' }}
        validationSchema={loginSchema}
        onSubmit={async (values) => {
          setRefusal(undefined);
          try {
            await api('POST', '/session', needsCode ? values : { email: values.email, password: values.password });
            await refresh();
          } catch (error) {
            if (error instanceof GestaoApiError && error.body.totpRequired === true) setNeedsCode(true);
            setRefusal(error instanceof GestaoApiError ? error.message : 'Não foi possível entrar.');
          }
        }}
      >
        {({ errors, touched, getFieldProps, isSubmitting }) => (
          <Form className="gestao-form" noValidate>
            <div className="gestao-field">
              <label htmlFor="entrar-email">Email</label>
              <input
                id="entrar-email"
                type="email"
                autoComplete="username"
                aria-invalid={touched.email && errors.email ? true : undefined}
                aria-describedby={touched.email && errors.email ? 'entrar-email-erro' : undefined}
                {...getFieldProps('email')}
              />
              {touched.email && errors.email && (
                <p className="gestao-field__error" id="entrar-email-erro">
                  {errors.email}
                </p>
              )}
            </div>
            <div className="gestao-field">
              <label htmlFor="entrar-senha">Palavra-passe</label>
              <input
                id="entrar-senha"
                type="password"
                autoComplete="current-password"
                aria-invalid={touched.password && errors.password ? true : undefined}
                aria-describedby={touched.password && errors.password ? 'entrar-senha-erro' : undefined}
                {...getFieldProps('password')}
              />
              {touched.password && errors.password && (
                <p className="gestao-field__error" id="entrar-senha-erro">
                  {errors.password}
                </p>
              )}
            </div>
            {needsCode && (
              <div className="gestao-field">
                <label htmlFor="entrar-codigo">Código da aplicação de autenticação</label>
                <input id="entrar-codigo" inputMode="numeric" autoComplete="one-time-code" {...getFieldProps('code')} />
              </div>
            )}
            {refusal && (
              <p className="gestao-status gestao-status--error" role="alert">
                {refusal}
              </p>
            )}
            <div className="gestao-actions">
              <button type="submit" disabled={isSubmitting}>
                Entrar
              </button>
            </div>
          </Form>
        )}
      </Formik>
    </main>
  );
}
