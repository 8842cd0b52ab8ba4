/**
 * A moved session's marker wherever a session appears publicly (film and activity pages, the
 * programme, the agenda): "Mudou: era às 18:00", beside its status, until the session has passed.
 * The device's clock decides "passed" once mounted; the server's HTML always says it.
 */
import { useLingui } from '@lingui/react';
import { changeMarkers, type MarkedSession } from '../../common/programme/change-marker';
import { endsAt } from '../../common/time/work-length';
import { useLisbonNow } from '../../hooks/use-now';
import './session-change.css';

export function SessionChange({ session, durationMin }: { session: MarkedSession; durationMin?: number | null }) {
  const now = useLisbonNow();
  const { i18n } = useLingui();
  const lines = changeMarkers(session, i18n);
  if (lines.length === 0) return null;
  if (now !== null && endsAt({ starts_at: session.starts_at, duration_min: durationMin ?? null }) <= now) return null;
  return (
    <span className="session-change">
      {lines.map((line) => (
        <strong key={line} className="session-change__line">
          {line}
        </strong>
      ))}
    </span>
  );
}
