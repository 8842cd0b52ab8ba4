/**
 * Which records a publication set for later will publish, and when: a record whose draft a waiting
 * publication chose (or any record with a draft, when it publishes the whole draft) reads
 * "Agendado para …" in the lists and in its own header, beside its state. The first publication to
 * come is the one said; one already running ('a publicar') is a matter of seconds, not said.
 */
import type { ScheduledRelease } from '../../common/gestao/api/answers';
import { gestaoEndpoints } from '../../common/gestao/api/gestao-endpoints';
import type { RecordView } from '../../common/gestao/record-schemas';
import { useGestaoData } from '../use-gestao-data';

/** When a record's draft is due to be published, if a waiting publication has it. */
export type ScheduledAt = (record: Pick<RecordView, 'type' | 'id' | 'state'>) => string | undefined;

export function scheduledAtOf(releases: readonly ScheduledRelease[]): ScheduledAt {
  const waiting = releases.filter((r) => r.state === 'agendada').sort((a, b) => a.runAt.localeCompare(b.runAt));
  return (record) => {
    if (record.state === 'publicado') return undefined;
    return waiting.find((r) => r.drafts === null || r.drafts.some((d) => d.type === record.type && d.id === record.id))?.runAt;
  };
}

const NONE: ScheduledAt = () => undefined;

export interface Scheduled {
  at: ScheduledAt;
  /** Read, or failed to be read (then nothing is said scheduled): a list filtered by it waits until then. */
  settled: boolean;
}

/** The publications waiting, read once per screen; none while they load or where they cannot be read. */
export function useScheduled(): Scheduled {
  const { data, error } = useGestaoData(gestaoEndpoints.scheduledReleases, {});
  return { at: data ? scheduledAtOf(data) : NONE, settled: data !== undefined || error !== undefined };
}
