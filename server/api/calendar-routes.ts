/**
 * The subscribed calendar: the sessions of a shared agenda link as an iCalendar feed that
 * calendar apps fetch again by themselves (webcal://). The same builder as the file the agenda
 * page makes on the device (src/common/agenda/agenda-calendar.ts), with each session's SEQUENCE (the
 * session index's, as the device has it too), which grows whenever the session moves, so the app
 * replaces the event it holds.
 */
import { agendaCalendar, sequencesOf } from '../../src/common/agenda/agenda-calendar';
import { agendaName, parseSharedIds } from '../../src/common/agenda/agenda-link';
import { wordsIn } from '../../src/common/i18n/all-catalogs';
import { localeOfQuery } from '../../src/common/i18n/locales';
import type { AppDeps } from '../deps';
import { sessionIndex } from '../db/repositories/programme/session-index-repository';
import { listTravelTimes } from '../db/repositories/programme/travel-times-repository';
import { HttpError } from './http-errors';
import type { FileHandlers } from './endpoint-registration';

/** How often a subscribing app is asked to look again (REFRESH-INTERVAL and X-PUBLISHED-TTL). */
const REFRESH_MINUTES = 60;

export function calendarHandlers({ db, config }: AppDeps): Pick<FileHandlers, 'agendaFeed'> {
  return {
    // In the language of the page that gave the address (?lang=), its events' words and reminders too.
    agendaFeed: async ({ params, query, reply }) => {
      const locale = localeOfQuery(query.lang);
      const i18n = wordsIn(locale);
      const parsed = parseSharedIds(params.sessoes, i18n);
      if (!parsed.ok) throw new HttpError(400, parsed.message);
      const wanted = new Set(parsed.ids);
      // Sessions no longer in the programme (cancelled) leave the feed: the app removes their events.
      const sessions = (await sessionIndex(db, locale)).filter((s) => wanted.has(s.id));
      const text = agendaCalendar(sessions, {
        publicUrl: config.publicUrl,
        name: agendaName(i18n),
        i18n,
        sequences: sequencesOf(sessions),
        refreshMinutes: REFRESH_MINUTES,
        travelTimes: await listTravelTimes(db),
      });
      reply.type('text/calendar; charset=utf-8');
      reply.header('content-disposition', 'inline; filename="agenda-festa-cinema-italiano.ics"');
      return Buffer.from(text);
    },
  };
}
