/**
 * The data a URL's page reads, gathered before rendering: the layout's and the route's paths,
 * then the paths that depend on those answers. The server reads them through its API; the browser,
 * offline, from IndexedDB. Both then render with the data already there.
 */
import type { Scope } from './common/constants';
import type { Snapshot } from './data/store';
import { matchPage } from './match-route';
import { layoutData, type PageRoute, type RouteContext } from './routes';

export type Answer = { status: number; data: unknown; updatedAt?: number };
export type ReadMany = (paths: string[]) => Promise<Map<string, Answer>>;

export interface RouteData {
  route: PageRoute;
  ctx: RouteContext;
  snapshot: Snapshot;
  /** True when the page's subject does not exist (HTTP 404). */
  missing: boolean;
}

export async function readRouteData(location: URL, savedScope: Scope, readMany: ReadMany): Promise<RouteData> {
  const { route, params } = matchPage(location.pathname);
  const scope = route.scope ?? savedScope;
  const ctx: RouteContext = { params, scope, query: location.searchParams };
  const paths = [...new Set([...layoutData(scope), ...(route.data?.(ctx) ?? [])])];
  const answers = await readMany(paths);
  const read = <T>(path: string) => answers.get(path)?.data as T | undefined;
  const more = (route.moreData?.(ctx, read) ?? []).filter((p) => !answers.has(p));
  if (more.length) for (const [path, answer] of await readMany(more)) answers.set(path, answer);

  const snapshot: Snapshot = {};
  const subject = route.subject?.(ctx);
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
  return { route, ctx, snapshot, missing };
}
