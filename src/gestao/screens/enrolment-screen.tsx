/**
 * What an administrator without a second factor sees after the password, and nothing else: the
 * two-step login or a passkey to set up (server/gestao/auth/enrolment.ts refuses every other
 * request), or the way out.
 */
import { Trans } from '@lingui/react/macro';
import { useStaff, useStaffSession } from '../staff-session';
import { TwoStepLogin } from './account/account-screen';
import { PasskeysSection } from './account/passkeys-section';

export function EnrolmentScreen() {
  const { email } = useStaff();
  const { refresh, logout } = useStaffSession();
  return (
    <main className="gestao-login" id="conteudo">
      <h1>
        <Trans>Ative a verificação em dois passos</Trans>
      </h1>
      <p>
        <Trans>
          As contas de Administração entram com um segundo fator: um código da aplicação de autenticação do telemóvel, ou uma chave de
          acesso. Ative um deles para continuar: até lá, a gestão não abre para {email}.
        </Trans>
      </p>
      <TwoStepLogin onEnabled={() => void refresh()} />
      <PasskeysSection onChange={() => void refresh()} />
      <div className="gestao-actions">
        <button type="button" className="gestao-secondary" onClick={() => void logout()}>
          <Trans>Terminar sessão</Trans>
        </button>
      </div>
    </main>
  );
}
