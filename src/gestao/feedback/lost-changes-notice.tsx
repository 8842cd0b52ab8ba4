/**
 * "Rui Alves substituiu o que guardou": told at the top of the back office on the next visit of a
 * person whose saved value a colleague replaced while settling a conflict, with the value lost
 * beside the one there now, a link to the record, and "Repor o meu valor" (a save of theirs into the
 * draft) or "Dispensar". Nothing is lost without its owner knowing.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { LostChangeView } from '../../common/gestao/api/answers';
import { gestaoEndpoints } from '../../common/gestao/api/gestao-endpoints';
import { fieldOf } from '../../common/gestao/collections';
import { staffName } from '../../common/gestao/staff-name';
import { api, refusalMessage } from '../api';
import { lisbonMoment } from '../lisbon-format';
import { recordName, RECORD_PAGES } from '../screens/records-screen';
import { VersionChanges } from '../screens/version-changes';
import { StatusLine, type Status } from '../status-line';
import { useGestaoData } from '../use-gestao-data';

export function LostChangesNotice() {
  const { data, reload } = useGestaoData(gestaoEndpoints.lostChanges, {});
  const [status, setStatus] = useState<Status | undefined>(undefined);
  const { t } = useLingui();
  if (!data || (data.length === 0 && !status)) return null;

  const settle = async (change: LostChangeView, how: 'restore' | 'dismiss') => {
    const label = labelOf(change);
    try {
      if (how === 'restore') {
        await api(gestaoEndpoints.restoreLostChange, { params: { id: String(change.id) } });
        setStatus({ kind: 'ok', text: t`O seu valor de «${label}» voltou ao rascunho. Publique para que os visitantes o vejam.` });
      } else {
        await api(gestaoEndpoints.dismissLostChange, { params: { id: String(change.id) } });
        setStatus({ kind: 'ok', text: t`Aviso dispensado: «${label}» fica como está.` });
      }
    } catch (error) {
      setStatus({ kind: 'error', text: refusalMessage(error, t`Não foi possível tratar o aviso.`) });
    }
    reload();
  };

  return (
    <section className="gestao-lost" aria-labelledby="perdidas-titulo">
      <h2 id="perdidas-titulo">
        {data.length === 1 ? (
          <Trans>Um valor seu foi substituído</Trans>
        ) : data.length > 1 ? (
          <Trans>{data.length} valores seus foram substituídos</Trans>
        ) : (
          <Trans>Valores substituídos</Trans>
        )}
      </h2>
      <ul>
        {data.map((change) => (
          <LostChange key={change.id} change={change} onSettle={(how) => void settle(change, how)} />
        ))}
      </ul>
      <StatusLine status={status} />
    </section>
  );
}

const labelOf = (change: LostChangeView) => fieldOf(change.record.type, change.field)?.label ?? change.field;

function LostChange({ change, onSettle }: { change: LostChangeView; onSettle: (how: 'restore' | 'dismiss') => void }) {
  const { i18n } = useLingui();
  const who = staffName(change.replacedBy);
  const label = labelOf(change);
  const when = lisbonMoment(change.replacedAt);
  const name = recordName(change.record, i18n);
  const page = RECORD_PAGES[change.record.type];
  const record = page ? <Link to={`/${page.path}/${change.record.id}`}>{name}</Link> : name;
  return (
    <li className="gestao-lost__item">
      <p>
        <Trans>
          {who} substituiu o seu valor em «{label}» de {record} ({when}).
        </Trans>
      </p>
      <p className="gestao-lost__legend">
        <Trans>O seu valor, riscado, e o que lá está agora:</Trans>
      </p>
      <VersionChanges
        fields={{ [change.field]: change.record.fields[change.field] ?? '' }}
        previous={{ [change.field]: change.value }}
        changed={[change.field]}
        labelOf={() => label}
      />
      <div className="gestao-actions">
        <button type="button" onClick={() => onSettle('restore')}>
          <Trans>Repor o meu valor</Trans>
        </button>
        <button type="button" className="gestao-secondary" onClick={() => onSettle('dismiss')}>
          <Trans>Dispensar</Trans>
        </button>
      </div>
    </li>
  );
}
