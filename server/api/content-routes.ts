/** The GET endpoints of spec section 7: the festival's content, read through the repositories. */
import type { HomePrefs, Visibility } from '../../src/common/api/api-types';
import type { AssetType, Scope, SectionAssetType } from '../../src/common/constants';
import { DEFAULT_SCOPE } from '../../src/common/constants';
import { programmeFromToday } from '../../src/common/programme/programme-days';
import { lisbonDateTime, addDays } from '../clock';
import { collectionsOf, type AppDeps } from '../deps';
import { menusForScope } from '../db/repositories/content/menus-repository';
import { activityById, activityCards, filmFilterList, filmsByCategory, movieById } from '../db/repositories/content/movies-repository';
import { cityExists, cityProgramme, listCities } from '../db/repositories/programme/programme-repository';
import { listSections } from '../db/repositories/content/sections-repository';
import { listNews, newsById } from '../db/repositories/content/news-repository';
import { listSponsors, sponsorGroupExists } from '../db/repositories/content/sponsors-repository';
import { postersForScope } from '../db/repositories/content/posters-repository';
import { listPress } from '../db/repositories/content/press-repository';
import { festivalProgramme } from '../db/repositories/programme/festival-programme-repository';
import { customPageBySlug } from '../db/repositories/content/pages-repository';
import { localeOfQuery } from '../../src/common/i18n/locales';
import { editionByName, listEditions } from '../db/repositories/content/history-repository';
import { searchIndex, searchSite } from '../db/repositories/content/search-repository';
import { sessionIndex } from '../db/repositories/programme/session-index-repository';
import { programmeChanges } from '../db/repositories/programme/programme-changes-repository';
import { listTravelTimes } from '../db/repositories/programme/travel-times-repository';
import { festivalTexts, readSettings } from '../db/repositories/content/settings-repository';
import { venueCard } from '../db/repositories/programme/venues-repository';
import { notFound } from './http-errors';
import type { JsonHandlers } from './endpoint-registration';

async function homePrefs({ db, config }: AppDeps): Promise<HomePrefs> {
  const { settings, contentVersion, festivalStart, festivalDays } = await readSettings(db);
  return {
    festivalName: settings.festivalName,
    editionNumber: settings.editionNumber,
    year: settings.year,
    festivalStart,
    festivalEnd: addDays(festivalStart, festivalDays - 1),
    defaultScope: DEFAULT_SCOPE,
    agendaColor: settings.agendaColor,
    visibility: fullVisibility(settings.visibility),
    social: settings.social,
    contactEmail: settings.contactEmail,
    press: {
      contactName: settings.press?.contactName ?? '',
      contactEmail: settings.press?.contactEmail ?? '',
      accreditationRulesId: settings.press ? String(settings.press.accreditationRulesId) : '',
    },
    description: settings.description,
    teamHtml: settings.teamHtml,
    presentationHtml: settings.presentationHtml,
    imageBase: '/media/',
    publicUrl: config.publicUrl,
    videoBase: config.videoBase,
    contentVersion,
    historyEditions: await listEditions(db),
  };
}

/** How a missing or partial visibility setting reads: a block nobody hid is shown. */
function fullVisibility(value: Partial<Record<Scope, Partial<Visibility>>> | undefined): HomePrefs['visibility'] {
  const one = (scope: Scope): Visibility => ({
    festprog: value?.[scope]?.festprog === '0' ? '0' : '1',
    movies: value?.[scope]?.movies === '0' ? '0' : '1',
    news: value?.[scope]?.news === '0' ? '0' : '1',
  });
  return { festa: one('festa'), distrib: one('distrib') };
}

/** movies_{scope} lists the sections of that scope's films; activities those of the parallel events. */
function sectionsQuery(assetType: SectionAssetType, scope: Scope): [AssetType, Scope] {
  if (assetType === 'activities') return ['activities', scope];
  return ['movies', assetType === 'movies_distrib' ? 'distrib' : 'festa'];
}

export function contentHandlers(deps: AppDeps): Omit<JsonHandlers, 'programmeSync' | 'programmeChanges' | 'programmeVersion' | 'pushKey'> {
  const { db, config, clock } = deps;
  return {
    homeprefs: () => homePrefs(deps),
    festivalTexts: ({ query }) => festivalTexts(db, localeOfQuery(query.lang)),
    filmsByCategory: async ({ params, query }) => {
      const films = await filmsByCategory(db, params.category, params.scope, localeOfQuery(query.lang));
      if (!films) throw notFound(`A categoria "${params.category}" não existe.`);
      return films;
    },
    newsList: ({ params, query }) => listNews(db, params.scope, config.videoBase, localeOfQuery(query.lang)),
    news: async ({ params, query }) => {
      const item = await newsById(db, Number(params.news_id), config.videoBase, localeOfQuery(query.lang));
      if (!item) throw notFound('Notícia não encontrada.');
      return item;
    },
    cityProgramme: async ({ params, query }) => {
      const cityId = Number(params.city);
      if (!(await cityExists(db, cityId))) throw notFound('Cidade não encontrada.');
      const { festivalStart, festivalDays } = await readSettings(db);
      const whole = await cityProgramme(db, cityId, { start: festivalStart, days: festivalDays }, localeOfQuery(query.lang));
      return programmeFromToday(whole, lisbonDateTime(clock()), festivalStart);
    },
    cities: () => listCities(db),
    menus: ({ params, query }) => menusForScope(db, params.scope, localeOfQuery(query.lang)),
    movie: async ({ params, query }) => {
      const movie = await movieById(db, collectionsOf(deps).sessions, Number(params.id), config.videoBase, localeOfQuery(query.lang));
      if (!movie) throw notFound('Filme não encontrado.');
      return movie;
    },
    activity: async ({ params, query }) => {
      const activity = await activityById(db, collectionsOf(deps).sessions, Number(params.id), localeOfQuery(query.lang));
      if (!activity) throw notFound('Evento não encontrado.');
      return activity;
    },
    search: ({ query }) => searchSite(db, query.q, localeOfQuery(query.lang)),
    customPage: async ({ params, query }) => {
      const page = await customPageBySlug(db, params['*'].replace(/\/$/, ''), localeOfQuery(query.lang));
      if (!page) throw notFound('Página não encontrada.');
      return page;
    },
    history: async ({ params }) => {
      const edition = await editionByName(db, params.edition);
      if (!edition) throw notFound('Edição não encontrada.');
      return edition;
    },
    venue: async ({ params, query }) => {
      const venue = await venueCard(db, Number(params.venue_id), localeOfQuery(query.lang));
      if (!venue) throw notFound('Sala não encontrada.');
      return venue;
    },
    sections: ({ params, query }) => listSections(db, ...sectionsQuery(params.assetType, params.scope), localeOfQuery(query.lang)),
    filmFilter: ({ query }) => filmFilterList(db, localeOfQuery(query.lang)),
    activities: ({ query }) => activityCards(db, localeOfQuery(query.lang)),
    press: ({ params, query }) => listPress(db, params.press_type, localeOfQuery(query.lang)),
    sponsorsFromMenu: async ({ params, query }) => {
      const groupId = Number(params.sponsor_id);
      const scope = params.scope;
      if (groupId !== 0 && !(await sponsorGroupExists(db, groupId, scope))) throw notFound('Grupo de patrocinadores não encontrado.');
      return listSponsors(db, scope, groupId, localeOfQuery(query.lang));
    },
    sponsorsFromHome: ({ query }) => listSponsors(db, 'festa', 0, localeOfQuery(query.lang)),
    posters: ({ params, query }) => postersForScope(db, params.scope, localeOfQuery(query.lang)),
    festivalProgramme: ({ query }) => festivalProgramme(db, localeOfQuery(query.lang)),
    sessionIndex: ({ query }) => sessionIndex(db, localeOfQuery(query.lang)),
    travelTimes: () => listTravelTimes(db),
    programmeAlterations: ({ query }) => programmeChanges(db, undefined, localeOfQuery(query.lang)),
    searchIndex: ({ query }) => searchIndex(db, localeOfQuery(query.lang)),
  };
}
