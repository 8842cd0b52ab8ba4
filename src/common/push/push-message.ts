/**
 * What a Web Push notification for a published programme change carries (issue 37): the text the
 * phone shows, named as the on-page notice names a change ("Tudo por Uma Vespa" / "sábado 28:
 * 18:00 → 19:15, Cinema Ideal"), the page a tap opens, and the session as it was and now is, so
 * the service worker can correct the stored programme before the network answers
 * (src/data/pushed-change.ts). The server builds it
 * (server/publishing/change-notifications.ts); the worker reads it (sw/push-notifications.ts).
 */
import { changeAccess } from '../programme/programme-change-words';
import type { I18n, MessageDescriptor } from '../i18n/i18n';
import { DEFAULT_LOCALE, isLocale, localizedPath, type Locale } from '../i18n/locales';
import { say } from '../programme/message-text';
import type { ChangeKind, ProgrammeChange, SessionPlace } from '../programme/programme-change';
import { statusLabel, statusSentence } from '../programme/session-status';
import { spokenDay } from '../time/calendar-names';
import { clockTime, wallDate } from '../time/lisbon-time';

/** The changes a visitor who starred the session is told of by push: the ones that change their plans. */
export const PUSHED_CHANGE_KINDS: readonly ChangeKind[] = ['cancelled', 'retimed', 'delayed', 'moved', 'sold_out'];

export interface PushMessage {
  /** The film's or activity's title. */
  title: string;
  /** The change, in the on-page notice's words. */
  body: string;
  /** The session's page in the subscription's language, with the change shown: /filme/12#sessao-34, /en/filme/12#sessao-34. */
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

/** The notification's sentences, each language's own (the arrows and times are everyone's). */
const PUSH_WORDS = {
  /** "sábado 28, 18:00" */
  when: /*i18n*/ { id: 'push.when', message: '{day}, {time}' },
  /** "Esgotada — sábado 28, 18:00, Cinema Ideal" */
  statusAt: /*i18n*/ { id: 'push.statusAt', message: '{status} — {when}, {venue}' },
  /** "Cancelada (cópia não chegou) — sábado 28, 18:00, Cinema Ideal" */
  statusWithReasonAt: /*i18n*/ { id: 'push.statusWithReasonAt', message: '{status} ({reason}) — {when}, {venue}' },
  /** "sábado 28: 18:00 → 19:15" */
  sameDay: /*i18n*/ { id: 'push.sameDay', message: '{day}: {time}' },
  /** "sábado 28: 18:00 → 19:15, Cinema Ideal" */
  moved: /*i18n*/ { id: 'push.moved', message: '{moment}, {where}' },
  /** "sábado 28: 18:00 → 19:15, Cinema Ideal — Sessão atrasada" */
  movedWithStatus: /*i18n*/ { id: 'push.movedWithStatus', message: '{moment}, {where} — {status}' },
} satisfies Record<string, MessageDescriptor>;

/** The language of an i18n (pt-PT without one: the source text). */
const localeOf = (i18n?: I18n): Locale => (i18n && isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE);

/**
 * "sábado 28: 18:00 → 19:15, Cinema Ideal"; "Cancelada (cópia não chegou) — sábado 28, 18:00, Cinema
 * Ideal": in the language of `i18n` (the subscription's), or pt-PT without one.
 */
export function pushBody(change: Pick<ProgrammeChange, 'kind' | 'was' | 'now'>, i18n?: I18n): string {
  const locale = localeOf(i18n);
  const day = (date: string) => spokenDay(date, locale);
  const when = (place: SessionPlace) =>
    say(PUSH_WORDS.when, { day: day(wallDate(place.starts_at)), time: clockTime(place.starts_at) }, i18n);
  const { was, now } = change;
  if (change.kind === 'cancelled') {
    const reason = now.status_note.trim();
    const values = { status: statusLabel('cancelled', i18n), reason, when: when(was), venue: was.venue_name };
    return say(reason ? PUSH_WORDS.statusWithReasonAt : PUSH_WORDS.statusAt, values, i18n);
  }
  if (change.kind === 'access')
    return say(PUSH_WORDS.statusAt, { status: changeAccess(change, i18n), when: when(now), venue: now.venue_name }, i18n);
  if (change.kind === 'sold_out')
    return say(PUSH_WORDS.statusAt, { status: statusLabel('sold_out', i18n), when: when(now), venue: now.venue_name }, i18n);
  const [dayBefore, dayAfter] = [wallDate(was.starts_at), wallDate(now.starts_at)];
  const [timeBefore, timeAfter] = [clockTime(was.starts_at), clockTime(now.starts_at)];
  const moment =
    dayBefore !== dayAfter
      ? `${when(was)} → ${when(now)}`
      : say(PUSH_WORDS.sameDay, { day: day(dayAfter), time: timeBefore === timeAfter ? timeAfter : `${timeBefore} → ${timeAfter}` }, i18n);
  const where = was.venue_id === now.venue_id ? now.venue_name : `${was.venue_name} → ${now.venue_name}`;
  const status = statusSentence(now.status, now.status_note, i18n);
  return say(status ? PUSH_WORDS.movedWithStatus : PUSH_WORDS.moved, { moment, where, status }, i18n);
}

/** The page a tap opens: the work's page, at the session, in the language's pages (pt-PT's by default). */
export const sessionPageUrl = (change: Pick<ProgrammeChange, 'path' | 'session_id'>, locale: Locale = DEFAULT_LOCALE) =>
  localizedPath(`${change.path}#sessao-${change.session_id}`, locale);

/** The notification of a change, in the language of `i18n` (the subscriptions'), pt-PT without one. */
export function pushMessageOf(change: ProgrammeChange, i18n?: I18n): PushMessage {
  return {
    title: change.title,
    body: pushBody(change, i18n),
    url: sessionPageUrl(change, localeOf(i18n)),
    tag: `sessao-${change.session_id}`,
    session_id: change.session_id,
    kind: change.kind,
    was: change.was,
    now: change.now,
  };
}
