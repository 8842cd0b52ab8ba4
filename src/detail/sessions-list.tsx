import { useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import type { Session } from '../common/api/api-types';
import { monthInDate, monthName, weekdayName } from '../common/time/calendar-names';
import type { Locale } from '../common/i18n/locales';
import { useLocale } from '../hooks/use-locale';
import { writtenIn } from '../hooks/use-content-lang';
import { FollowLine } from '../primitives/session/follow-line';
import { AgendaStar } from '../agenda/agenda-star';
import { useLisbonNow } from '../hooks/use-now';
import { endsAt } from '../common/time/work-length';
import { wallDate } from '../common/time/lisbon-time';
import { VenueDetails } from '../primitives/venue-details';
import { isCancelled } from '../common/programme/session-status';
import { SessionStatus } from '../primitives/session/session-status';
import { SessionChange } from '../primitives/session/session-change';
import './sessions-list.css';
import { programmePath } from '../common/addresses/page-paths';

/** "5 Abril" as the spec writes it in pt-PT; "5 April", "5 aprile" as English and Italian write a date. */
const dayMonth = (session: Session, locale: Locale) =>
  `${Number(session.dd)} ${locale === 'pt-PT' ? monthName(session.mm) : monthInDate(session.mm, locale)}`;

/** A session as the spec shows it: 'city | day month | time | venue' ("Lisboa | 5 Abril | 21:30 | Cinema São Jorge"). */
export function sessionLine(session: Session, locale: Locale = 'pt-PT'): string {
  return `${session.city_name} | ${dayMonth(session, locale)} | ${session.hhmm} | ${session.venue_name}`;
}

/** The session's day in the programme: its city and day (/programacao?cidade=1&dia=d22). */
function programmeDayPath(session: Session): string {
  return programmePath({ city: session.city_id, day: Number(session.dd) });
}

/**
 * A work's sessions, each as the spec's line, after its weekday ("sáb"): the city, day and time
 * link to that day in the programme, the venue opens its card (address, map). Sessions that have
 * begun are dimmed and link nowhere, and say "a decorrer" or, once over (`endsAt`: the work's length,
 * or the default when it has none), "terminou"; that needs the device's clock, so it shows once mounted
 * (hydration matches the server's HTML). Nothing when there is no session. `heading`: the film
 * page's SESSÕES, or the activity page's QUANDO E ONDE. Each says what is needed to follow it
 * (language, subtitles, age, access: FollowLine).
 */
export function SessionsList({
  sessions,
  heading,
  durationMin,
  film = true,
}: {
  sessions: Session[];
  /** SESSÕES when not given. */
  heading?: string;
  /** The work's length; 0 or none: DEFAULT_DURATION_MIN. */
  durationMin?: number;
  /** A film's sessions (an activity's say no "a classificar" nor "sem legendas"). */
  film?: boolean;
}) {
  const now = useLisbonNow();
  const locale = useLocale();
  const { t } = useLingui();
  if (sessions.length === 0) return null;
  return (
    <section className="detail__section sessions">
      <h2 className="detail__heading">{heading ?? t`SESSÕES`}</h2>
      <ul className="sessions__list">
        {sessions.map((session) => {
          const past = now !== null && session.starts_at <= now;
          const ended = past && endsAt({ starts_at: session.starts_at, duration_min: durationMin ?? null }) <= now;
          const when = `${session.city_name} | ${dayMonth(session, locale)} | ${session.hhmm}`;
          // A cancelled session stays listed, struck through, with the word and the reason.
          const cancelled = isCancelled(session.status);
          return (
            <li key={session.id} className={`sessions__item${past ? ' is-past' : ''}${cancelled ? ' is-cancelled' : ''}`}>
              <span className="sessions__weekday">{weekdayName(wallDate(session.starts_at), 'short', locale)}</span>{' '}
              {past ? (
                <span className="sessions__when">{when}</span>
              ) : (
                <Link to={programmeDayPath(session)} className="sessions__when">
                  {when}
                </Link>
              )}
              {' | '}
              <VenueDetails
                name={session.venue_name}
                address={session.venue_address}
                venueId={session.venue_id}
                className="sessions__venue"
              />
              {past ? <span className="sessions__state">{ended ? ` ${t`terminou`}` : ` ${t`a decorrer`}`}</span> : null}{' '}
              <SessionStatus status={session.status} note={session.status_note} noteWritten={writtenIn(session, locale)('status_note')} />{' '}
              <SessionChange session={session} durationMin={durationMin} />
              <FollowLine follow={session.follow} film={film} className="sessions__follow" />
              <AgendaStar sessionId={session.id} context={sessionLine(session, locale)} ended={ended} />
            </li>
          );
        })}
      </ul>
    </section>
  );
}
