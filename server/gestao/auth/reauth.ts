/**
 * Re-authentication before sensitive actions (rolling the site back, changing a role, exporting
 * people's data): the password again, within the last five minutes of this session. A login counts
 * as one. A wrong password counts as a failed login, so the login limits apply here too.
 */
import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import { HttpError } from '../../api/errors';
import { findStaffUserById } from '../../db/repositories/staff-users-repository';
import type { AppDeps } from '../../deps';
import { bodyOf, gestaoRouteConfig, RetryAfterError } from '../http';
import { documented, markGuard } from '../route-docs';
import { reauthSchema } from '../request-schemas';
import { countLoginFailure, loginWaitSeconds, tooManyAttemptsMessage } from './login-limits';
import { MAX_PASSWORD_LENGTH, verifyPassword } from './passwords';
import { auditFrom, LOGIN_REQUIRED, requireStaff, type StaffIdentity } from './staff';

declare module 'fastify' {
  interface Session {
    /** When this session last proved its password (UTC ISO): at login, or at POST /gestao/api/reauth. */
    reauthAt?: string;
  }
}

export const REAUTH_WINDOW_MS = 5 * 60_000;
export const REAUTH_REQUIRED = 'Por segurança, confirme a sua palavra-passe para continuar.';
const WRONG_PASSWORD = 'Palavra-passe incorreta.';
const REAUTH = { body: reauthSchema, errors: { 401: WRONG_PASSWORD, 429: 'Demasiadas tentativas falhadas.' } };

/** preHandler: 401 `{ message, reauthRequired: true }` unless the password was given in the last five minutes. */
export function requireRecentPassword(deps: Pick<AppDeps, 'clock'>): preHandlerAsyncHookHandler {
  const guard: preHandlerAsyncHookHandler = async (request, reply) => {
    if (!request.staff) throw new HttpError(401, LOGIN_REQUIRED);
    const at = request.session.reauthAt;
    if (at && deps.clock().getTime() - Date.parse(at) <= REAUTH_WINDOW_MS) return;
    await reply.code(401).send({ message: REAUTH_REQUIRED, reauthRequired: true });
  };
  return markGuard(guard, { staff: true, recentPassword: true });
}

export function registerReauthRoute(scope: FastifyInstance, deps: AppDeps): void {
  const { db, clock } = deps;
  const reauthDoc = documented({ config: gestaoRouteConfig(deps, 'write'), preHandler: requireStaff }, 'A palavra-passe outra vez', REAUTH);
  scope.post('/reauth', reauthDoc, async (request) => {
    const staff = request.staff as StaffIdentity;
    const body = bodyOf(request);
    const password = typeof body.password === 'string' ? body.password : '';
    const now = clock();
    const wait = await loginWaitSeconds(deps, staff.email, request.ip, now);
    if (wait > 0) throw new RetryAfterError(429, tooManyAttemptsMessage(wait), wait);
    const user = await findStaffUserById(db, staff.id);
    if (!user || password.length === 0 || password.length > MAX_PASSWORD_LENGTH || !(await verifyPassword(user.password_hash, password))) {
      await countLoginFailure(deps, 'reauth', staff.email, request.ip, now);
      await auditFrom(request, deps, { action: 'reauth', subject: `staff_users/${staff.id}`, outcome: 'failed' });
      throw new HttpError(401, WRONG_PASSWORD);
    }
    request.session.reauthAt = now.toISOString();
    await auditFrom(request, deps, { action: 'reauth', subject: `staff_users/${staff.id}`, outcome: 'ok' });
    return { reauthAt: request.session.reauthAt };
  });
}
