/**
 * "Contas bloqueadas por tentativas falhadas" (administrators, on "Equipa"): each login lock in
 * force (an account for unknown devices, an address, a known device, an address's passkey
 * logins), until when and after how many failures, and lifting one (the password again: the API
 * client asks for it). The rules: server/gestao/auth/login-limits.ts.
 */
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { LOCKOUT_SCOPE_LABELS, type LoginLockoutView } from '../../../common/gestao/login-lockouts';
import { gestaoEndpoints } from '../../../common/gestao/api/gestao-endpoints';
import { api } from '../../api';
import { lisbonMoment } from '../../lisbon-format';
import { useRowAction } from '../../row-action';
import { StatusLine } from '../../status-line';
import { useGestaoData } from '../../use-gestao-data';

/** Who or where the lock is about, as the administrator reads it. */
function lockedWho(lockout: LoginLockoutView, i18n: I18n): string {
  const { address } = lockout;
  if (lockout.scope === 'address' || lockout.scope === 'passkey') return address ?? '';
  const email = lockout.email ?? '';
  if (lockout.scope === 'device') return address ? i18n._(msg`${email} (último endereço ${address})`) : email;
  return lockout.isAccount ? email : i18n._(msg`${email} (não é uma conta)`);
}

export function LockoutsSection() {
  const list = useGestaoData(gestaoEndpoints.loginLockouts);
  const { status, act } = useRowAction(list);
  const { i18n, t } = useLingui();
  const lift = (lockout: LoginLockoutView) => {
    const who = lockedWho(lockout, i18n);
    return act(() => api(gestaoEndpoints.liftLoginLockout, { params: { id: lockout.id } }), {
      done: t`Bloqueio de ${who} levantado.`,
      failed: t`Não foi possível levantar o bloqueio.`,
    });
  };

  const lockouts = list.data?.lockouts ?? [];
  return (
    <section aria-labelledby="bloqueios-titulo">
      <h2 id="bloqueios-titulo">
        <Trans>Contas bloqueadas por tentativas falhadas</Trans>
      </h2>
      <p>
        <Trans>
          Quem erra a palavra-passe muitas vezes fica à espera; a pessoa dona da conta continua a entrar com uma chave de acesso ou no
          dispositivo onde já entrou antes.
        </Trans>
      </p>
      {list.error && <p role="alert">{list.error}</p>}
      {list.data && lockouts.length === 0 && (
        <p>
          <Trans>Nenhum bloqueio em vigor.</Trans>
        </p>
      )}
      {lockouts.length > 0 && (
        <ul className="gestao-cards" aria-label={t`Bloqueios em vigor`}>
          {lockouts.map((lockout) => {
            const who = lockedWho(lockout, i18n);
            const scope = LOCKOUT_SCOPE_LABELS[lockout.scope];
            const until = lisbonMoment(lockout.until);
            const { failures } = lockout;
            return (
              <li key={lockout.id} className="gestao-card">
                <p className="gestao-card__title">{who}</p>
                <p className="gestao-card__meta">
                  <Trans>
                    {scope} · até {until} · {failures} tentativas falhadas
                  </Trans>
                </p>
                <div className="gestao-actions">
                  <button
                    type="button"
                    className="gestao-secondary"
                    aria-label={t`Levantar o bloqueio de ${who}`}
                    onClick={() => void lift(lockout)}
                  >
                    <Trans>Levantar</Trans>
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <StatusLine status={status} />
    </section>
  );
}
