import { matchRoutes } from 'react-router-dom';
import { routes } from './routes';
import type { RouteEntry } from './route-kit';

/** The route of the table that a location renders, and its params. */
export function matchPage(pathname: string): { route: RouteEntry; params: Record<string, string | undefined> } {
  const matches = matchRoutes(
    routes.map((r) => ({ path: r.path, id: r.id })),
    pathname,
  );
  const last = matches?.[matches.length - 1];
  const route = routes.find((r) => r.id === last?.route.id) ?? routes[routes.length - 1]!;
  return { route, params: last?.params ?? {} };
}
