/** A published change of one session, as the Web Push tests queue it (the server's own shape, src/common/programme/programme-change.ts). */
import type { ProgrammeChange } from '../../src/common/programme/programme-change';
import { lisbonDateTime } from '../../src/common/time/lisbon-time';
import { NOW } from './helper';

/** `minutesAhead` after NOW the session starts (or started, when cancelled); a move puts it 75 minutes later. */
export function pushedChange(
  session: { id: string; movieId: string },
  kind: ProgrammeChange['kind'],
  minutesAhead: number,
): ProgrammeChange {
  const start = (minutes: number) => lisbonDateTime(new Date(NOW.getTime() + minutes * 60_000));
  const place = { venue_id: 1, venue_name: 'Cinema Ideal', city_id: 1, city_name: 'Lisboa', status: '' as const, status_note: '' };
  return {
    id: 1,
    release: 2,
    published_at: NOW.toISOString(),
    session_id: session.id,
    title: 'Tudo por Uma Vespa',
    path: `/filme/${session.movieId}`,
    kind,
    was: { ...place, starts_at: start(minutesAhead) },
    now:
      kind === 'cancelled'
        ? { ...place, starts_at: start(minutesAhead), status: 'cancelled', status_note: 'cópia não chegou' }
        : { ...place, starts_at: start(minutesAhead + 75) },
  };
}
