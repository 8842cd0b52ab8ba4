/**
 * "Entrar": email and password, or a passkey ("Entrar com uma chave de acesso": no email, the
 * passkey names the account); the server's pt-PT refusal (and the time to wait) shown as it comes.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Form, Formik } from 'formik';
import { useState } from 'react';
import { loginSchema } from '../../common/gestao/staff-schemas';
import { startAuthentication } from '@simplewebauthn/browser';
import { gestaoEndpoints } from '../../common/gestao/api/gestao-endpoints';
import { api, GestaoApiError, refusalMessage } from '../api';
import { useStaffSession } from '../staff-session';
import { StatusLine } from '../status-line';
import { TextField } from '../text-field';

export function LoginScreen() {
  const { refresh } = useStaffSession();
  const [refusal, setRefusal] = useState<string | undefined>(undefined);
  /** An account with the two-step login: the server asks for the code after the password. */
  const [needsCode, setNeedsCode] = useState(false);
  const { t } = useLingui();
  return (
    <main className="gestao-login" id="conteudo">
      <h1>
        <Trans>Gestão do site</Trans>
      </h1>
      <Formik
        initialValues={{ email: '', password: '', code: '' }}
        validationSchema={loginSchema}
        onSubmit={async (values) => {
          setRefusal(undefined);
          try {
            await api(gestaoEndpoints.login, { body: needsCode ? values : { email: values.email, password: values.password } });
            await refresh();
          } catch (error) {
            if (error instanceof GestaoApiError && error.body.totpRequired === true) setNeedsCode(true);
            setRefusal(refusalMessage(error, t`Não foi possível entrar.`));
          }
        }}
      >
        {({ isSubmitting }) => (
          <Form className="gestao-form" noValidate>
            <TextField id="entrar-email" name="email" label={t`Email`} type="email" autoComplete="username" />
            <TextField id="entrar-senha" name="password" label={t`Palavra-passe`} type="password" autoComplete="current-password" />
            {needsCode && (
              <TextField
                id="entrar-codigo"
                name="code"
                label={t`Código da aplicação de autenticação`}
                inputMode="numeric"
                autoComplete="one-time-code"
              />
            )}
            <StatusLine status={refusal === undefined ? undefined : { kind: 'error', text: refusal }} />
            <div className="gestao-actions">
              <button type="submit" disabled={isSubmitting}>
                <Trans>Entrar</Trans>
              </button>
            </div>
          </Form>
        )}
      </Formik>
      <PasskeyLogin
        onRefusal={setRefusal}
        onLoggedIn={async () => {
          await refresh();
        }}
      />
    </main>
  );
}

function PasskeyLogin({ onRefusal, onLoggedIn }: { onRefusal: (text: string | undefined) => void; onLoggedIn: () => Promise<void> }) {
  const [busy, setBusy] = useState(false);
  const { t } = useLingui();
  async function logIn() {
    onRefusal(undefined);
    setBusy(true);
    try {
      const options = await api(gestaoEndpoints.passkeyLoginOptions);
      let credential;
      try {
        credential = await startAuthentication({ optionsJSON: options });
      } catch {
        onRefusal(t`O dispositivo não usou nenhuma chave de acesso (pedido cancelado, ou nenhuma chave para este site).`);
        return;
      }
      await api(gestaoEndpoints.passkeyLogin, { body: { credential } });
      await onLoggedIn();
    } catch (error) {
      onRefusal(refusalMessage(error, t`Não foi possível entrar.`));
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="gestao-actions">
      <button type="button" className="gestao-secondary" disabled={busy} onClick={() => void logIn()}>
        <Trans>Entrar com uma chave de acesso</Trans>
      </button>
    </div>
  );
}
