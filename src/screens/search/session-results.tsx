/**
 * Beside the spec's three result lists, what a festival-goer searching in a foyer also means: a
 * venue ("cinemateca" lists what is on there, soonest first) and, under a film found, its next
 * sessions. Both read the sessions index (GET /api/sessions, saved with the programme), so they
 * work without signal too, and only sessions not yet over are listed.
 */
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import type { AgendaSession } from '../../common/api/api-types';
import { weekdayName } from '../../common/time/calendar-names';
import type { Locale } from '../../common/i18n/locales';
import { endsAt } from '../../common/time/work-length';
import { clockTime, wallDate } from '../../common/time/lisbon-time';
import { workPath } from '../../common/addresses/page-paths';
import { matchesQuery } from '../../common/text/search-match';
import { useRequests } from '../../data/use-api';
import { sessionIndexRequest } from '../../agenda/session-index-request';
import { useLisbonNow } from '../../hooks/use-now';
import { useLocale } from '../../hooks/use-locale';

/** Sessions listed per venue before "e mais N". */
const PER_VENUE = 8;
/** A film's next sessions shown under it. */
const NEXT_PER_FILM = 3;

/** The sessions still to come (all of them until the device's clock is read), soonest first. */
export function useComingSessions(): AgendaSession[] | undefined {
  const { index } = useRequests({ index: sessionIndexRequest(useLocale()) });
  const now = useLisbonNow();
  if (!index.data) return undefined;
  return index.data.filter((s) => now === null || endsAt(s) > now);
}

/** "sáb 5, 21:30" */
const when = (s: AgendaSession, locale: Locale) =>
  `${weekdayName(wallDate(s.starts_at), 'short', locale)} ${Number(s.starts_at.slice(8, 10))}, ${clockTime(s.starts_at)}`;

/** The venues whose name matches the query, each with its coming sessions. */
export function venueMatches(sessions: AgendaSession[], query: string): { venue: string; city: string; sessions: AgendaSession[] }[] {
  const venues = new Map<string, { venue: string; city: string; sessions: AgendaSession[] }>();
  for (const session of sessions) {
    if (!matchesQuery(session.venue_name, query)) continue;
    const entry = venues.get(session.venue_id) ?? { venue: session.venue_name, city: session.city_name, sessions: [] };
    entry.sessions.push(session);
    venues.set(session.venue_id, entry);
  }
  return [...venues.values()];
}

export function VenueResults({ venues }: { venues: ReturnType<typeof venueMatches> }) {
  const locale = useLocale();
  if (venues.length === 0) return null;
  const count = venues.reduce((sum, v) => sum + v.sessions.length, 0);
  return (
    <section className="search-section" aria-labelledby="search-venues">
      <h2 id="search-venues" className="search-section__title">
        <Trans>Sessões nas salas</Trans> <span className="search-section__count">({count})</span>
      </h2>
      {venues.map(({ venue, city, sessions: list }) => (
        <div key={`${venue}-${city}`} className="search-venue">
          <h3 className="search-venue__name">{`${venue}, ${city}`}</h3>
          <ul className="search-venue__sessions">
            {list.slice(0, PER_VENUE).map((s) => (
              <li key={s.id}>
                <span className="search-venue__when">{when(s, locale)}</span>{' '}
                <Link to={workPath({ id: s.work_id, ismovie: s.ismovie })}>{s.title}</Link>
              </li>
            ))}
          </ul>
          {list.length > PER_VENUE ? (
            <p className="search-venue__more">
              <Plural value={list.length - PER_VENUE} one="e mais # sessão" other="e mais # sessões" />
            </p>
          ) : null}
        </div>
      ))}
    </section>
  );
}

/** Under a film found: "Próximas sessões: sáb 5, 21:30, Cinema São Jorge · …". */
export function NextSessions({ sessions }: { sessions: AgendaSession[] | undefined }) {
  const { t, i18n } = useLingui();
  if (!sessions || sessions.length === 0) return null;
  const locale = i18n.locale as Locale;
  const list = sessions
    .slice(0, NEXT_PER_FILM)
    .map((s) => `${when(s, locale)}, ${s.venue_name}`)
    .join(' · ');
  return <p className="search-card__sessions">{t`Próximas sessões: ${list}`}</p>;
}
