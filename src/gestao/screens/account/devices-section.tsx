/**
 * "Dispositivos conhecidos": the browsers this account logged in on. Each keeps its own allowance
 * of wrong passwords while someone else guesses at the account (server/gestao/auth/device-cookies.ts);
 * forgetting one (a lost laptop, a borrowed computer) takes that away from whoever holds it.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { gestaoEndpoints } from '../../../common/gestao/api/gestao-endpoints';
import { api } from '../../api';
import { lisbonMoment } from '../../lisbon-format';
import { useRowAction } from '../../row-action';
import { StatusLine } from '../../status-line';
import { useGestaoData } from '../../use-gestao-data';
import { AccountTable } from './account-table';

export function DevicesSection() {
  const devices = useGestaoData(gestaoEndpoints.staffDevices);
  const { status, act } = useRowAction(devices);
  const { t } = useLingui();
  const forget = (id: string) =>
    act(() => api(gestaoEndpoints.forgetStaffDevice, { params: { id } }), {
      done: t`Dispositivo esquecido.`,
      failed: t`Não foi possível esquecer o dispositivo.`,
    });
  return (
    <section aria-labelledby="dispositivos-conta-titulo">
      <h2 id="dispositivos-conta-titulo">
        <Trans>Dispositivos conhecidos</Trans>
      </h2>
      <p>
        <Trans>
          Enquanto alguém tenta adivinhar a sua palavra-passe, estes navegadores continuam a poder entrar. Mudar a palavra-passe esquece-os
          todos, menos este.
        </Trans>
      </p>
      <StatusLine status={status} />
      {devices.error && <p role="alert">{devices.error}</p>}
      <AccountTable
        headers={[t`Última entrada`, t`Endereço e navegador`]}
        rows={devices.data?.devices ?? []}
        rowKey={(d) => d.id}
        cells={(d) => [lisbonMoment(d.loggedInAt), `${d.ip} · ${d.userAgent || '—'}`]}
        last={(d) => ({
          marker: d.current ? t`Este navegador` : undefined,
          button: { label: t`Esquecer`, onClick: () => void forget(d.id) },
        })}
      />
    </section>
  );
}
