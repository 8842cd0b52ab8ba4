/**
 * The password asked again before a sensitive action (a rollback, a role, an export of people's
 * data): a modal dialog, registered with the API client, that resolves once the server accepts it.
 * The fifth wrong answer in a row ends the session (server/gestao/auth/reauth.ts): the login
 * screen follows.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { gestaoEndpoints } from '../../common/gestao/api/gestao-endpoints';
import { api, GestaoApiError, setPasswordPrompt, refusalMessage } from '../api';
import { useStaffSession } from '../staff-session';

export function PasswordPrompt() {
  const [pending, setPending] = useState<((ok: boolean) => void) | null>(null);
  const [password, setPassword] = useState('');
  const [refusal, setRefusal] = useState<string | undefined>(undefined);
  const dialog = useRef<HTMLDialogElement>(null);
  const { refresh } = useStaffSession();
  const { t } = useLingui();

  useEffect(() => {
    setPasswordPrompt(() => new Promise<boolean>((resolve) => setPending(() => resolve)));
    return () => setPasswordPrompt(null);
  }, []);
  useEffect(() => {
    if (pending && !dialog.current?.open) dialog.current?.showModal();
  }, [pending]);

  const finish = (ok: boolean) => {
    pending?.(ok);
    setPending(null);
    setPassword('');
    setRefusal(undefined);
    dialog.current?.close();
  };

  return (
    <dialog ref={dialog} className="gestao-dialog" aria-labelledby="confirmar-titulo" onCancel={() => finish(false)}>
      <form
        className="gestao-form"
        onSubmit={(event) => {
          event.preventDefault();
          api(gestaoEndpoints.reauth, { body: { password } }).then(
            () => finish(true),
            (error: unknown) => {
              if (error instanceof GestaoApiError && error.body.sessionEnded === true) {
                finish(false);
                void refresh();
                return;
              }
              setRefusal(refusalMessage(error, t`Não foi possível confirmar.`));
            },
          );
        }}
      >
        <h2 id="confirmar-titulo">
          <Trans>Confirme a sua palavra-passe</Trans>
        </h2>
        <p>
          <Trans>Por segurança, esta ação pede a palavra-passe outra vez.</Trans>
        </p>
        <div className="gestao-field">
          <label htmlFor="confirmar-senha">
            <Trans>Palavra-passe</Trans>
          </label>
          <input
            id="confirmar-senha"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            aria-describedby={refusal ? 'confirmar-erro' : undefined}
          />
          {refusal && (
            <p className="gestao-field__error" id="confirmar-erro" role="alert">
              {refusal}
            </p>
          )}
        </div>
        <div className="gestao-actions">
          <button type="submit">
            <Trans>Confirmar</Trans>
          </button>
          <button type="button" className="gestao-secondary" onClick={() => finish(false)}>
            <Trans>Fechar</Trans>
          </button>
        </div>
      </form>
    </dialog>
  );
}
