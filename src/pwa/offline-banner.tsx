import { Trans } from '@lingui/react/macro';
import { dayAndMonth } from '../common/time/calendar-names';
import { lisbonClockTime, lisbonDate } from '../common/time/lisbon-time';
import { useLiveRead } from '../data/lazy-data';
import { useLocale } from '../hooks/use-locale';
import { useOnline } from '../hooks/use-online';
import './offline-banner.css';

/** While offline: says so, and when the programme shown was last updated (Lisbon's day and time). */
export function OfflineBanner() {
  const online = useOnline();
  const locale = useLocale();
  const syncedAt = useLiveRead('programme-synced-at', async (db) => {
    const entry = await db.meta.get('programmeSyncedAt');
    return typeof entry?.value === 'number' ? entry.value : null;
  });
  if (online) return null;
  const day = syncedAt ? dayAndMonth(lisbonDate(syncedAt), locale) : '';
  const time = syncedAt ? lisbonClockTime(syncedAt) : '';
  return (
    <div className="offline-banner" role="status">
      <strong>
        <Trans>Está sem ligação à internet.</Trans>
      </strong>{' '}
      {syncedAt ? (
        <Trans>
          Programação atualizada em {day} às {time}.
        </Trans>
      ) : (
        <Trans>A mostrar o que está guardado neste dispositivo.</Trans>
      )}
    </div>
  );
}
