/**
 * The one route table (spec section 2), read by the browser (react-router) and by the server
 * (which preloads each route's data, answers 404 and writes the page's metadata).
 */
import type { Activity, City, CustomPage, HomePrefs, Movie, NewsItem } from './common/api-types';
import { DEFAULT_PRESS_TYPE, type PressType, type Scope } from './common/constants';
import { htmlToText } from './common/text';
import { apiPaths, filmsPath } from './common/api-paths';
import { lazyPage, type LazyPage } from './lazy-page';

export interface RouteContext {
  params: Record<string, string | undefined>;
  scope: Scope;
  query: URLSearchParams;
}

export interface PageMeta {
  title?: string;
  description?: string;
  image?: string;
  type?: 'website' | 'article' | 'video.movie';
}

export interface PageRoute {
  id: string;
  path: string;
  page: LazyPage;
  /** The API paths the page reads: the server embeds their answers in the HTML. */
  data?: (ctx: RouteContext) => string[];
  /** Paths that depend on the first answers (the programme of the first city). */
  moreData?: (ctx: RouteContext, read: <T>(path: string) => T | undefined) => string[];
  /** The path whose 404 makes the whole page a 404 (a detail page's subject). */
  subject?: (ctx: RouteContext) => string;
  meta?: (ctx: RouteContext, read: <T>(path: string) => T | undefined) => PageMeta;
  /** Answers 404 whatever the data (the not-found page). */
  notFound?: boolean;
  /** Visiting the route selects this scope (the two home pages). */
  scope?: Scope;
}

const pages = {
  home: lazyPage(() => import('./pages/home-page')),
  festivalHome: lazyPage(() => import('./pages/festival-home-page')),
  distributionHome: lazyPage(() => import('./pages/distribution-home-page')),
  films: lazyPage(() => import('./pages/films-page')),
  film: lazyPage(() => import('./pages/film-page')),
  activity: lazyPage(() => import('./pages/activity-page')),
  activities: lazyPage(() => import('./pages/activities-page')),
  programme: lazyPage(() => import('./pages/programme-page')),
  programmeText: lazyPage(() => import('./pages/programme-text-page')),
  newsletter: lazyPage(() => import('./pages/newsletter-page')),
  team: lazyPage(() => import('./pages/team-page')),
  press: lazyPage(() => import('./pages/press-page')),
  presentation: lazyPage(() => import('./pages/presentation-page')),
  news: lazyPage(() => import('./pages/news-page')),
  newsList: lazyPage(() => import('./pages/news-list-page')),
  history: lazyPage(() => import('./pages/history-page')),
  search: lazyPage(() => import('./pages/search-page')),
  notFound: lazyPage(() => import('./pages/not-found-page')),
  customPage: lazyPage(() => import('./pages/custom-page')),
  accreditation: lazyPage(() => import('./pages/accreditation-page')),
  sponsors: lazyPage(() => import('./pages/sponsors-page')),
};

/** Data of the festival home, also the distribution home's when the scope is 'distrib'. */
export const homeData = (scope: Scope) => [
  apiPaths.posters(scope),
  filmsPath(undefined, scope),
  apiPaths.newsList(scope),
  ...(scope === 'festa' ? [apiPaths.sections('movies', scope), apiPaths.sponsorsFromHome(), apiPaths.cities()] : [apiPaths.filmFilter()]),
];

/** The city a programme shows: ?cidade={id}, or the first city. */
export function selectedCity(query: URLSearchParams, cities: City[] | undefined): string | null {
  const wanted = query.get('cidade');
  if (wanted && cities?.some((c) => c.id === wanted)) return wanted;
  return cities?.[0]?.id ?? null;
}

const programmeData = (query: URLSearchParams, read: <T>(path: string) => T | undefined) => {
  const city = selectedCity(query, read<City[]>(apiPaths.cities()));
  return city ? [apiPaths.cityProgramme(city)] : [];
};

export const PRESS_ROUTES: Record<string, { type: PressType; title: string }> = {
  comunicados: { type: DEFAULT_PRESS_TYPE, title: 'Comunicados de Imprensa' },
  presskit: { type: 'presskit', title: 'Presskit' },
  materiais_apoio: { type: 'support', title: 'Materiais de Apoio' },
};

const describe = (html: string | undefined, max = 200) => {
  const text = htmlToText(html ?? '');
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
};

const customPageRoute = (template: 1 | 2 | 3 | 4): PageRoute => ({
  id: `t${template}`,
  path: `/t${template}/*`,
  page: pages.customPage,
  data: ({ params }) => [apiPaths.customPage(params['*'] ?? '')],
  subject: ({ params }) => apiPaths.customPage(params['*'] ?? ''),
  meta: ({ params }, read) => {
    const page = read<CustomPage>(apiPaths.customPage(params['*'] ?? ''));
    return { title: page?.title, description: describe(page?.mainhtml), image: page?.poster };
  },
});

export const routes: PageRoute[] = [
  {
    id: 'home',
    path: '/',
    page: pages.home,
    data: ({ scope }) => homeData(scope),
    moreData: ({ query, scope }, read) => (scope === 'festa' ? programmeData(query, read) : []),
  },
  {
    id: 'festa',
    path: '/festa',
    page: pages.festivalHome,
    scope: 'festa',
    data: () => homeData('festa'),
    moreData: ({ query }, read) => programmeData(query, read),
  },
  {
    id: 'distribuicao',
    path: '/distribuicao',
    page: pages.distributionHome,
    scope: 'distrib',
    data: () => homeData('distrib'),
    meta: () => ({ title: 'Distribuição' }),
  },
  {
    id: 'filmes',
    path: '/filmes/:tagid?',
    page: pages.films,
    data: ({ params, scope }) => [
      filmsPath(params.tagid, scope),
      ...(scope === 'festa' ? [apiPaths.sections('movies', scope)] : [apiPaths.filmFilter()]),
    ],
    subject: ({ params, scope }) => filmsPath(params.tagid, scope),
    meta: ({ params }) => ({ title: params.tagid ? `Filmes: ${params.tagid}` : 'Filmes' }),
  },
  {
    id: 'filme',
    path: '/filme/:id',
    page: pages.film,
    data: ({ params }) => [apiPaths.movie(params.id ?? '')],
    subject: ({ params }) => apiPaths.movie(params.id ?? ''),
    meta: ({ params }, read) => {
      const movie = read<Movie>(apiPaths.movie(params.id ?? ''));
      return {
        title: movie?.title,
        description: movie?.logline || describe(movie?.description),
        image: movie?.poster,
        type: 'video.movie',
      };
    },
  },
  {
    id: 'actividade',
    path: '/actividade/:id',
    page: pages.activity,
    data: ({ params }) => [apiPaths.activity(params.id ?? '')],
    subject: ({ params }) => apiPaths.activity(params.id ?? ''),
    meta: ({ params }, read) => {
      const activity = read<Activity>(apiPaths.activity(params.id ?? ''));
      return {
        title: activity?.title,
        description: activity?.logline || describe(activity?.description),
        image: activity?.poster,
        type: 'article',
      };
    },
  },
  {
    id: 'atividades',
    path: '/atividades',
    page: pages.activities,
    data: () => [apiPaths.activities(), apiPaths.sections('activities', 'festa')],
    meta: () => ({ title: 'Eventos Paralelos' }),
  },
  {
    id: 'programacao',
    path: '/programacao',
    page: pages.programme,
    data: () => [apiPaths.cities()],
    moreData: ({ query }, read) => programmeData(query, read),
    meta: () => ({ title: 'Programação' }),
  },
  {
    id: 'programa',
    path: '/programa',
    page: pages.programmeText,
    data: () => [apiPaths.festivalProgramme()],
    meta: () => ({ title: 'Programa' }),
  },
  { id: 'newsletter', path: '/newsletter', page: pages.newsletter, data: () => [apiPaths.cities()], meta: () => ({ title: 'Newsletter' }) },
  {
    id: 'equipa',
    path: '/equipa',
    page: pages.team,
    meta: (_, read) => ({ title: 'Equipa', description: describe(read<HomePrefs>(apiPaths.homeprefs())?.teamHtml) }),
  },
  ...Object.entries(PRESS_ROUTES).map(([segment, { type, title }]): PageRoute => ({
    id: segment,
    path: `/${segment}`,
    page: pages.press,
    data: () => [apiPaths.press(type)],
    meta: () => ({ title }),
  })),
  {
    id: 'apresentacao',
    path: '/apresentacao',
    page: pages.presentation,
    meta: (_, read) => ({ title: 'Apresentação', description: describe(read<HomePrefs>(apiPaths.homeprefs())?.presentationHtml) }),
  },
  {
    id: 'noticia',
    path: '/noticia/:id',
    page: pages.news,
    data: ({ params }) => [apiPaths.news(params.id ?? '')],
    subject: ({ params }) => apiPaths.news(params.id ?? ''),
    meta: ({ params }, read) => {
      const news = read<NewsItem>(apiPaths.news(params.id ?? ''));
      return { title: news?.title, description: news?.summary || describe(news?.description), image: news?.poster, type: 'article' };
    },
  },
  {
    id: 'noticias',
    path: '/noticias',
    page: pages.newsList,
    data: ({ scope }) => [apiPaths.newsList(scope)],
    meta: () => ({ title: 'Notícias' }),
  },
  {
    id: 'historico',
    path: '/historico/:page/:id?',
    page: pages.history,
    data: ({ params }) => [apiPaths.history(params.page ?? '')],
    subject: ({ params }) => apiPaths.history(params.page ?? ''),
    meta: ({ params }, read) => {
      const edition = read<{ title: string; poster: string; venues: string }>(apiPaths.history(params.page ?? ''));
      return {
        title: edition ? `Histórico: ${edition.title}` : 'Histórico',
        description: describe(edition?.venues),
        image: edition?.poster,
      };
    },
  },
  {
    id: 'pesquisa',
    path: '/pesquisa',
    page: pages.search,
    data: ({ query }) => (query.get('q') ? [apiPaths.search(query.get('q') ?? '')] : []),
    meta: () => ({ title: 'Pesquisa' }),
  },
  { id: '404', path: '/404', page: pages.notFound, notFound: true, meta: () => ({ title: 'Página não encontrada' }) },
  customPageRoute(1),
  customPageRoute(2),
  customPageRoute(3),
  customPageRoute(4),
  { id: 'acreditacoes', path: '/acreditacoes', page: pages.accreditation, meta: () => ({ title: 'Acreditações' }) },
  {
    id: 'patrocinadores',
    path: '/patrocinadores/*',
    page: pages.sponsors,
    data: ({ params, scope }) => [apiPaths.sponsorsFromMenu(sponsorGroupOf(params['*']), scope)],
    subject: ({ params, scope }) => apiPaths.sponsorsFromMenu(sponsorGroupOf(params['*']), scope),
    meta: () => ({ title: 'Patrocinadores' }),
  },
  { id: 'not-found', path: '*', page: pages.notFound, notFound: true, meta: () => ({ title: 'Página não encontrada' }) },
];

/** /patrocinadores shows every group; /patrocinadores/{id} one group. */
export function sponsorGroupOf(rest: string | undefined): string {
  const first = (rest ?? '').split('/')[0] ?? '';
  return /^[0-9]+$/.test(first) ? first : '0';
}

/** The layout's data, on every page. */
export const layoutData = (scope: Scope) => [apiPaths.homeprefs(), apiPaths.menus(scope)];

export type { HomePrefs };
