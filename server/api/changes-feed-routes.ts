/**
 * The Atom feed of "Alterações à programação": every published change to a session, newest first,
 * each entry's id its change's (stable, so a feed reader never shows one twice), built with `feed`.
 */
import { Feed } from 'feed';
import { changeSummary, changeStatus, changeWhen, changeWhere } from '../../src/common/programme/programme-change-words';
import type { ProgrammeChange } from '../../src/common/programme/programme-change';
import { PAGE_PATTERNS } from '../../src/common/addresses/page-paths';
import { apiUrl, fileEndpoints } from '../../src/common/api/endpoint-refs';
import type { AppDeps } from '../deps';
import { programmeChanges } from '../db/repositories/programme/programme-changes-repository';
import type { FileHandlers } from './endpoint-registration';

export function changesFeed(changes: ProgrammeChange[], publicUrl: string): string {
  const page = new URL(PAGE_PATTERNS.programmeChanges, publicUrl).href;
  const feed = new Feed({
    id: page,
    title: 'Alterações à programação — 8½ Festa do Cinema Italiano',
    description: 'Sessões que mudaram de hora, de dia ou de sala, atrasadas ou canceladas.',
    link: page,
    language: 'pt-PT',
    updated: changes[0] ? new Date(changes[0].published_at) : new Date(0),
    feedLinks: { atom: new URL(apiUrl(fileEndpoints.changesFeed, {}), publicUrl).href },
    copyright: '8½ Festa do Cinema Italiano',
    generator: false,
  });
  for (const change of changes) {
    feed.addItem({
      id: `${page}#alteracao-${change.id}`,
      title: changeSummary(change),
      link: new URL(change.path, publicUrl).href,
      date: new Date(change.published_at),
      description: [changeWhen(change), change.now.city_name, changeWhere(change), changeStatus(change)].filter(Boolean).join(' · '),
    });
  }
  return feed.atom1();
}

export function changesFeedHandlers({ db, config }: AppDeps): Pick<FileHandlers, 'changesFeed'> {
  return {
    changesFeed: async ({ reply }) => {
      reply.type('application/atom+xml; charset=utf-8');
      return Buffer.from(changesFeed(await programmeChanges(db), config.publicUrl));
    },
  };
}
