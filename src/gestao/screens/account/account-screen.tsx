/**
 * "A minha conta": where this account is logged in, each session ended with one action (the current
 * one is "Terminar sessão" in the header), the devices it is known on, the password and the e-mail changed, the two-step login
 * switched on with an authenticator app, and passkeys.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { gestaoEndpoints } from '../../../common/gestao/api/gestao-endpoints';
import { api, refusalMessage } from '../../api';
import { useGestaoData } from '../../use-gestao-data';
import { useRowAction } from '../../row-action';
import { StatusLine } from '../../status-line';
import { lisbonMoment } from '../../lisbon-format';
import { useStaffSession } from '../../staff-session';
import { PasskeysSection } from './passkeys-section';
import { DevicesSection } from './devices-section';
import { AccountTable } from './account-table';
import { EmailChangeSection, PasswordChangeSection } from './credentials-section';
import { TotpQrCode } from '../../credentials/totp-qr';

/** The key for those who type it into the authenticator app, or open its address on the phone. */
function KeyToType({ uri, secret }: { uri: string; secret: string }) {
  return (
    <p>
      <Trans>
        Ou escreva esta chave na aplicação: <code className="gestao-link">{secret}</code> (ou abra <a href={uri}>esta ligação</a> no
        telemóvel).
      </Trans>
    </p>
  );
}

/**
 * Sets up the two-step login; `onEnabled` runs once the server has confirmed the first code.
 * `enabled`: already on (A minha conta), said instead of an offer to turn it on again.
 */
export function TwoStepLogin({ onEnabled, enabled = false }: { onEnabled?: () => void; enabled?: boolean }) {
  const [setup, setSetup] = useState<{ uri: string; secret: string } | undefined>(undefined);
  const [code, setCode] = useState('');
  const [status, setStatus] = useState<{ kind: 'ok' | 'error'; text: string } | undefined>(undefined);
  const { t } = useLingui();
  const fail = (error: unknown) => setStatus({ kind: 'error', text: refusalMessage(error, t`Não foi possível ativar a verificação.`) });
  return (
    <section aria-labelledby="dois-passos-titulo">
      <h2 id="dois-passos-titulo">
        <Trans>Verificação em dois passos</Trans>
      </h2>
      {enabled && !status && (
        <p className="gestao-state gestao-state--on">
          <Trans>Ativa: cada entrada pede o código da aplicação de autenticação.</Trans>
        </p>
      )}
      {!setup && !enabled && status?.kind !== 'ok' && (
        <button type="button" onClick={() => void api(gestaoEndpoints.totpSetup).then(setSetup, fail)}>
          <Trans>Ativar a verificação em dois passos</Trans>
        </button>
      )}
      {setup && (
        <form
          className="gestao-form"
          onSubmit={(event) => {
            event.preventDefault();
            api(gestaoEndpoints.totpConfirm, { body: { code } }).then(() => {
              setSetup(undefined);
              setStatus({ kind: 'ok', text: t`Verificação em dois passos ativa: a partir de agora, cada entrada pede o código.` });
              onEnabled?.();
            }, fail);
          }}
        >
          <p>
            <Trans>Na aplicação de autenticação do telemóvel, acrescente uma conta lendo este código QR:</Trans>
          </p>
          <TotpQrCode uri={setup.uri} />
          <KeyToType {...setup} />
          <div className="gestao-field">
            <label htmlFor="conta-codigo">
              <Trans>Código de 6 algarismos que a aplicação mostra</Trans>
            </label>
            <input
              id="conta-codigo"
              inputMode="numeric"
              autoComplete="one-time-code"
              value={code}
              onChange={(e) => setCode(e.target.value)}
            />
          </div>
          <div className="gestao-actions">
            <button type="submit">
              <Trans>Confirmar</Trans>
            </button>
          </div>
        </form>
      )}
      <StatusLine status={status} />
    </section>
  );
}

export function AccountScreen() {
  const { refresh, totpEnabled } = useStaffSession();
  const sessions = useGestaoData(gestaoEndpoints.staffSessions);
  const { status, act } = useRowAction(sessions);
  const { t } = useLingui();
  const end = (handle: string) =>
    act(() => api(gestaoEndpoints.endStaffSession, { params: { handle } }), { failed: t`Não foi possível terminar a sessão.` });
  return (
    <>
      <h1>
        <Trans>A minha conta</Trans>
      </h1>
      <section aria-labelledby="sessoes-conta-titulo">
        <h2 id="sessoes-conta-titulo">
          <Trans>Sessões abertas</Trans>
        </h2>
        <StatusLine status={status} />
        <AccountTable
          headers={[t`Entrada`, t`Último pedido`, t`Endereço e navegador`]}
          rows={sessions.data?.sessions ?? []}
          rowKey={(s) => s.id}
          cells={(s) => [lisbonMoment(s.createdAt), lisbonMoment(s.lastSeenAt), `${s.ip ?? '—'} · ${s.userAgent ?? '—'}`]}
          last={(s) => (s.current ? { marker: t`Esta sessão` } : { button: { label: t`Terminar`, onClick: () => void end(s.id) } })}
        />
      </section>
      <DevicesSection />
      <PasswordChangeSection />
      <EmailChangeSection />
      {/* The second factor's real state, from the session's answer. */}
      <TwoStepLogin enabled={totpEnabled} onEnabled={() => void refresh()} />
      <PasskeysSection onChange={() => void refresh()} />
    </>
  );
}
