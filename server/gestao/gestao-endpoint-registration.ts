/**
 * Registers the /gestao/api routes from the endpoint table (src/common/gestao/api/gestao-endpoints.ts):
 * each route's method and path are its entry's, its guards are made from the entry's `access`
 * and `recentPassword`, its rate limit from its method, and its handler must answer the entry's
 * type. Every route of the scope is kept, as registered, for the test that holds them to the
 * table (none missing, none extra, the same guards).
 */
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  preHandlerAsyncHookHandler,
  preHandlerHookHandler,
  RouteHandlerMethod,
} from 'fastify';
import type { AnswerOf, GestaoEndpoint, PathParamNames, QueryOf } from '../../src/common/gestao/api/gestao-endpoints';
import type { AppDeps } from '../deps';
import { BEFORE_ENROLMENT } from './auth/enrolment';
import { guardsOf, type GuardInfo } from './auth/guard-marks';
import { requireRecentPassword } from './auth/reauth';
import { requireRole, requireStaff } from './auth/staff';
import { gestaoRouteConfig } from './http';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The table's entry the route answers; `false` for a route that is no endpoint (the scope's 404). */
    endpoint?: GestaoEndpoint | false;
  }
}

/** A request as a handler reads it: the path's parameters and the query, as sent (text). */
export type GestaoRequest<E extends GestaoEndpoint> = FastifyRequest<{
  Params: { [Name in PathParamNames<E['path']>]: string };
  Querystring: { [Name in keyof QueryOf<E>]?: string };
}>;

/** A handler answers its endpoint's type, or sends a reply of its own (a refusal with its body, a file, a 201 or a 204). */
export type GestaoHandler<E extends GestaoEndpoint> = (
  request: GestaoRequest<E>,
  reply: FastifyReply,
) => AnswerOf<E> | FastifyReply | Promise<AnswerOf<E> | FastifyReply>;

/** The preHandlers that enforce an entry's access and its recent password, in that order. */
function guardsFor(deps: AppDeps, endpoint: GestaoEndpoint): (preHandlerHookHandler | preHandlerAsyncHookHandler)[] {
  const { access } = endpoint;
  const guards: (preHandlerHookHandler | preHandlerAsyncHookHandler)[] = [];
  if (access === 'staff') guards.push(requireStaff);
  else if (access !== 'anyone') guards.push(requireRole(deps, ...access));
  if (endpoint.recentPassword) guards.push(requireRecentPassword(deps));
  return guards;
}

/** A module's /gestao/api routes, registered in the API's scope. */
export type GestaoRoutes = (scope: FastifyInstance, deps: AppDeps) => void | Promise<void>;

/** Registers routes of the table in a scope of /gestao/api: `route(endpoint, handler)`. */
export function gestaoRoutes(scope: FastifyInstance, deps: AppDeps) {
  return function route<E extends GestaoEndpoint>(endpoint: E, handler: GestaoHandler<E>): void {
    const preHandler = guardsFor(deps, endpoint);
    scope.route({
      method: endpoint.method,
      url: endpoint.path,
      config: {
        ...gestaoRouteConfig(deps, endpoint.method === 'GET' ? 'read' : 'write'),
        ...(endpoint.beforeEnrolment ? BEFORE_ENROLMENT : {}),
        endpoint,
      },
      ...(preHandler.length > 0 ? { preHandler } : {}),
      handler: handler as unknown as RouteHandlerMethod,
    });
  };
}

export type GestaoRoute = ReturnType<typeof gestaoRoutes>;

/** One route of the scope as Fastify registered it. */
export interface RegisteredRoute {
  method: string;
  /** With the prefix: /gestao/api/records/:type. */
  url: string;
  /** The table's entry it was registered from (undefined: registered by hand, outside the table). */
  endpoint: GestaoEndpoint | false | undefined;
  /** What its preHandlers ask, read from the guards themselves. */
  guards: GuardInfo;
}

/**
 * Keeps every route registered in `scope` (and in the plugins it registers) from now on. HEAD
 * routes that Fastify adds beside each GET are left out: they answer as the GET does.
 */
export function collectRoutes(scope: FastifyInstance): RegisteredRoute[] {
  const registry: RegisteredRoute[] = [];
  const explicitHead = new Set<string>();
  scope.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    const onlyHead = methods.length === 1 && methods[0] === 'HEAD';
    // Fastify's own HEAD twin of a GET shares its config; an explicit HEAD route would be listed.
    if (onlyHead && !explicitHead.has(route.url) && registry.some((r) => r.method === 'GET' && r.url === route.url)) return;
    if (onlyHead) explicitHead.add(route.url);
    for (const method of methods) {
      if (method === 'HEAD' && methods.includes('GET')) continue;
      registry.push({ method, url: route.url, endpoint: route.config?.endpoint, guards: guardsOf(route) });
    }
  });
  return registry;
}
