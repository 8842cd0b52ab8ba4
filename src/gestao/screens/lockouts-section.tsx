/**
 * "Contas bloqueadas por tentativas falhadas" (administrators, on "Equipa"): each login lock in
 * force (an account for unknown devices, an address, a known device, an address's passkey
 * logins), until when and after how many failures, and lifting one (the password again: the API
 * client asks for it). The rules: server/gestao/auth/login-limits.ts.
 */
import { LOCKOUT_SCOPE_LABELS, type LoginLockoutView } from '../../common/gestao/login-lockouts';
import { gestaoEndpoints } from '../../common/gestao/api/gestao-endpoints';
import { api } from '../api';
import { lisbonMoment } from '../lisbon-format';
import { useRowAction } from '../row-action';
import { StatusLine } from '../status-line';
import { useGestaoData } from '../use-gestao-data';

/** Who or where the lock is about, as the administrator reads it. */
function lockedWho(lockout: LoginLockoutView): string {
  if (lockout.scope === 'address' || lockout.scope === 'passkey') return lockout.address ?? '';
  const email = lockout.email ?? '';
  if (lockout.scope === 'device') return lockout.address ? `${email} (último endereço ${lockout.address})` : email;
  return lockout.isAccount ? email : `${email} (não é uma conta)`;
}

export function LockoutsSection() {
  const list = useGestaoData(gestaoEndpoints.loginLockouts);
  const { status, act } = useRowAction(list);
  const lift = (lockout: LoginLockoutView) =>
    act(() => api(gestaoEndpoints.liftLoginLockout, { params: { id: lockout.id } }), {
      done: `Bloqueio de ${lockedWho(lockout)} levantado.`,
      failed: 'Não foi possível levantar o bloqueio.',
    });

  const lockouts = list.data?.lockouts ?? [];
  return (
    <section aria-labelledby="bloqueios-titulo">
      <h2 id="bloqueios-titulo">Contas bloqueadas por tentativas falhadas</h2>
      <p>
        Quem erra a palavra-passe muitas vezes fica à espera; a pessoa dona da conta continua a entrar com uma chave de acesso ou no
        dispositivo onde já entrou antes.
      </p>
      {list.error && <p role="alert">{list.error}</p>}
      {list.data && lockouts.length === 0 && <p>Nenhum bloqueio em vigor.</p>}
      {lockouts.length > 0 && (
        <ul className="gestao-cards" aria-label="Bloqueios em vigor">
          {lockouts.map((lockout) => (
            <li key={lockout.id} className="gestao-card">
              <p className="gestao-card__title">{lockedWho(lockout)}</p>
              <p className="gestao-card__meta">
                {LOCKOUT_SCOPE_LABELS[lockout.scope]} · até {lisbonMoment(lockout.until)} · {lockout.failures} tentativas falhadas
              </p>
              <div className="gestao-actions">
                <button
                  type="button"
                  className="gestao-secondary"
                  aria-label={`Levantar o bloqueio de ${lockedWho(lockout)}`}
                  onClick={() => void lift(lockout)}
                >
                  Levantar
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <StatusLine status={status} />
    </section>
  );
}
