/**
 * Sessions grouped by day, each with its time, title (linking to its film or activity), venue and
 * city, its clashes, and whatever the caller adds (the visitor's own agenda adds the star, the
 * calendar file and what changed; a shared agenda adds nothing). Today's heading says "Hoje",
 * its sessions "A decorrer" and "A seguir" as the programme does; past sessions are dimmed.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { AgendaSession } from '../../common/api/api-types';
import { spokenDay, weekdayAndDate } from '../../common/time/calendar-names';
import { endsAt } from '../../common/time/work-length';
import { clashesToSay, clashMessage, type Clash } from '../../agenda/agenda-overlaps';
import { AgendaStar } from '../../agenda/agenda-star';
import { nowAndNext, type NowMark } from '../../agenda/now-next';
import { NowMarkBadge } from '../../agenda/use-now-next';
import { clockTime, wallDate } from '../../common/time/lisbon-time';
import { SessionStatus } from '../../primitives/session/session-status';
import { SessionChange } from '../../primitives/session/session-change';
import './agenda-days.css';
import { workPath } from '../../common/addresses/page-paths';
import { useLocale } from '../../hooks/use-locale';
import { useContentLang, writtenIn } from '../../hooks/use-content-lang';
import { FollowLine } from '../../primitives/session/follow-line';
import { venuePath } from '../../common/addresses/page-paths';

export interface AgendaRow {
  session: AgendaSession;
  /** Extra class of the row (a change, a cancellation). */
  className?: string;
  /** Shown under the venue (what changed). */
  note?: ReactNode;
  /** An acknowledged change, beside the time until the session has passed ("mudou de 18:00"). */
  moved?: string | null;
  /** Under a clash: another session of one of the two works that fits the agenda. */
  alternative?: AgendaSession | null;
  actions?: ReactNode;
}

export function AgendaDays({ rows, clashes, now }: { rows: AgendaRow[]; clashes: Map<string, Clash[]>; now: string | null }) {
  const locale = useLocale();
  const days = new Map<string, AgendaRow[]>();
  const marks =
    now === null
      ? new Map<string, NowMark>()
      : nowAndNext(
          rows.map((row) => row.session),
          now,
        );
  const today = now === null ? null : wallDate(now);
  for (const row of rows) {
    const day = wallDate(row.session.starts_at);
    days.set(day, [...(days.get(day) ?? []), row]);
  }
  return (
    <div className="agenda-days">
      {[...days].map(([day, dayRows]) => (
        <section key={day} className="agenda-day" aria-labelledby={`agenda-day-${day}`}>
          <h2 id={`agenda-day-${day}`} className="agenda-day__title">
            {day === today ? <Trans>Hoje, {weekdayAndDate(day, locale)}</Trans> : weekdayAndDate(day, locale)}
          </h2>
          <ul className="agenda-day__list">
            {dayRows.map((row) => (
              <AgendaItem
                key={row.session.id}
                row={row}
                clashes={clashes.get(row.session.id) ?? []}
                now={now}
                mark={marks.get(row.session.id)}
              />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

function AgendaItem({ row, clashes, now, mark }: { row: AgendaRow; clashes: Clash[]; now: string | null; mark?: NowMark }) {
  const { session } = row;
  const { t, i18n } = useLingui();
  const written = writtenIn(row.session, useLocale());
  const contentLang = useContentLang(written('title').lang);
  // Both sessions of a clash are marked; the message is said once, under the later one.
  const said = clashesToSay(session, clashes);
  const past = now !== null && endsAt(session) <= now;
  const classes = ['agenda-item', past ? 'is-past' : '', clashes.length ? 'has-clash' : '', row.className ?? ''].filter(Boolean).join(' ');
  return (
    <li className={classes} data-session-id={session.id}>
      <p className="agenda-item__time">
        <time dateTime={session.starts_at}>{clockTime(session.starts_at)}</time>
        <span className="agenda-item__end">{`–${clockTime(endsAt(session))}`}</span>
        {past ? (
          <span className="agenda-item__past">
            <Trans>Já passou</Trans>
          </span>
        ) : (
          <NowMarkBadge mark={mark} />
        )}
        {!past && row.moved ? <span className="agenda-item__moved">{row.moved}</span> : null}
      </p>
      <div className="agenda-item__body">
        <h3 className="agenda-item__title">
          <Link to={workPath({ id: session.work_id, ismovie: session.ismovie })} lang={contentLang}>
            {session.title}
          </Link>
        </h3>
        <p className="agenda-item__place">
          <Link to={venuePath(session.venue_id)}>{session.venue_name}</Link>
          {` · ${session.city_name}`}
        </p>
        <FollowLine follow={session.follow} film={session.ismovie === '1'} />
        <SessionStatus status={session.status} note={session.status_note} noteWritten={written('status_note')} />
        <SessionChange session={session} durationMin={session.duration_min} />
        {row.note}
        {said.length > 0 ? (
          <ul className="agenda-item__clashes" aria-label={t`Conflitos`}>
            {said.map((clash) => (
              <li key={`${clash.kind}-${clash.other.id}`} className={`agenda-clash agenda-clash--${clash.kind}`}>
                {clashMessage(session, clash, i18n)}
              </li>
            ))}
          </ul>
        ) : null}
        {said.length > 0 && row.alternative ? <Alternative session={row.alternative} /> : null}
      </div>
      {row.actions ? <div className="agenda-item__actions">{row.actions}</div> : null}
    </li>
  );
}

/** "Outra sessão sem conflito: «O Verão de Ada», sexta 10, 21:30, Cinema Ideal (Lisboa)", with its star to add it. */
function Alternative({ session }: { session: AgendaSession }) {
  const locale = useLocale();
  // The city too: another session may be in another city (an hour's train away, or three).
  const text = `«${session.title}», ${spokenDay(wallDate(session.starts_at), locale)}, ${clockTime(session.starts_at)}, ${session.venue_name} (${session.city_name})`;
  return (
    <p className="agenda-item__alternative">
      <Trans>Outra sessão sem conflito:</Trans> <Link to={workPath({ id: session.work_id, ismovie: session.ismovie })}>{text}</Link>
      <AgendaStar sessionId={session.id} context={text} />
    </p>
  );
}
