/**
 * A session's "can I follow it?" line in words a visitor reads in any language
 * ("IT · legendas PT EN · M/12 · LGP"): its codes, with "legendas", "sem legendas" and
 * "a classificar" in the reader's language. One writer for the pages, the .ics, the door sheet
 * and the printed programme. With the page's i18n, or pt-PT for a caller with no page.
 */
import type { I18n } from '../i18n/i18n';
import { say } from './message-text';
import { followLineParts, saysAnything, type SessionFollow } from './session-access';

export const FOLLOW_WORDS = {
  /** Read before the line by a screen reader, which would otherwise spell out "IT · PT". */
  label: /*i18n*/ { id: 'follow.label', message: 'Língua, legendas, idade e acessibilidade:' },
  subtitled: /*i18n*/ { id: 'follow.subtitled', message: 'legendas {codes}' },
  unsubtitled: /*i18n*/ { id: 'follow.unsubtitled', message: 'sem legendas' },
  unrated: /*i18n*/ { id: 'follow.unrated', message: 'a classificar' },
  rated: /*i18n*/ { id: 'follow.rated', message: 'para maiores de {age} anos' },
  unratedLegend: /*i18n*/ { id: 'follow.unratedLegend', message: 'classificação etária ainda por atribuir' },
};

/** The line's parts in order; `film`: a film's (it says "sem legendas" and "a classificar"; a talk does not). */
export function followLineOf(follow: SessionFollow | undefined, film: boolean, i18n?: I18n): string[] {
  if (!follow || (!saysAnything(follow) && !film)) return [];
  const parts = followLineParts(follow);
  return [
    parts.languages,
    parts.subtitles ? say(FOLLOW_WORDS.subtitled, { codes: parts.subtitles }, i18n) : film ? say(FOLLOW_WORDS.unsubtitled, {}, i18n) : '',
    parts.age || (film ? say(FOLLOW_WORDS.unrated, {}, i18n) : ''),
    ...parts.access,
  ].filter(Boolean);
}

export const followLine = (follow: SessionFollow | undefined, film: boolean, i18n?: I18n): string =>
  followLineOf(follow, film, i18n).join(' · ');
