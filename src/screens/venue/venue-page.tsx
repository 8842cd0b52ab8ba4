/**
 * /sala/{id}: a venue as a visitor needs it before setting out: the address with a link for the
 * phone's maps, how to get there in words, whether they can get in (step-free entrance, wheelchair
 * places, hearing loop, accessible toilets), the box office's hours, and what is on there now and
 * next today. Linked from every session's venue; offline after one visit (the programme sync keeps
 * every venue's card, and the sessions' index gives today's sessions).
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import type { AgendaSession, Venue } from '../../common/api/api-types';
import { workPath } from '../../common/addresses/page-paths';
import { clockTime, wallDate } from '../../common/time/lisbon-time';
import { endsAt } from '../../common/time/work-length';
import { weekdayAndDate } from '../../common/time/calendar-names';
import { isCancelled } from '../../common/programme/session-status';
import { NOW_LABELS, nowAndNext } from '../../agenda/now-next';
import { sessionIndexRequest } from '../../agenda/session-index-request';
import { useRequests } from '../../data/use-api';
import { EntryView } from '../../detail/entry-view';
import { useContentLang, useWritten, writtenIn } from '../../hooks/use-content-lang';
import { useLocale } from '../../hooks/use-locale';
import { useLisbonNow } from '../../hooks/use-now';
import { ContentText } from '../../primitives/content-text';
import { FollowLine } from '../../primitives/session/follow-line';
import { SessionStatus } from '../../primitives/session/session-status';
import { useRouteData } from '../../routing/route-kit';
import { venueRoute } from './venue-route';
import './venue-page.css';

export default function VenuePage() {
  const entry = useRouteData(venueRoute).venue;
  return <EntryView entry={entry}>{(venue) => <VenueCard key={venue.id} venue={venue} />}</EntryView>;
}

function AccessFacts({ venue }: { venue: Venue }) {
  const { t } = useLingui();
  const yes = t`sim`;
  const no = t`não`;
  const facts: [string, string][] = [
    [t`Entrada sem degraus`, venue.step_free === '1' ? yes : no],
    [t`Lugares para cadeira de rodas`, venue.wheelchair_places > 0 ? String(venue.wheelchair_places) : t`nenhum`],
    [t`Anel de indução magnética`, venue.hearing_loop === '1' ? yes : no],
    [t`Casas de banho acessíveis`, venue.accessible_toilets === '1' ? yes : no],
  ];
  return (
    <dl className="venue-page__facts">
      {facts.map(([term, value]) => (
        <div key={term} className="venue-page__fact">
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function VenueCard({ venue }: { venue: Venue }) {
  const written = useWritten(venue);
  return (
    <article className="page page--narrow venue-page">
      <h1 className="page__title">{venue.name}</h1>
      <p className="venue-page__address">
        {venue.address}{' '}
        {venue.maps_url ? (
          <a href={venue.maps_url} target="_blank" rel="noopener noreferrer">
            <Trans>Abrir no mapa</Trans>
          </a>
        ) : null}
      </p>
      <NowAndNext venueId={venue.id} />
      {venue.directions ? (
        <section className="venue-page__section" aria-labelledby="como-chegar">
          <h2 id="como-chegar" className="venue-page__heading">
            <Trans>Como chegar</Trans>
          </h2>
          <ContentText className="venue-page__text" text={venue.directions} written={written('directions')} />
        </section>
      ) : null}
      <section className="venue-page__section" aria-labelledby="acessos">
        <h2 id="acessos" className="venue-page__heading">
          <Trans>Acessos</Trans>
        </h2>
        <AccessFacts venue={venue} />
      </section>
      {venue.box_office ? (
        <section className="venue-page__section" aria-labelledby="bilheteira">
          <h2 id="bilheteira" className="venue-page__heading">
            <Trans>Bilheteira</Trans>
          </h2>
          <ContentText className="venue-page__text" text={venue.box_office} written={written('box_office')} />
        </section>
      ) : null}
    </article>
  );
}

/** Today's sessions in this room, the one running and the next marked; else the next day it plays. */
function NowAndNext({ venueId }: { venueId: string }) {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const now = useLisbonNow();
  const { sessions } = useRequests({ sessions: sessionIndexRequest(locale) });
  // The clock is the device's: nothing is said of "today" until it is read (the server's HTML has no now).
  if (now === null || !sessions.data) return null;
  const here = sessions.data.filter((s) => s.venue_id === venueId && endsAt(s) > now && !isCancelled(s.status));
  const today = here.filter((s) => wallDate(s.starts_at) === wallDate(now));
  const marks = nowAndNext(today, now);
  const later = here.find((s) => wallDate(s.starts_at) > wallDate(now));
  return (
    <section className="venue-page__section venue-page__today" aria-labelledby="hoje-nesta-sala">
      <h2 id="hoje-nesta-sala" className="venue-page__heading">
        <Trans>Hoje nesta sala</Trans>
      </h2>
      {today.length > 0 ? (
        <ol className="venue-page__sessions">
          {today.map((s) => (
            <TodaySession key={s.id} session={s} mark={marks.get(s.id) ? i18n._(NOW_LABELS[marks.get(s.id)!]) : ''} />
          ))}
        </ol>
      ) : (
        <p>
          {later
            ? t`Hoje já não há sessões nesta sala. A próxima: ${weekdayAndDate(wallDate(later.starts_at), locale)}, ${clockTime(later.starts_at)}, ${later.title}.`
            : t`Não há mais sessões nesta sala.`}
        </p>
      )}
    </section>
  );
}

function TodaySession({ session, mark }: { session: AgendaSession; mark: string }) {
  const locale = useLocale();
  const written = writtenIn(session, locale);
  const titleLang = useContentLang(written('title').lang);
  return (
    <li className={`venue-page__session${mark ? ' is-marked' : ''}`}>
      <time dateTime={session.starts_at}>{clockTime(session.starts_at)}</time>{' '}
      {mark ? <strong className="venue-page__mark">{mark}</strong> : null}{' '}
      <Link to={workPath({ id: session.work_id, ismovie: session.ismovie })} lang={titleLang}>
        {session.title}
      </Link>{' '}
      <SessionStatus status={session.status} note={session.status_note} noteWritten={written('status_note')} />
      <FollowLine follow={session.follow} film={session.ismovie === '1'} />
    </li>
  );
}
