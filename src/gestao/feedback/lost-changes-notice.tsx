/**
 * "Rui Alves substituiu o que guardou": told at the top of the back office on the next visit of a
 * person whose saved value a colleague replaced while settling a conflict, with the value lost
 * beside the one there now, a link to the record, and "Repor o meu valor" (a save of theirs into the
 * draft) or "Dispensar". Nothing is lost without its owner knowing.
 */
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import type { LostChangeView } from '../../common/gestao/api/answers';
import { gestaoEndpoints } from '../../common/gestao/api/gestao-endpoints';
import { fieldOf } from '../../common/gestao/collections';
import { staffName } from '../../common/gestao/staff-name';
import { api } from '../api';
import { lisbonMoment } from '../lisbon-format';
import { recordName, RECORD_PAGES } from '../screens/records-screen';
import { VersionChanges } from '../screens/version-changes';
import { useRowAction } from '../row-action';
import { StatusLine } from '../status-line';
import { useGestaoData } from '../use-gestao-data';

export function LostChangesNotice() {
  const list = useGestaoData(gestaoEndpoints.lostChanges, {});
  const { status, act } = useRowAction(list);
  const { t } = useLingui();
  const data = list.data;
  if (!data || (data.length === 0 && !status)) return null;

  const settle = (change: LostChangeView, how: 'restore' | 'dismiss') => {
    const label = labelOf(change);
    const params = { params: { id: String(change.id) } };
    return how === 'restore'
      ? act(() => api(gestaoEndpoints.restoreLostChange, params), {
          done: t`O seu valor de «${label}» voltou ao rascunho. Publique para que os visitantes o vejam.`,
          failed: t`Não foi possível tratar o aviso.`,
        })
      : act(() => api(gestaoEndpoints.dismissLostChange, params), {
          done: t`Aviso dispensado: «${label}» fica como está.`,
          failed: t`Não foi possível tratar o aviso.`,
        });
  };

  return (
    <section className="gestao-lost" aria-labelledby="perdidas-titulo">
      <h2 id="perdidas-titulo">
        {data.length === 0 ? (
          <Trans>Valores substituídos</Trans>
        ) : (
          <Plural value={data.length} one="Um valor seu foi substituído" other="# valores seus foram substituídos" />
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
