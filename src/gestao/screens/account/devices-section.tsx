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
      <table className="gestao-table">
        <thead>
          <tr>
            <th scope="col">Última entrada</th>
            <th scope="col">Endereço e navegador</th>
            <th scope="col">
              <span className="gestao-visually-hidden">Ação</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {devices.data?.devices.map((d) => (
            <tr key={d.id}>
              <td>{lisbonMoment(d.loggedInAt)}</td>
              <td>
                {d.ip} · {d.userAgent || '—'}
              </td>
              <td>
                {d.current && <span>Este navegador </span>}
                <button type="button" className="gestao-secondary" onClick={() => void forget(d.id)}>
                  Esquecer
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
