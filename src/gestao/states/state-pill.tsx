/**
 * A record's state as a pill: its word, and a colour that says the same (published, waiting,
 * going); and beside it, when a publication set for later has its draft, "Agendado" with the time.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { RecordView } from '../../common/gestao/record-schemas';
import { lisbonSpokenMoment } from '../lisbon-format';

export const STATE_LABELS: Record<RecordView['state'], MessageDescriptor> = {
  publicado: msg`Publicado`,
  alterado: msg`Alterado (por publicar)`,
  novo: msg`Novo (por publicar)`,
  apagado: msg`Apagado (por publicar)`,
};

export function StatePill({ state, scheduledAt }: { state: RecordView['state']; scheduledAt?: string }) {
  const { i18n, t } = useLingui();
  const pill = <span className={`gestao-state gestao-state--${state}`}>{i18n._(STATE_LABELS[state])}</span>;
  if (!scheduledAt) return pill;
  const when = lisbonSpokenMoment(scheduledAt);
  return (
    <span className="gestao-states">
      {pill} <span className="gestao-state gestao-state--agendado">{t`Agendado para ${when}`}</span>
    </span>
  );
}
