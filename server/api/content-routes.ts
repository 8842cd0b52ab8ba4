/** The GET endpoints of spec section 7: the festival's content, read through the repositories. */
import type { HomePrefs } from '../../src/common/api-types';
import type { AssetType, PressType, Scope } from '../../src/common/constants';
import { DEFAULT_SCOPE } from '../../src/common/constants';
import { lisbonDateTime, addDays } from '../clock';
import type { AppDeps } from '../deps';
import { menusForScope } from '../db/repositories/menus-repository';
import { activityById, activityCards, filmFilterList, filmsByCategory, movieById } from '../db/repositories/movies-repository';
import { cityExists, cityProgramme, listCities } from '../db/repositories/programme-repository';
import { listSections } from '../db/repositories/sections-repository';
import { listNews, newsById } from '../db/repositories/news-repository';
import { listSponsors, sponsorGroupExists } from '../db/repositories/sponsors-repository';
import { postersForScope } from '../db/repositories/posters-repository';
import { listPress } from '../db/repositories/press-repository';
import { festivalProgramme } from '../db/repositories/festival-programme-repository';
import { customPageBySlug } from '../db/repositories/pages-repository';
import { editionByName } from '../db/repositories/history-repository';
import { searchSite } from '../db/repositories/search-repository';
import { readSettings } from '../db/repositories/settings-repository';
import { notFound } from './errors';
import {
  categoryParams,
  cityParams,
  customPageParams,
  editionParams,
  idParams,
  newsParams,
  pressParams,
  scopeParams,
  searchQuery,
  sectionParams,
  sponsorMenuParams,
} from './params';
import { defineRoute, type RouteDef } from './route-kit';

export async function homePrefs({ db, config }: AppDeps): Promise<HomePrefs> {
  const { settings, contentVersion, festivalStart, festivalDays } = await readSettings(db);
  return {
    festivalName: settings.festivalName,
    editionNumber: settings.editionNumber,
    year: settings.year,
    festivalStart,
    festivalEnd: addDays(festivalStart, festivalDays - 1),
    defaultScope: DEFAULT_SCOPE,
    agendaColor: settings.agendaColor,
    visibility: settings.visibility,
    social: settings.social,
    contactEmail: settings.contactEmail,
    description: settings.description,
    teamHtml: settings.teamHtml,
    presentationHtml: settings.presentationHtml,
    imageBase: '/media/',
    publicUrl: config.publicUrl,
    videoBase: config.videoBase,
    contentVersion,
  };
}

export function contentRoutes(deps: AppDeps): RouteDef<any, any, any>[] {
  const { db, config, clock } = deps;
  return [
    defineRoute({
      method: 'GET',
      url: '/homeprefs',
      tag: 'arranque',
      summary: 'Preferências iniciais do site: edição, visibilidade dos blocos da página inicial, cor da agenda, redes sociais.',
      cache: 'content',
      response: { kind: 'json', description: 'HomePrefs' },
      handler: () => homePrefs(deps),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/movies_from_categ/:category/:scope',
      tag: 'filmes',
      summary: 'Filmes de uma categoria (secção) e âmbito.',
      params: categoryParams,
      cache: 'content',
      response: { kind: 'json', description: 'MovieListItem[]' },
      handler: async ({ params }) => {
        const films = await filmsByCategory(db, params.category, params.scope as Scope);
        if (!films) throw notFound(`A categoria "${params.category}" não existe.`);
        return films;
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/api/news/:scopeOrId',
      tag: 'notícias',
      summary: 'Lista de notícias de um âmbito (festa, distrib) ou detalhe de uma notícia (id).',
      params: newsParams,
      cache: 'content',
      response: { kind: 'json', description: 'NewsItem[] (âmbito) ou NewsItem (id)' },
      handler: async ({ params }) => {
        if (params.scopeOrId === 'festa' || params.scopeOrId === 'distrib') return listNews(db, params.scopeOrId, config.videoBase);
        const item = await newsById(db, Number(params.scopeOrId), config.videoBase);
        if (!item) throw notFound('Notícia não encontrada.');
        return item;
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/api/movies_from_festival/:city',
      tag: 'programação',
      summary: 'Programação de uma cidade, por dia (chaves "d" + dia), e o número de eventos já passados.',
      params: cityParams,
      cache: 'live',
      response: { kind: 'json', description: 'CityProgramme' },
      handler: async ({ params }) => {
        const cityId = Number(params.city);
        if (!(await cityExists(db, cityId))) throw notFound('Cidade não encontrada.');
        const { festivalStart, festivalDays } = await readSettings(db);
        return cityProgramme(db, cityId, { start: festivalStart, days: festivalDays }, lisbonDateTime(clock()));
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/api/cities',
      tag: 'programação',
      summary: 'Cidades do festival (Lisboa primeiro).',
      cache: 'content',
      response: { kind: 'json', description: 'City[]' },
      handler: () => listCities(db),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/menus/:scope',
      tag: 'navegação',
      summary: 'Menus de topo e de rodapé de um âmbito.',
      params: scopeParams,
      cache: 'content',
      response: { kind: 'json', description: 'Menus' },
      handler: ({ params }) => menusForScope(db, params.scope as Scope),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/movie/:id',
      tag: 'filmes',
      summary: 'Detalhe de um filme, com sessões.',
      params: idParams('filme'),
      cache: 'content',
      response: { kind: 'json', description: 'Movie' },
      handler: async ({ params }) => {
        const movie = await movieById(db, Number(params.id), config.videoBase);
        if (!movie) throw notFound('Filme não encontrado.');
        return movie;
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/api/activity/:id',
      tag: 'eventos paralelos',
      summary: 'Detalhe de um evento paralelo.',
      params: idParams('evento'),
      cache: 'content',
      response: { kind: 'json', description: 'Activity' },
      handler: async ({ params }) => {
        const activity = await activityById(db, Number(params.id));
        if (!activity) throw notFound('Evento não encontrado.');
        return activity;
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/api/search',
      tag: 'pesquisa',
      summary: 'Pesquisa em filmes, notícias e eventos paralelos, sem distinção de maiúsculas nem acentos.',
      query: searchQuery,
      cache: 'content',
      response: { kind: 'json', description: 'SearchResults (found: [filmes, eventos paralelos, notícias])' },
      handler: ({ query }) => searchSite(db, query.q),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/custompage/*',
      tag: 'páginas',
      summary: 'Página de conteúdo (modelos t1 a t4) pelo seu endereço.',
      params: customPageParams,
      cache: 'content',
      response: { kind: 'json', description: 'CustomPage' },
      handler: async ({ params }) => {
        const slug = params['*'].replace(/\/$/, '');
        const page = await customPageBySlug(db, slug);
        if (!page) throw notFound('Página não encontrada.');
        return page;
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/api/festival_history/:edition',
      tag: 'histórico',
      summary: 'Uma edição passada do festival.',
      params: editionParams,
      cache: 'content',
      response: { kind: 'json', description: 'FestivalEdition' },
      handler: async ({ params }) => {
        const edition = await editionByName(db, params.edition);
        if (!edition) throw notFound('Edição não encontrada.');
        return edition;
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/api/sections/:assetType/:scope',
      tag: 'filmes',
      summary: 'Secções de filmes ou de eventos paralelos de um âmbito.',
      params: sectionParams,
      cache: 'content',
      response: { kind: 'json', description: 'Section[]' },
      handler: ({ params }) => listSections(db, params.assetType as AssetType, params.scope as Scope),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/movies2filter',
      tag: 'filmes',
      summary: 'Filmes da distribuidora, para o filtro de filmes.',
      cache: 'content',
      response: { kind: 'json', description: 'FilmFilterItem[]' },
      handler: () => filmFilterList(db),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/activities',
      tag: 'eventos paralelos',
      summary: 'Todos os eventos paralelos.',
      cache: 'content',
      response: { kind: 'json', description: 'Card[]' },
      handler: () => activityCards(db),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/press/:press_type',
      tag: 'imprensa',
      summary: 'Materiais de imprensa de um tipo.',
      params: pressParams,
      cache: 'content',
      response: { kind: 'json', description: 'PressItem[]' },
      handler: ({ params }) => listPress(db, params.press_type as PressType),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/sponsors_from_menu/:sponsor_id/:scope',
      tag: 'patrocinadores',
      summary: 'Patrocinadores de um grupo (0: todos os grupos do âmbito), para a página de patrocinadores.',
      params: sponsorMenuParams,
      cache: 'content',
      response: { kind: 'json', description: 'SponsorList' },
      handler: async ({ params }) => {
        const groupId = Number(params.sponsor_id);
        const scope = params.scope as Scope;
        if (groupId !== 0 && !(await sponsorGroupExists(db, groupId, scope))) throw notFound('Grupo de patrocinadores não encontrado.');
        return listSponsors(db, scope, groupId);
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/api/sponsors_from_home',
      tag: 'patrocinadores',
      summary: 'Patrocinadores da página inicial do festival.',
      cache: 'content',
      response: { kind: 'json', description: 'SponsorList' },
      handler: () => listSponsors(db, 'festa'),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/posters/:scope',
      tag: 'página inicial',
      summary: 'Cartazes (carrossel principal) e banners de um âmbito.',
      params: scopeParams,
      cache: 'content',
      response: { kind: 'json', description: 'Posters' },
      handler: ({ params }) => postersForScope(db, params.scope as Scope),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/festival_program',
      tag: 'programação',
      summary: 'Texto do programa do festival e os seus anexos.',
      cache: 'content',
      response: { kind: 'json', description: 'FestivalProgrammeEntry[]' },
      handler: () => festivalProgramme(db),
    }),
  ];
}
