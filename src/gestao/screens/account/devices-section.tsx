/**
 * "Dispositivos conhecidos": the browsers this account logged in on. Each keeps its own allowance
 * of wrong passwords while someone else guesses at the account (server/gestao/auth/device-cookies.ts);
 * forgetting one (a lost laptop, a borrowed computer) takes that away from whoever holds it.
 */
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
  const forget = (id: string) =>
    act(() => api(gestaoEndpoints.forgetStaffDevice, { params: { id } }), {
      done: 'Dispositivo esquecido.',
      failed: 'Não foi possível esquecer o dispositivo.',
    });
  return (
    <section aria-labelledby="dispositivos-conta-titulo">
      <h2 id="dispositivos-conta-titulo">Dispositivos conhecidos</h2>
      <p>
        Enquanto alguém tenta adivinhar a sua palavra-passe, estes navegadores continuam a poder entrar. Mudar a palavra-passe esquece-os
        todos, menos este.
      </p>
      <StatusLine status={status} />
      {devices.error && <p role="alert">{devices.error}</p>}
      <AccountTable
        headers={['Última entrada', 'Endereço e navegador']}
        rows={devices.data?.devices ?? []}
        rowKey={(d) => d.id}
        cells={(d) => [lisbonMoment(d.loggedInAt), `${d.ip} · ${d.userAgent || '—'}`]}
        last={(d) => ({
          marker: d.current ? 'Este navegador' : undefined,
          button: { label: 'Esquecer', onClick: () => void forget(d.id) },
        })}
      />
    </section>
  );
}
