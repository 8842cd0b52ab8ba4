/**
 * "Equipa": what an administrator does for someone's access, one row at a time: a one-time link to
 * choose a new password (72 hours, once; the person's second factor stays), the account disabled
 * (its sessions end at once) or enabled again, and the two-step login or the passkeys removed after
 * a lost phone or key. Each asks for the password again (the API client brings the prompt).
 */
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type ReactNode } from 'react';
import { gestaoEndpoints } from '../../../common/gestao/api/gestao-endpoints';
import type { LinkAnswer } from '../../../common/gestao/api/answers';
import { api, refusalMessage } from '../../api';
import { StatusLine } from '../../status-line';

export interface AccessUser {
  id: number;
  email: string;
  disabledAt: string | null;
  totpEnabled?: boolean;
  passkeys?: number;
}

/** What the last action said: a link to hand over (and why the e-mail did not go), or a plain outcome. */
export type AccessOutcome = { kind: 'ok' | 'error'; text: string; link?: string; problem?: string };

/** A link delivered: said as sent by e-mail, or given to copy (`handOver`: what to say above it). */
export function deliveredOutcome(answer: LinkAnswer, sent: string, handOver: string): AccessOutcome {
  if (answer.delivery === 'email') return { kind: 'ok', text: sent };
  return { kind: 'ok', text: handOver, link: answer.link, problem: answer.mailProblem };
}

/** Sends the reset link of the account `id`, for the row's button and the invitation's 409 alike. */
export async function sendResetLink(id: number, i18n: I18n): Promise<AccessOutcome> {
  try {
    const answer = await api(gestaoEndpoints.sendPasswordReset, { params: { id } });
    const { email } = answer;
    return deliveredOutcome(
      answer,
      i18n._(
        msg`Ligação para repor a palavra-passe enviada por e-mail para ${email}: válida 72 horas e uma só vez (as anteriores deixam de servir).`,
      ),
      i18n._(msg`Ligação para ${email} repor a palavra-passe, válida 72 horas e uma só vez (as anteriores deixam de servir). Envie-lha:`),
    );
  } catch (error) {
    return { kind: 'error', text: refusalMessage(error, i18n._(msg`Não foi possível criar a ligação.`)) };
  }
}

export function UserAccessActions({ user, onDone }: { user: AccessUser; onDone: (outcome: AccessOutcome) => void }) {
  const [busy, setBusy] = useState(false);
  const { i18n, t } = useLingui();
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
      return { kind: 'error', text: refusalMessage(error, t`Não foi possível fazer esta alteração.`) };
    }
  };
  // Each button says whose account it acts on, to screen readers: the row shows it already.
  const { email } = user;
  const disabled = user.disabledAt !== null;
  /** One of the row's buttons: its words, and what it does once the server has done it. */
  const action = (label: ReactNode, perform: () => Promise<AccessOutcome>, destructive = false) => (
    <button type="button" className={destructive ? 'gestao-danger' : 'gestao-secondary'} disabled={busy} onClick={() => void run(perform)}>
      {label}
    </button>
  );
  return (
    <div className="gestao-actions">
      {!disabled &&
        action(
          <Trans>
            Enviar ligação para repor a palavra-passe<span className="gestao-visually-hidden"> de {email}</span>
          </Trans>,
          () => sendResetLink(user.id, i18n),
        )}
      {action(
        disabled ? (
          <Trans>
            Reativar conta<span className="gestao-visually-hidden"> de {email}</span>
          </Trans>
        ) : (
          <Trans>
            Desativar conta<span className="gestao-visually-hidden"> de {email}</span>
          </Trans>
        ),
        call(
          () => api(gestaoEndpoints.changeUser, { params: { id: user.id }, body: { disabled: !disabled } }),
          disabled ? t`Conta de ${email} reativada.` : t`Conta de ${email} desativada: as suas sessões terminaram.`,
        ),
        !disabled,
      )}
      {user.totpEnabled &&
        action(
          <Trans>
            Desligar a verificação em dois passos<span className="gestao-visually-hidden"> de {email}</span>
          </Trans>,
          call(() => api(gestaoEndpoints.userTotpOff, { params: { id: user.id } }), t`Verificação em dois passos de ${email} desligada.`),
        )}
      {(user.passkeys ?? 0) > 0 &&
        action(
          <Trans>
            Remover as chaves de acesso<span className="gestao-visually-hidden"> de {email}</span>
          </Trans>,
          call(() => api(gestaoEndpoints.removeUserPasskeys, { params: { id: user.id } }), t`Chaves de acesso de ${email} removidas.`),
        )}
    </div>
  );
}

/** The outcome of the last action, and the link to hand over when there is one, with a button that copies it. */
export function AccessOutcomeView({ outcome }: { outcome: AccessOutcome | undefined }) {
  if (!outcome) return null;
  if (!outcome.link) return <StatusLine status={outcome} />;
  return (
    <div className="gestao-status gestao-status--ok" role="status">
      {outcome.problem ? <p className="gestao-status__problem">{outcome.problem}</p> : <p>{outcome.text}</p>}
      <p className="gestao-link-row">
        <code className="gestao-link">{outcome.link}</code>
        <CopyButton text={outcome.link} />
      </p>
    </div>
  );
}

/** "Copiar ligação", then "Copiada" for a moment: the clipboard, where the browser allows it. */
function CopyButton({ text }: { text: string }) {
  const [copied, setCopied] = useState<boolean | null>(null);
  if (typeof navigator === 'undefined' || !navigator.clipboard) return null;
  return (
    <>
      <button
        type="button"
        className="gestao-secondary"
        onClick={() =>
          void navigator.clipboard.writeText(text).then(
            () => setCopied(true),
            () => setCopied(false),
          )
        }
      >
        <Trans>Copiar ligação</Trans>
      </button>
      <span aria-live="polite">
        {copied === true ? <Trans>Copiada.</Trans> : copied === false ? <Trans>Não foi possível copiar: selecione-a.</Trans> : null}
      </span>
    </>
  );
}
