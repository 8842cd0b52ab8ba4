// Written by `npm run api:refs` from endpoints.ts, the API contract: do not edit by hand.
import type * as contract from './endpoints';
import { endpointRef } from './api-path';

export { API_BASE, apiPath, apiRequest, apiUrl, type ApiRequest, type EndpointRef, type ParamsOf, type ResponseOf } from './api-path';

export const endpoints = {
  homeprefs: endpointRef<typeof contract.endpoints.homeprefs>('/homeprefs'),
  festivalTexts: endpointRef<typeof contract.endpoints.festivalTexts>('/api/festival_texts', ['lang']),
  filmsByCategory: endpointRef<typeof contract.endpoints.filmsByCategory>('/api/movies_from_categ/:category/:scope', ['lang']),
  newsList: endpointRef<typeof contract.endpoints.newsList>('/api/news/:scope', ['lang']),
  news: endpointRef<typeof contract.endpoints.news>('/api/news/:news_id', ['lang']),
  cityProgramme: endpointRef<typeof contract.endpoints.cityProgramme>('/api/movies_from_festival/:city', ['lang']),
  cities: endpointRef<typeof contract.endpoints.cities>('/api/cities'),
  menus: endpointRef<typeof contract.endpoints.menus>('/api/menus/:scope', ['lang']),
  movie: endpointRef<typeof contract.endpoints.movie>('/api/movie/:id', ['lang']),
  activity: endpointRef<typeof contract.endpoints.activity>('/api/activity/:id', ['lang']),
  search: endpointRef<typeof contract.endpoints.search>('/api/search', ['q', 'lang']),
  customPage: endpointRef<typeof contract.endpoints.customPage>('/api/custompage/*', ['lang']),
  history: endpointRef<typeof contract.endpoints.history>('/api/festival_history/:edition'),
  venue: endpointRef<typeof contract.endpoints.venue>('/api/venue/:venue_id', ['lang']),
  sections: endpointRef<typeof contract.endpoints.sections>('/api/sections/:assetType/:scope', ['lang']),
  filmFilter: endpointRef<typeof contract.endpoints.filmFilter>('/api/movies2filter', ['lang']),
  activities: endpointRef<typeof contract.endpoints.activities>('/api/activities', ['lang']),
  press: endpointRef<typeof contract.endpoints.press>('/api/press/:press_type', ['lang']),
  sponsorsFromMenu: endpointRef<typeof contract.endpoints.sponsorsFromMenu>('/api/sponsors_from_menu/:sponsor_id/:scope', ['lang']),
  sponsorsFromHome: endpointRef<typeof contract.endpoints.sponsorsFromHome>('/api/sponsors_from_home', ['lang']),
  posters: endpointRef<typeof contract.endpoints.posters>('/api/posters/:scope', ['lang']),
  festivalProgramme: endpointRef<typeof contract.endpoints.festivalProgramme>('/api/festival_program', ['lang']),
  sessionIndex: endpointRef<typeof contract.endpoints.sessionIndex>('/api/sessions', ['lang']),
  programmeAlterations: endpointRef<typeof contract.endpoints.programmeAlterations>('/api/programme_changes', ['lang']),
  travelTimes: endpointRef<typeof contract.endpoints.travelTimes>('/api/travel_times'),
  searchIndex: endpointRef<typeof contract.endpoints.searchIndex>('/api/search_index', ['lang']),
  programmeSync: endpointRef<typeof contract.endpoints.programmeSync>('/sync/programme', ['lang']),
  programmeChanges: endpointRef<typeof contract.endpoints.programmeChanges>('/sync/changes/:since', ['lang']),
  pushKey: endpointRef<typeof contract.endpoints.pushKey>('/push/key'),
  programmeVersion: endpointRef<typeof contract.endpoints.programmeVersion>('/sync/version'),
} as const;

export const fileEndpoints = {
  downloadPress: endpointRef<typeof contract.fileEndpoints.downloadPress>('/api/download_press/:id'),
  downloadAttachment: endpointRef<typeof contract.fileEndpoints.downloadAttachment>('/api/download_attach/:id'),
  agendaFeed: endpointRef<typeof contract.fileEndpoints.agendaFeed>('/agenda/:sessoes/calendario.ics', ['lang']),
  changesFeed: endpointRef<typeof contract.fileEndpoints.changesFeed>('/alteracoes.atom', ['lang']),
} as const;

export const formEndpoints = {
  newsletter: endpointRef<typeof contract.formEndpoints.newsletter>('/api/newsletter', ['lang']),
  accreditation: endpointRef<typeof contract.formEndpoints.accreditation>('/api/accreditation', ['lang']),
  ticket: endpointRef<typeof contract.formEndpoints.ticket>('/api/ticket', ['lang']),
} as const;

export const pushEndpoints = {
  pushSubscribe: endpointRef<typeof contract.pushEndpoints.pushSubscribe>('/push/subscription'),
  pushUnsubscribe: endpointRef<typeof contract.pushEndpoints.pushUnsubscribe>('/push/subscription'),
} as const;

export type EndpointName = keyof typeof endpoints;
