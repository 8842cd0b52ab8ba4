/** "Entrar": email and password; the server's pt-PT refusal (and the time to wait) shown as it comes. */
import { Form, Formik } from 'formik';
import { useState } from 'react';
import { object, string } from 'yup';
import { api, GestaoApiError } from '../api';
import { useStaffSession } from '../staff-session';

const loginSchema = object({
  email: string().trim().required('Escreva o seu email.'),
  password: string().required('Escreva a sua palavra-passe.'),
});

export function LoginScreen() {
  const { refresh } = useStaffSession();
  const [refusal, setRefusal] = useState<string | undefined>(undefined);
  return (
    <main className="gestao-login" id="conteudo">
      <h1>Gestão do site</h1>
      <Formik
        initialValues={{ email: '', password: '' }}
        validationSchema={loginSchema}
        onSubmit={async (values) => {
          setRefusal(undefined);
          try {
            await api('POST', '/session', values);
            await refresh();
          } catch (error) {
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
