/**
 * "Convites pendentes": who was invited and has not yet chosen a password, by whom, until when (or
 * expired); each sent again (a new link, 72 hours more, the old one stops working) or withdrawn.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { gestaoEndpoints } from '../../../common/gestao/api/gestao-endpoints';
import type { PendingInvitation } from '../../../common/gestao/api/answers';
import { api, refusalMessage } from '../../api';
import { lisbonSpokenMoment } from '../../lisbon-format';
import { AccessOutcomeView, deliveredOutcome, type AccessOutcome } from './user-access';

export function PendingInvitations({ invitations, onChange }: { invitations: PendingInvitation[]; onChange: () => void }) {
  const { t } = useLingui();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<AccessOutcome | undefined>(undefined);
  const act = async (run: () => Promise<AccessOutcome>) => {
    setBusy(true);
    try {
      setOutcome(await run());
      onChange();
    } finally {
      setBusy(false);
    }
  };
  const resend = (invitation: PendingInvitation) => async (): Promise<AccessOutcome> => {
    const { email } = invitation;
    try {
      const answer = await api(gestaoEndpoints.resendInvitation, { params: { id: invitation.id } });
      return deliveredOutcome(
        answer,
        t`Convite reenviado por e-mail para ${email}: válido 72 horas e uma só vez (a ligação anterior deixou de servir).`,
        t`Convite para ${email} renovado, válido 72 horas e uma só vez (a ligação anterior deixou de servir). Envie-lhe esta ligação:`,
      );
    } catch (error) {
      return { kind: 'error', text: refusalMessage(error, t`Não foi possível reenviar o convite.`) };
    }
  };
  const withdraw = (invitation: PendingInvitation) => async (): Promise<AccessOutcome> => {
    const { email } = invitation;
    try {
      await api(gestaoEndpoints.withdrawInvitation, { params: { id: invitation.id } });
      return { kind: 'ok', text: t`Convite para ${email} retirado: a ligação deixou de servir.` };
    } catch (error) {
      return { kind: 'error', text: refusalMessage(error, t`Não foi possível retirar o convite.`) };
    }
  };
  return (
    <section aria-labelledby="convites-pendentes">
      <h2 id="convites-pendentes">
        <Trans>Convites pendentes</Trans>
      </h2>
      {invitations.length === 0 ? (
        <p>
          <Trans>Nenhum convite à espera de resposta. Convide alguém no formulário abaixo.</Trans>
        </p>
      ) : (
        <ul className="gestao-cards" aria-label={t`Convites pendentes`}>
          {invitations.map((invitation) => {
            const { email, roleLabel } = invitation;
            const until = lisbonSpokenMoment(invitation.expiresAt);
            const by = invitation.invitedBy ?? t`conta removida`;
            return (
              <li key={invitation.id} className="gestao-card">
                <p className="gestao-card__title">{email}</p>
                <p className="gestao-card__meta">
                  {roleLabel} · {invitation.expired ? t`Expirou (${until})` : t`Válido até ${until}`} · {t`convidado por ${by}`}
                </p>
                <div className="gestao-actions">
                  <button type="button" className="gestao-secondary" disabled={busy} onClick={() => void act(resend(invitation))}>
                    <Trans>
                      Reenviar<span className="gestao-visually-hidden"> o convite de {email}</span>
                    </Trans>
                  </button>
                  <button type="button" className="gestao-danger" disabled={busy} onClick={() => void act(withdraw(invitation))}>
                    <Trans>
                      Retirar<span className="gestao-visually-hidden"> o convite de {email}</span>
                    </Trans>
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <AccessOutcomeView outcome={outcome} />
    </section>
  );
}
