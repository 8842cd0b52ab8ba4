/**
 * The site's page addresses, written once: each page's path pattern (react-router syntax), which
 * its route module declares and the server's form posts can name, and one builder per page that
 * fills the pattern in (path-pattern.ts, as the API's paths are). Components link with these,
 * never with a path of their own. Links that come from the content (menus, posters) are data and
 * are used as they are.
 */
import { DEFAULT_HISTORY_TAB, type HistoryTab } from '../constants';
import { dayKey } from '../time/months';
import { fillPattern } from './path-pattern';

export const PAGE_PATTERNS = {
  home: '/',
  festivalHome: '/festa',
  distributionHome: '/distribuicao',
  films: '/filmes/:tagid?',
  film: '/filme/:id',
  activity: '/actividade/:id',
  activities: '/atividades',
  programme: '/programacao',
  programmeText: '/programa',
  programmeChanges: '/alteracoes',
  agenda: '/agenda',
  newsletter: '/newsletter',
  team: '/equipa',
  presentation: '/apresentacao',
  pressReleases: '/comunicados',
  pressKit: '/presskit',
  pressSupport: '/materiais_apoio',
  newsItem: '/noticia/:id',
  news: '/noticias',
  history: '/historico/:page/:id?',
  search: '/pesquisa',
  accreditation: '/acreditacoes',
  sponsors: '/patrocinadores/*',
  venue: '/sala/:id',
  notFound: '/404',
} as const;

/** The query parameters a page address carries. */
export const PAGE_QUERY = {
  /** /programacao: the city and the day shown. */
  city: 'cidade',
  day: 'dia',
  /** /pesquisa: what is searched. */
  search: 'q',
  /** /agenda: a shared agenda's session ids, dot-separated (dots never need escaping). */
  sharedSessions: 'sessoes',
} as const;

const withQuery = (path: string, query: [string, string][]) =>
  query.length ? `${path}?${query.map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join('&')}` : path;

export const homePath = () => PAGE_PATTERNS.home;

/** Every film, or the films of one section (by its name). */
export const filmsPath = (section?: string) => fillPattern(PAGE_PATTERNS.films, { tagid: section });

export const filmPath = (id: string) => fillPattern(PAGE_PATTERNS.film, { id });

/** A venue's card: how to get there and in, and what is on there today. */
export const venuePath = (id: string) => fillPattern(PAGE_PATTERNS.venue, { id });

export const activityPath = (id: string) => fillPattern(PAGE_PATTERNS.activity, { id });

/** Where a film or parallel event opens: the film's page when ismovie is '1', otherwise the activity's. */
export const workPath = (work: { id: string; ismovie: string }) => (work.ismovie === '1' ? filmPath(work.id) : activityPath(work.id));

export const newsItemPath = (id: string) => fillPattern(PAGE_PATTERNS.newsItem, { id });

/** The programme, or one city's programme on one festival day, by its day of the month (/programacao?cidade=1&dia=d22). */
export const programmePath = (on?: { city: string; day: number }) =>
  withQuery(
    PAGE_PATTERNS.programme,
    on
      ? [
          [PAGE_QUERY.city, on.city],
          [PAGE_QUERY.day, dayKey(on.day)],
        ]
      : [],
  );

/** The visitor's own agenda, or one shared with them: its session ids, in the order given. */
export const agendaPath = (sharedSessions?: string[]) =>
  sharedSessions ? `${PAGE_PATTERNS.agenda}?${PAGE_QUERY.sharedSessions}=${sharedSessions.join('.')}` : PAGE_PATTERNS.agenda;

export const searchPath = (query?: string) => withQuery(PAGE_PATTERNS.search, query === undefined ? [] : [[PAGE_QUERY.search, query]]);

export const newsletterPath = () => PAGE_PATTERNS.newsletter;

export const accreditationPath = () => PAGE_PATTERNS.accreditation;

export const pressSupportPath = () => PAGE_PATTERNS.pressSupport;

/** An edition's tab; without an edition, the default edition's (/historico/{tab}). */
export const historyPath = (edition: string | undefined, tab?: HistoryTab) =>
  edition
    ? fillPattern(PAGE_PATTERNS.history, { page: edition, id: tab })
    : fillPattern(PAGE_PATTERNS.history, { page: tab ?? DEFAULT_HISTORY_TAB });
