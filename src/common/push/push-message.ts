/**
 * What a Web Push notification for a published programme change carries (issue 37): the text the
 * phone shows, named as the on-page notice names a change ("Tudo por Uma Vespa" / "sábado 28:
 * 18:00 → 19:15, Cinema Ideal"), the page a tap opens, and the session as it was and now is, so
 * the service worker can correct the stored programme before the network answers
 * (src/data/pushed-change.ts). The server builds it
 * (server/publishing/change-notifications.ts); the worker reads it (sw/push-notifications.ts).
 */
import type { ChangeKind, ProgrammeChange, SessionPlace } from '../programme/programme-change';
import { STATUS_LABELS, statusSentence } from '../programme/session-status';
import { spokenDay } from '../time/calendar-names';
import { clockTime, wallDate } from '../time/lisbon-time';

/** The changes a visitor who starred the session is told of by push: the ones that change their plans. */
export const PUSHED_CHANGE_KINDS: readonly ChangeKind[] = ['cancelled', 'retimed', 'delayed', 'moved', 'sold_out'];

export interface PushMessage {
  /** The film's or activity's title. */
  title: string;
  /** The change, in the on-page notice's words. */
  body: string;
  /** The session's page, with the change shown: /filme/12?sessao=34. */
  url: string;
  /** One notification per session on the device: a second change replaces the first. */
  tag: string;
  session_id: string;
  kind: ChangeKind;
  /** The session as it was before this change (where it was first published, unless it moved before). */
  was: SessionPlace;
  /** The session as it now is. */
  now: SessionPlace;
}

const when = (place: SessionPlace) => `${spokenDay(wallDate(place.starts_at))}, ${clockTime(place.starts_at)}`;

/** "sábado 28: 18:00 → 19:15, Cinema Ideal"; "Cancelada (cópia não chegou) — sábado 28, 18:00, Cinema Ideal". */
export function pushBody(change: Pick<ProgrammeChange, 'kind' | 'was' | 'now'>): string {
  const { was, now } = change;
  if (change.kind === 'cancelled') {
    const reason = now.status_note.trim();
    return `${STATUS_LABELS.cancelled}${reason ? ` (${reason})` : ''} — ${when(was)}, ${was.venue_name}`;
  }
  if (change.kind === 'sold_out') return `${STATUS_LABELS.sold_out} — ${when(now)}, ${now.venue_name}`;
  const [dayBefore, dayAfter] = [wallDate(was.starts_at), wallDate(now.starts_at)];
  const [timeBefore, timeAfter] = [clockTime(was.starts_at), clockTime(now.starts_at)];
  const moment =
    dayBefore !== dayAfter
      ? `${spokenDay(dayBefore)}, ${timeBefore} → ${spokenDay(dayAfter)}, ${timeAfter}`
      : `${spokenDay(dayAfter)}: ${timeBefore === timeAfter ? timeAfter : `${timeBefore} → ${timeAfter}`}`;
  const where = was.venue_id === now.venue_id ? now.venue_name : `${was.venue_name} → ${now.venue_name}`;
  const status = statusSentence(now.status, now.status_note);
  return `${moment}, ${where}${status ? ` — ${status}` : ''}`;
}

/** The page a tap opens: the work's page, at the session. */
export const sessionPageUrl = (change: Pick<ProgrammeChange, 'path' | 'session_id'>) => `${change.path}#sessao-${change.session_id}`;

export function pushMessageOf(change: ProgrammeChange): PushMessage {
  return {
    title: change.title,
    body: pushBody(change),
    url: sessionPageUrl(change),
    tag: `sessao-${change.session_id}`,
    session_id: change.session_id,
    kind: change.kind,
    was: change.was,
    now: change.now,
  };
}
