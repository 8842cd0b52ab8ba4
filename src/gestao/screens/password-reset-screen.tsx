/**
 * A reset link (/gestao/repor/:token), sent by an administrator: the person chooses a new password
 * and then logs in with it, with their second factor as before (the link opens no session). The
 * server's reason for refusing a password, with what would pass, is shown under the field.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { gestaoEndpoints } from '../../common/gestao/api/gestao-endpoints';
import { api } from '../api';
import { lisbonMoment } from '../lisbon-format';
import { NewPasswordForm } from '../credentials/new-password-form';
import { StatusLine } from '../status-line';
import { useGestaoData } from '../use-gestao-data';

export function PasswordResetScreen() {
  const { token = '' } = useParams();
  const reset = useGestaoData(gestaoEndpoints.passwordReset, { params: { token } });
  const [done, setDone] = useState(false);
  const { t } = useLingui();
  const email = reset.data?.email;
  const until = reset.data ? lisbonMoment(reset.data.expiresAt) : '';
  return (
    <main className="gestao-login" id="conteudo">
      <h1>
        <Trans>Repor a palavra-passe</Trans>
      </h1>
      {reset.error && <p role="alert">{reset.error}</p>}
      {done && (
        <>
          <StatusLine status={{ kind: 'ok', text: t`Palavra-passe nova guardada. Entre com ela (e com o segundo fator, se o tiver).` }} />
          <p>
            <Link to="/">
              <Trans>Entrar</Trans>
            </Link>
          </p>
        </>
      )}
      {reset.data && !done && (
        <>
          <p>
            <Trans>
              {email} · ligação válida até {until}, uma só vez
            </Trans>
          </p>
          <NewPasswordForm
            purpose="reset"
            idPrefix="repor"
            submitLabel={t`Guardar a palavra-passe nova`}
            otherwise={t`Não foi possível guardar a palavra-passe.`}
            send={async ({ password }) => {
              await api(gestaoEndpoints.redeemPasswordReset, { params: { token }, body: { password } });
              setDone(true);
              return undefined;
            }}
          />
        </>
      )}
    </main>
  );
}
