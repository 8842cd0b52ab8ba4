/**
 * What a preHandler guard asks of the caller (requireStaff, requireRole, requireRecentPassword
 * mark theirs), so that a registered route's guards can be read back from the route itself: the
 * test that holds every route to the endpoint table (src/common/gestao/api/gestao-endpoints.ts) does.
 */
import type { RouteOptions } from 'fastify';
import type { Role } from '../../../src/common/gestao/roles';

export interface GuardInfo {
  /** Logged in (the session cookie of an enabled account). */
  staff?: true;
  roles?: readonly Role[];
  recentPassword?: true;
}

const guards = new WeakMap<object, GuardInfo>();

/** Marks a preHandler as a guard: what it asks is then read from any route it guards. */
export function markGuard<F extends object>(guard: F, info: GuardInfo): F {
  guards.set(guard, info);
  return guard;
}

/** What the route's preHandlers ask, put together. */
export function guardsOf(route: Pick<RouteOptions, 'preHandler'>): GuardInfo {
  const handlers: unknown[] = route.preHandler === undefined ? [] : [route.preHandler].flat();
  const out: GuardInfo = {};
  for (const handler of handlers) {
    const info = typeof handler === 'function' ? guards.get(handler) : undefined;
    if (!info) continue;
    if (info.staff) out.staff = true;
    if (info.recentPassword) out.recentPassword = true;
    if (info.roles) out.roles = out.roles ? out.roles.filter((r) => info.roles!.includes(r)) : info.roles;
  }
  return out;
}
