/**
 * The one route table (spec section 2), read by the browser (react-router) and by the server
 * (which gathers each route's data, answers 404 and writes the page's metadata). Each screen's
 * route is declared in its own module next to its page; this file only puts them in order.
 */
import { accreditationRoute } from '../screens/accreditation/accreditation-route';
import { activitiesRoute } from '../screens/activities/activities-route';
import { agendaRoute } from '../screens/agenda/agenda-route';
import { activityRoute } from '../screens/activity/activity-route';
import { customPageRoutes } from '../screens/custom-page/custom-page-routes';
import { filmRoute } from '../screens/film/film-route';
import { filmsRoute } from '../screens/films/films-route';
import { historyRoute } from '../screens/history/history-route';
import { distributionHomeRoute, festivalHomeRoute, homeRoute } from '../screens/home/home-routes';
import { newsListRoute } from '../screens/news/news-list-route';
import { newsRoute } from '../screens/news/news-route';
import { newsletterRoute } from '../screens/newsletter/newsletter-route';
import { catchAllRoute, notFoundRoute } from '../screens/not-found/not-found-routes';
import { pressRoutes } from '../screens/press/press-routes';
import { programmeRoute } from '../screens/programme/programme-route';
import { programmeTextRoute } from '../screens/programme-text/programme-text-route';
import { programmeChangesRoute } from '../screens/programme-changes/programme-changes-route';
import { searchRoute } from '../screens/search/search-route';
import { sponsorsRoute } from '../screens/sponsors/sponsors-route';
import { venueRoute } from '../screens/venue/venue-route';
import { presentationRoute, teamRoute } from '../screens/about/about-routes';
import type { RouteEntry } from './route-kit';

export const routes: RouteEntry[] = [
  homeRoute,
  festivalHomeRoute,
  distributionHomeRoute,
  filmsRoute,
  filmRoute,
  activityRoute,
  activitiesRoute,
  venueRoute,
  programmeRoute,
  programmeTextRoute,
  programmeChangesRoute,
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
