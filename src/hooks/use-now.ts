import { useEffect, useState } from 'react';
import { lisbonDateTime } from '../common/time/lisbon-time';

/**
 * Lisbon wall-clock time now ('YYYY-MM-DDTHH:MM'), kept current; null on the server and during
 * hydration, so that what depends on the device's clock never differs from the server's HTML.
 */
export function useLisbonNow(everyMs = 30_000): string | null {
  const [now, setNow] = useState<string | null>(null);
  useEffect(() => {
    const tick = () => setNow(lisbonDateTime(new Date()));
    tick();
    const timer = window.setInterval(tick, everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs]);
  return now;
}
