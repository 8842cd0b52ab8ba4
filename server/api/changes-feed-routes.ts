/**
 * The Atom feed of "Alterações à programação": every published change to a session, newest first,
 * each entry's id its change's (stable, so a feed reader never shows one twice), built with `feed`.
 * One feed per language, at the same address with its `?lang=` (the API's paths carry no language;
 * see languageQuery in src/common/api/params.ts): its words and its links in that language.
 */
import { Feed } from 'feed';
import { FESTIVAL_NAME } from '../../src/common/constants';
import { wordsIn } from '../../src/common/i18n/all-catalogs';
import { DEFAULT_LOCALE, INTL_LOCALES, localeOfQuery, localizedPath, type Locale } from '../../src/common/i18n/locales';
import { changesFeedPath } from '../../src/common/programme/changes-feed-path';
import { say } from '../../src/common/programme/message-text';
import { changeSummary, changeStatus, changeWhen, changeWhere } from '../../src/common/programme/programme-change-words';
import type { ProgrammeChange } from '../../src/common/programme/programme-change';
import { PAGE_PATTERNS } from '../../src/common/addresses/page-paths';
import type { AppDeps } from '../deps';
import { programmeChanges } from '../db/repositories/programme/programme-changes-repository';
import type { FileHandlers } from './endpoint-registration';

const FEED_TITLE = /*i18n*/ { id: 'changesFeed.title', message: 'Alterações à programação — {festival}' };
const FEED_DESCRIPTION = /*i18n*/ {
  id: 'changesFeed.description',
  message: 'Sessões que mudaram de hora, de dia ou de sala, atrasadas ou canceladas.',
};

/** The feed in `locale` (pt-PT by default), in that language's words. */
export function changesFeed(changes: ProgrammeChange[], publicUrl: string, locale: Locale = DEFAULT_LOCALE): string {
  const words = wordsIn(locale);
  const page = new URL(localizedPath(PAGE_PATTERNS.programmeChanges, locale), publicUrl).href;
  const feed = new Feed({
    id: page,
    title: say(FEED_TITLE, { festival: FESTIVAL_NAME }, words),
    description: say(FEED_DESCRIPTION, {}, words),
    link: page,
    language: INTL_LOCALES[locale],
    updated: changes[0] ? new Date(changes[0].published_at) : new Date(0),
    feedLinks: { atom: new URL(changesFeedPath(locale), publicUrl).href },
    copyright: FESTIVAL_NAME,
    generator: false,
  });
  for (const change of changes) {
    feed.addItem({
      id: `${page}#alteracao-${change.id}`,
      title: changeSummary(change, words),
      link: new URL(localizedPath(change.path, locale), publicUrl).href,
      date: new Date(change.published_at),
      description: [changeWhen(change, words), change.now.city_name, changeWhere(change), changeStatus(change, words)]
        .filter(Boolean)
        .join(' · '),
    });
  }
  return feed.atom1();
}

export function changesFeedHandlers({ db, config }: AppDeps): Pick<FileHandlers, 'changesFeed'> {
  return {
    changesFeed: async ({ query, reply }) => {
      reply.type('application/atom+xml; charset=utf-8');
      const locale = localeOfQuery(query.lang);
      return Buffer.from(changesFeed(await programmeChanges(db, undefined, locale), config.publicUrl, locale));
    },
  };
}
