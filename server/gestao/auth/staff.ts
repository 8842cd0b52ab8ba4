/**
 * What the back office's routes use to know who is asking: `request.staff`, the preHandlers
 * `requireStaff` and `requireRole(...)`, and `auditFrom`, which writes an audit entry with the
 * time, the person and the address filled in. Only inside the /gestao/api scope
 * (server/gestao/gestao-api.ts), where the session is read.
 */
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler, preHandlerHookHandler } from 'fastify';
import type { Role } from '../../../src/common/gestao/roles';
import { HttpError } from '../../api/http-errors';
import { appendAudit, type AuditOutcome } from '../../db/repositories/audit/audit-log-repository';
import type { AppDeps } from '../../deps';
import { markGuard } from './guard-marks';

export interface StaffIdentity {
  id: number;
  email: string;
  role: Role;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The person logged in on this request's session (an enabled account), or null. */
    staff: StaffIdentity | null;
  }
}

export const LOGIN_REQUIRED = 'Inicie sessão.';
export const FORBIDDEN = 'Não tem permissão para fazer isto.';

/** preHandler: 401 `{ message: 'Inicie sessão.' }` unless someone is logged in. */
export const requireStaff: preHandlerHookHandler = (request, _reply, done) => {
  done(request.staff ? undefined : new HttpError(401, LOGIN_REQUIRED));
};
markGuard(requireStaff, { staff: true });

/**
 * A preHandler that lets only these roles through (401 when not logged in). A refusal answers 403
 * and is audited (outcome 'denied', the action named by the route: "GET /gestao/api/users").
 */
export function requireRole(deps: Pick<AppDeps, 'db' | 'clock'>, ...roles: Role[]): preHandlerAsyncHookHandler {
  const guard = async (request: FastifyRequest, _reply: FastifyReply) => {
    const { staff } = request;
    if (!staff) throw new HttpError(401, LOGIN_REQUIRED);
    if (roles.includes(staff.role)) return;
    await auditFrom(request, deps, {
      action: `${request.method} ${request.routeOptions.url ?? request.url}`,
      subject: request.url.split('?', 1)[0] ?? null,
      outcome: 'denied',
    });
    throw new HttpError(403, FORBIDDEN);
  };
  return markGuard(guard, { staff: true, roles });
}

export interface AuditEvent {
  action: string;
  subject: string | null;
  outcome: AuditOutcome;
  before?: unknown;
  after?: unknown;
}

/** Appends an audit entry for this request: now (by the app's clock), the person logged in, their address. */
export async function auditFrom(
  request: FastifyRequest,
  deps: Pick<AppDeps, 'db' | 'clock'>,
  event: AuditEvent,
  actor: StaffIdentity | null = request.staff,
): Promise<void> {
  await appendAudit(deps.db, {
    at: deps.clock().toISOString(),
    actorId: actor?.id ?? null,
    actorEmail: actor?.email ?? null,
    ip: request.ip,
    ...event,
  });
}
