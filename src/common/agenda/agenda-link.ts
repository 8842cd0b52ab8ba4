/**
 * A shared agenda is a link that carries the session ids and nothing else (no account, nothing
 * stored on the server): /agenda?sessoes=12.48.205. Dots never need escaping in a URL, so the
 * link survives messaging apps and QR codes as it is.
 */
import { apiUrl, fileEndpoints } from '../api/endpoint-refs';
import { agendaPath } from '../addresses/page-paths';
import type { I18n } from '../i18n/i18n';
import { DEFAULT_LOCALE, languageParam, type Locale } from '../i18n/locales';
import { say } from '../programme/message-text';
import { FESTIVAL_NAME } from '../constants';

const AGENDA_NAME = /*i18n*/ { id: 'calendar.subscribedName', message: 'A minha agenda — {festival}' };

/** What a visitor's agenda is called wherever it leaves the site: the shared link's title, the .ics file, the subscribed calendar. */
export const agendaName = (i18n: I18n): string => say(AGENDA_NAME, { festival: FESTIVAL_NAME }, i18n);
/** More than any festival-goer could see in nine days; a longer list is not a link of ours. */
export const MAX_SHARED_SESSIONS = 200;

export function shareLink(origin: string, sessionIds: string[]): string {
  const ids = [...new Set(sessionIds)].sort((a, b) => Number(a) - Number(b));
  return `${origin}${agendaPath(ids)}`;
}

type SharedIds = { ok: true; ids: string[] } | { ok: false; message: string };

const LINK_PROBLEMS = {
  invalid: /*i18n*/ {
    id: 'agenda.link.invalid',
    message: 'Esta ligação de agenda não é válida: deve trazer números de sessão separados por pontos.',
  },
  tooMany: /*i18n*/ { id: 'agenda.link.tooMany', message: 'Esta ligação de agenda traz sessões a mais (no máximo {max}).' },
};

/**
 * The session ids of a shared link's parameter, or a message saying why it is not one: in the
 * page's language with its `i18n`, pt-PT without one (the calendar feed's refusal).
 */
export function parseSharedIds(value: string, i18n?: I18n): SharedIds {
  const text = value.trim();
  if (!/^\d{1,9}(\.\d{1,9})*$/.test(text)) return { ok: false, message: say(LINK_PROBLEMS.invalid, {}, i18n) };
  const ids = [...new Set(text.split('.').map((id) => String(Number(id))))];
  if (ids.length > MAX_SHARED_SESSIONS) return { ok: false, message: say(LINK_PROBLEMS.tooMany, { max: MAX_SHARED_SESSIONS }, i18n) };
  return { ok: true, ids };
}

/**
 * The subscription address of these sessions' calendar (webcal://…): a calendar app that opens it
 * subscribes, and fetches it again by itself, so a session that moves moves in the app too.
 */
export function calendarFeedLink(origin: string, sessionIds: string[], locale: Locale = DEFAULT_LOCALE): string {
  const ids = [...new Set(sessionIds)].sort((a, b) => Number(a) - Number(b));
  return `${origin.replace(/^https?:/, 'webcal:')}${apiUrl(fileEndpoints.agendaFeed, { sessoes: ids.join('.'), ...languageParam(locale) })}`;
}
