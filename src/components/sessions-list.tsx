import type { Session } from '../common/api-types';
import { monthName } from '../common/months';

/** A session as the spec shows it: 'city | day month | time | venue' ("Lisboa | 5 Abril | 21:30 | Cinema São Jorge"). */
export function sessionLine(session: Session): string {
  return `${session.city_name} | ${Number(session.dd)} ${monthName(session.mm)} | ${session.hhmm} | ${session.venue_name}`;
}

/** The SESSÕES list of a film; nothing when it has no session. */
export function SessionsList({ sessions }: { sessions: Session[] }) {
  if (sessions.length === 0) return null;
  return (
    <section className="detail__section sessions">
      <h2 className="detail__heading">SESSÕES</h2>
      <ul className="sessions__list">
        {sessions.map((session) => (
          <li key={session.id} className="sessions__item">
            {sessionLine(session)}
          </li>
        ))}
      </ul>
    </section>
  );
}
