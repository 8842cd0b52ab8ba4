/** The invitation link (/gestao/convite/:token): the new person chooses a password and is logged in. */
import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate, useParams } from 'react-router-dom';
import { gestaoEndpoints } from '../../common/gestao/api/gestao-endpoints';
import { api } from '../api';
import { NewPasswordForm } from '../credentials/new-password-form';
import { useStaffSession } from '../staff-session';
import { useGestaoData } from '../use-gestao-data';

export function InvitationScreen() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const { refresh } = useStaffSession();
  const { t } = useLingui();
  const invitation = useGestaoData(gestaoEndpoints.invitation, { params: { token } });
  return (
    <main className="gestao-login" id="conteudo">
      <h1>
        <Trans>Convite para a gestão do site</Trans>
      </h1>
      {invitation.error && <p role="alert">{invitation.error}</p>}
      {invitation.data && (
        <>
          <p>
            {invitation.data.email} · {invitation.data.roleLabel}
          </p>
          <NewPasswordForm
            purpose="invitation"
            idPrefix="convite"
            submitLabel={t`Criar a conta e entrar`}
            otherwise={t`Não foi possível aceitar o convite.`}
            send={async ({ password }) => {
              await api(gestaoEndpoints.acceptInvitation, { params: { token }, body: { password } });
              await refresh();
              void navigate('/', { replace: true });
              return undefined;
            }}
          />
        </>
      )}
    </main>
  );
}
