/**
 * The one route table (spec section 2), read by the browser (react-router) and by the server
 * (which gathers each route's data, answers 404 and writes the page's metadata). Each screen's
 * route is declared in its own module next to its page; this file only puts them in order.
 */
import { accreditationRoute } from './pages/accreditation-route';
import { activitiesRoute } from './pages/activities-route';
import { agendaRoute } from './pages/agenda-route';
import { activityRoute } from './pages/activity-route';
import { customPageRoutes } from './pages/custom-page-routes';
import { filmRoute } from './pages/film-route';
import { filmsRoute } from './pages/films-route';
import { historyRoute } from './pages/history-route';
import { distributionHomeRoute, festivalHomeRoute, homeRoute } from './pages/home-routes';
import { newsListRoute } from './pages/news-list-route';
import { newsRoute } from './pages/news-route';
import { newsletterRoute } from './pages/newsletter-route';
import { catchAllRoute, notFoundRoute } from './pages/not-found-routes';
import { pressRoutes } from './pages/press-routes';
import { programmeRoute } from './pages/programme-route';
import { programmeTextRoute } from './pages/programme-text-route';
import { searchRoute } from './pages/search-route';
import { sponsorsRoute } from './pages/sponsors-route';
import { presentationRoute, teamRoute } from './pages/static-routes';
import type { RouteEntry } from './route-kit';

export const routes: RouteEntry[] = [
  homeRoute,
  festivalHomeRoute,
  distributionHomeRoute,
  filmsRoute,
  filmRoute,
  activityRoute,
  activitiesRoute,
  programmeRoute,
  programmeTextRoute,
  agendaRoute,
  newsletterRoute,
  teamRoute,
  ...pressRoutes,
  presentationRoute,
  newsRoute,
  newsListRoute,
  historyRoute,
  searchRoute,
  notFoundRoute,
  ...customPageRoutes,
  accreditationRoute,
  sponsorsRoute,
  // Last: every address no route above matches.
  catchAllRoute,
];
