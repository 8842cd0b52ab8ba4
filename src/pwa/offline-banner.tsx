import { lisbonDayAndTime } from '../common/time/lisbon-time';
import { useLiveRead } from '../data/lazy-data';
import { useOnline } from '../hooks/use-online';
import './offline-banner.css';

/** While offline: says so, and when the programme shown was last updated. */
export function OfflineBanner() {
  const online = useOnline();
  const syncedAt = useLiveRead('programme-synced-at', async (db) => {
    const entry = await db.meta.get('programmeSyncedAt');
    return typeof entry?.value === 'number' ? entry.value : null;
  });
  if (online) return null;
  return (
    <div className="offline-banner" role="status">
      <strong>Está sem ligação à internet.</strong>{' '}
      {syncedAt ? `Programação atualizada em ${lisbonDayAndTime(syncedAt)}.` : 'A mostrar o que está guardado neste dispositivo.'}
    </div>
  );
}
