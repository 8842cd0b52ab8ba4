/**
 * The data a URL's page reads, gathered before rendering: the layout's and the route's reads,
 * then the reads that depend on those answers. The server reads them through its API; the
 * browser, offline, from IndexedDB. Both then render with the data already there.
 */
import type { ApiRequest } from '../common/api/endpoint-refs';
import type { Scope } from '../common/constants';
import type { Snapshot } from '../data/store';
import { splitLocale } from '../common/i18n/locales';
import { matchPage } from './match-route';
import { layoutRequests, routeRequests, type Read, type RouteContext, type RouteEntry } from './route-kit';

export type Answer = { status: number; data: unknown; updatedAt?: number };
type ReadMany = (paths: string[]) => Promise<Map<string, Answer>>;

interface RouteData {
  route: RouteEntry;
  ctx: RouteContext;
  snapshot: Snapshot;
  /** True when the page's subject does not exist (HTTP 404). */
  missing: boolean;
  /** Reads an answer gathered for this page. */
  read: Read;
}

/** Reads that depend on answers are found by asking again once those are in: two rounds suffice today. */
const MAX_ROUNDS = 3;

const pathsOf = (requests: Record<string, ApiRequest<unknown> | null>) =>
  Object.values(requests).flatMap((request) => (request ? [request.path] : []));

export async function readRouteData(location: URL, savedScope: Scope, readMany: ReadMany): Promise<RouteData> {
  const { locale, path } = splitLocale(location.pathname);
  const { route, params } = matchPage(path);
  const scope = route.scope ?? savedScope;
  const ctx: RouteContext = { params, scope, query: location.searchParams, locale };
  const answers = new Map<string, Answer>();
  const read: Read = <T>(request: ApiRequest<T> | null) =>
    request && answers.get(request.path)?.status === 200 ? (answers.get(request.path)?.data as T) : undefined;

  for (let round = 0; round < MAX_ROUNDS; round++) {
    const wanted = [...pathsOf(layoutRequests(scope, ctx.locale)), ...pathsOf(routeRequests(route, ctx, read))];
    const missingPaths = [...new Set(wanted)].filter((path) => !answers.has(path));
    if (missingPaths.length === 0) break;
    for (const [path, answer] of await readMany(missingPaths)) answers.set(path, answer);
  }

  const snapshot: Snapshot = {};
  const requests = routeRequests(route, ctx, read);
  const subject = route.subject ? requests[route.subject]?.path : undefined;
  let missing = false;
  for (const [path, answer] of answers) {
    if (answer.status === 200)
      snapshot[path] = { status: 200, data: answer.data, ...(answer.updatedAt ? { updatedAt: answer.updatedAt } : {}) };
    // A 404 or a 400 (a malformed id) of the page's subject makes the page a 404.
    else if (path === subject && answer.status !== 0) {
      snapshot[path] = { status: 404, data: undefined };
      missing = true;
    }
  }
  return { route, ctx, snapshot, missing, read };
}
