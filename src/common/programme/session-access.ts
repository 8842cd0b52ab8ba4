/**
 * "Can I follow this session, and can I get in?": what a session is spoken in, its subtitles'
 * languages, its age rating (Portugal's classification) and its access features, each set on the
 * session or, where the session says nothing, inherited from its film. Stored as short codes
 * ("it en", "M/12", "ad lgp"), read by visitors as a line of codes readable in any language
 * ("IT · legendas PT EN · M/12 · LGP") with a legend in theirs. Pure: the server resolves and
 * filters with it, the pages show and filter with it (offline too).
 */
import type { MessageDescriptor } from '@lingui/core';

/** The languages a session may be spoken or subtitled in (ISO 639-1), in the order a line lists them. */
export const LANGUAGE_CODES = ['it', 'pt', 'en', 'fr', 'es', 'de'] as const;
export type LanguageCode = (typeof LANGUAGE_CODES)[number];

/** Portugal's classification (Comissão de Classificação de Espetáculos), youngest first. */
export const AGE_RATINGS = ['M/3', 'M/6', 'M/12', 'M/14', 'M/16', 'M/18'] as const;
export type AgeRating = (typeof AGE_RATINGS)[number];

/** What a session offers so that more people can follow it or get in. */
export const ACCESS_FEATURES = ['sdh', 'ad', 'lgp', 'relaxed', 'qa_interpreted'] as const;
export type AccessFeature = (typeof ACCESS_FEATURES)[number];

/** A session's own value that says "none", where its film has some (subtitles, access): '' inherits. */
export const NONE = 'none';

/** The mark of each feature in the line: the same in every language, as the language codes are. */
export const ACCESS_MARKS: Record<AccessFeature, string> = {
  sdh: 'SDH',
  ad: 'AD',
  lgp: 'LGP',
  relaxed: 'RELAX',
  qa_interpreted: 'Q&A',
};

/** Each feature in words, for the legend and the filters. */
export const ACCESS_NAMES: Record<AccessFeature, MessageDescriptor> = {
  sdh: /*i18n*/ { id: 'access.sdh', message: 'Legendas descritivas para surdos (diálogos, sons e música)' },
  ad: /*i18n*/ { id: 'access.ad', message: 'Audiodescrição' },
  lgp: /*i18n*/ { id: 'access.lgp', message: 'Interpretação em Língua Gestual Portuguesa' },
  relaxed: /*i18n*/ { id: 'access.relaxed', message: 'Sessão descontraída: luz de sala baixa, som mais brando, pode entrar e sair' },
  qa_interpreted: /*i18n*/ { id: 'access.qa', message: 'Conversa com interpretação' },
};

/** The schema.org accessibilityFeature of each feature that has one. */
export const ACCESS_SCHEMA: Partial<Record<AccessFeature, string>> = {
  sdh: 'captions',
  ad: 'audioDescription',
  lgp: 'signLanguage',
};

/** What a film or a session holds, as stored. */
export interface FollowFields {
  spoken_languages: string;
  subtitle_languages: string;
  age_rating: string;
  access_features: string;
}

/** What visitors read of a session: its own values, else its film's. */
export interface SessionFollow {
  /** Spoken languages, codes. */
  languages: LanguageCode[];
  /** Subtitles' languages, codes; none without subtitles. */
  subtitles: LanguageCode[];
  /** '' while it is to be classified ("a classificar"). */
  age_rating: AgeRating | '';
  access: AccessFeature[];
}

const inList =
  <T extends string>(list: readonly T[]) =>
  (value: string): value is T =>
    (list as readonly string[]).includes(value);
export const isLanguageCode = inList(LANGUAGE_CODES);
export const isAgeRating = inList(AGE_RATINGS);
export const isAccessFeature = inList(ACCESS_FEATURES);

/** The words of a stored list of codes ("it, EN" → ['it', 'en']): split on spaces or commas, lower-cased, each once. */
export function codesOf(stored: string): string[] {
  return [
    ...new Set(
      stored
        .split(/[\s,;/]+/)
        .map((code) => code.trim().toLowerCase())
        .filter(Boolean),
    ),
  ];
}

/** A list in its canonical order, the known codes only. */
const ordered = <T extends string>(codes: readonly string[], list: readonly T[]): T[] => list.filter((code) => codes.includes(code));

/** A session's list: its own when it has one ("none" says it has none), else its film's. */
function inherited<T extends string>(own: string, film: string, list: readonly T[]): T[] {
  const mine = codesOf(own);
  if (mine.includes(NONE)) return [];
  return ordered(mine.length > 0 ? mine : codesOf(film), list);
}

/**
 * What a session stores so that it offers exactly `chosen` of a list (the phone's checkboxes):
 * nothing where that is its film's, "none" where the film has some and the session none, else
 * the codes.
 */
export function ownCodesFor(chosen: readonly string[], film: string, list: readonly string[]): string {
  const mine = ordered(chosen, list);
  const films = ordered(codesOf(film), list);
  if (mine.join(' ') === films.join(' ')) return '';
  return mine.length > 0 ? mine.join(' ') : NONE;
}

export function resolveFollow(session: Partial<FollowFields>, film: Partial<FollowFields>): SessionFollow {
  const age = (session.age_rating ?? '').trim() || (film.age_rating ?? '').trim();
  return {
    languages: inherited(session.spoken_languages ?? '', film.spoken_languages ?? '', LANGUAGE_CODES),
    subtitles: inherited(session.subtitle_languages ?? '', film.subtitle_languages ?? '', LANGUAGE_CODES),
    age_rating: isAgeRating(age) ? age : '',
    access: inherited(session.access_features ?? '', film.access_features ?? '', ACCESS_FEATURES),
  };
}

/** The youngest age a rating admits (M/12 → 12); 18 for a session still to be classified. */
export const minimumAge = (rating: AgeRating | ''): number => (rating ? Number(rating.slice(2)) : 18);

/** What a visitor narrows the programme or the films to (the page's address says it). */
export interface FollowFilter {
  /** A subtitles' language. */
  subtitles?: LanguageCode;
  /** The age of the youngest in the group: sessions rated for it (classified) only. */
  age?: number;
  access?: AccessFeature;
}

export const isFilterEmpty = (filter: FollowFilter) =>
  filter.subtitles === undefined && filter.age === undefined && filter.access === undefined;

/** Whether a session (or a film, with its sessions' values together) is one the filter keeps. */
export function followMatches(follow: SessionFollow | undefined, filter: FollowFilter): boolean {
  // An answer from before sessions said how to follow them (a saved copy) passes no filter.
  if (!follow) return isFilterEmpty(filter);
  if (filter.subtitles && !follow.subtitles.includes(filter.subtitles)) return false;
  if (filter.age !== undefined && (follow.age_rating === '' || minimumAge(follow.age_rating) > filter.age)) return false;
  if (filter.access && !follow.access.includes(filter.access)) return false;
  return true;
}

/** The ages a visitor may choose (the classification's steps). */
export const FILTER_AGES = AGE_RATINGS.map(minimumAge);

/** The page's query parameters of each filter (pt-PT, as the site's other addresses). */
export const FOLLOW_QUERY = { subtitles: 'legendas', age: 'idade', access: 'acesso' } as const;

/** The filter a page's address asks for; a value it does not know is ignored, as an unknown day is. */
export function followFilterOf(query: URLSearchParams): FollowFilter {
  const subtitles = query.get(FOLLOW_QUERY.subtitles) ?? '';
  const age = Number(query.get(FOLLOW_QUERY.age) ?? '');
  const access = query.get(FOLLOW_QUERY.access) ?? '';
  return {
    ...(isLanguageCode(subtitles) ? { subtitles } : {}),
    ...(query.has(FOLLOW_QUERY.age) && FILTER_AGES.includes(age) ? { age } : {}),
    ...(isAccessFeature(access) ? { access } : {}),
  };
}

/** The line's parts, each a code: languages, "legendas" and the subtitles', the rating, the features. */
export interface FollowLineParts {
  languages: string;
  subtitles: string;
  age: string;
  access: string[];
}

export function followLineParts(follow: SessionFollow): FollowLineParts {
  return {
    languages: follow.languages.map((c) => c.toUpperCase()).join(' '),
    subtitles: follow.subtitles.map((c) => c.toUpperCase()).join(' '),
    age: follow.age_rating,
    access: follow.access.map((f) => ACCESS_MARKS[f]),
  };
}

/** Whether there is anything to say of a session (a parallel event may have nothing). */
export const saysAnything = (follow: SessionFollow) =>
  follow.languages.length + follow.subtitles.length + follow.access.length > 0 || follow.age_rating !== '';

/** A session that says nothing and whose film says nothing either (a parallel event). */
export const FOLLOWS_NOTHING: SessionFollow = { languages: [], subtitles: [], age_rating: '', access: [] };

/**
 * A film's sessions taken together, for the films list's filters: every language and feature one
 * of them offers, and the youngest rating one of them has (a film some session of which suits).
 */
export function anySessionOf(follows: readonly SessionFollow[], film: SessionFollow): SessionFollow {
  if (follows.length === 0) return film;
  const union = <T extends string>(pick: (f: SessionFollow) => T[], list: readonly T[]) =>
    list.filter((code) => follows.some((f) => pick(f).includes(code)));
  const rated = follows.map((f) => f.age_rating).filter((r): r is AgeRating => r !== '');
  const youngest = rated.length ? rated.reduce((a, b) => (minimumAge(b) < minimumAge(a) ? b : a)) : '';
  return {
    languages: union((f) => f.languages, LANGUAGE_CODES),
    subtitles: union((f) => f.subtitles, LANGUAGE_CODES),
    age_rating: youngest,
    access: union((f) => f.access, ACCESS_FEATURES),
  };
}
