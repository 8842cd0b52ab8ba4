/**
 * "Equipa": what an administrator does for someone's access, one row at a time: a one-time link to
 * choose a new password (72 hours, once; the person's second factor stays), the account disabled
 * (its sessions end at once) or enabled again, and the two-step login or the passkeys removed after
 * a lost phone or key. Each asks for the password again (the API client brings the prompt).
 */
import { useState } from 'react';
import { gestaoEndpoints } from '../../common/gestao/api/gestao-endpoints';
import { api, refusalMessage } from '../api';
import { StatusLine } from '../status-line';

export interface AccessUser {
  id: number;
  email: string;
  disabledAt: string | null;
  totpEnabled?: boolean;
  passkeys?: number;
}

/** What the last action said: a link to hand over, or a plain outcome. */
export type AccessOutcome = { kind: 'ok' | 'error'; text: string; link?: string };

/** Sends the reset link of the account `id`, for the row's button and the invitation's 409 alike. */
export async function sendResetLink(id: number): Promise<AccessOutcome> {
  try {
    const answer = await api(gestaoEndpoints.sendPasswordReset, { params: { id } });
    return {
      kind: 'ok',
      text: `Ligação para ${answer.email} repor a palavra-passe, válida 72 horas e uma só vez (as anteriores deixam de servir). Envie-lha:`,
      link: answer.link,
    };
  } catch (error) {
    return { kind: 'error', text: refusalMessage(error, 'Não foi possível criar a ligação.') };
  }
}

export function UserAccessActions({ user, onDone }: { user: AccessUser; onDone: (outcome: AccessOutcome) => void }) {
  const [busy, setBusy] = useState(false);
  const run = async (action: () => Promise<AccessOutcome>) => {
    setBusy(true);
    try {
      onDone(await action());
    } finally {
      setBusy(false);
    }
  };
  /** One action on the account, said as `done` once the server has done it. */
  const call = (send: () => Promise<unknown>, done: string) => async (): Promise<AccessOutcome> => {
    try {
      await send();
      return { kind: 'ok', text: done };
    } catch (error) {
      return { kind: 'error', text: refusalMessage(error, 'Não foi possível fazer esta alteração.') };
    }
  };
  const who = <span className="gestao-visually-hidden"> de {user.email}</span>;
  const disabled = user.disabledAt !== null;
  return (
    <div className="gestao-actions">
      {!disabled && (
        <button type="button" className="gestao-secondary" disabled={busy} onClick={() => void run(() => sendResetLink(user.id))}>
          Enviar ligação para repor a palavra-passe{who}
        </button>
      )}
      <button
        type="button"
        className="gestao-secondary"
        disabled={busy}
        onClick={() =>
          void run(
            call(
              () => api(gestaoEndpoints.changeUser, { params: { id: user.id }, body: { disabled: !disabled } }),
              disabled ? `Conta de ${user.email} reativada.` : `Conta de ${user.email} desativada: as suas sessões terminaram.`,
            ),
          )
        }
      >
        {disabled ? 'Reativar conta' : 'Desativar conta'}
        {who}
      </button>
      {user.totpEnabled && (
        <button
          type="button"
          className="gestao-secondary"
          disabled={busy}
          onClick={() =>
            void run(
              call(
                () => api(gestaoEndpoints.userTotpOff, { params: { id: user.id } }),
                `Verificação em dois passos de ${user.email} desligada.`,
              ),
            )
          }
        >
          Desligar a verificação em dois passos{who}
        </button>
      )}
      {(user.passkeys ?? 0) > 0 && (
        <button
          type="button"
          className="gestao-secondary"
          disabled={busy}
          onClick={() =>
            void run(
              call(
                () => api(gestaoEndpoints.removeUserPasskeys, { params: { id: user.id } }),
                `Chaves de acesso de ${user.email} removidas.`,
              ),
            )
          }
        >
          Remover as chaves de acesso{who}
        </button>
      )}
    </div>
  );
}

/** The outcome of the last action, and the link to hand over when there is one. */
export function AccessOutcomeView({ outcome }: { outcome: AccessOutcome | undefined }) {
  if (!outcome) return null;
  if (!outcome.link) return <StatusLine status={outcome} />;
  return (
    <div className="gestao-status gestao-status--ok" role="status">
      <p>{outcome.text}</p>
      <p>
        <code className="gestao-link">{outcome.link}</code>
      </p>
    </div>
  );
}
