/**
 * Re-authentication before sensitive actions (rolling the site back, changing a role, exporting
 * people's data): the password again, within the last five minutes of this session. A login counts
 * as one. Wrong answers are limited per session, not per account: the fifth in a row ends the
 * session (whoever holds it must log in again, under the login limits), and none counts toward
 * the account's login lock, which someone else's stolen session could otherwise set off.
 */
import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import { HttpError } from '../../api/http-errors';
import { findStaffUserById } from '../../db/repositories/staff/staff-users-repository';
import type { AppDeps } from '../../deps';
import { bodyOf, gestaoRouteConfig } from '../http';
import { documented, markGuard } from '../route-docs';
import { reauthSchema } from '../request-schemas';
import { chargeReauthAttempt } from './login-limits';
import { renewSessionId } from './session-store';
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
/** Wrong answers in a row that end the session. */
export const MAX_REAUTH_FAILURES = 5;
export const REAUTH_SESSION_ENDED = `Palavra-passe errada ${MAX_REAUTH_FAILURES} vezes: por segurança, a sessão terminou. Inicie sessão de novo.`;
const REAUTH = {
  body: reauthSchema,
  errors: { 401: `${WRONG_PASSWORD} À ${MAX_REAUTH_FAILURES}.ª resposta errada seguida, a sessão termina (\`sessionEnded: true\`).` },
};

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
  scope.post('/reauth', reauthDoc, async (request, reply) => {
    const staff = request.staff as StaffIdentity;
    const body = bodyOf(request);
    const password = typeof body.password === 'string' ? body.password : '';
    const now = clock();
    const subject = `staff_users/${staff.id}`;
    const endSession = async () => {
      const after = { reason: `palavra-passe errada ${MAX_REAUTH_FAILURES} vezes ao confirmar` };
      await auditFrom(request, deps, { action: 'session.end', subject, outcome: 'ok', after });
      await request.session.destroy();
      return reply.code(401).send({ message: REAUTH_SESSION_ENDED, sessionEnded: true });
    };
    // Charged before the password is checked: answers sent at once get no more than their five.
    const attempt = await chargeReauthAttempt(request, deps, staff.email, now);
    if (attempt.answers > MAX_REAUTH_FAILURES) return endSession();
    const user = await findStaffUserById(db, staff.id);
    if (!user || password.length === 0 || password.length > MAX_PASSWORD_LENGTH || !(await verifyPassword(user.password_hash, password))) {
      attempt.failed();
      await auditFrom(request, deps, { action: 'reauth', subject, outcome: 'failed', after: { failures: attempt.answers } });
      if (attempt.answers < MAX_REAUTH_FAILURES) throw new HttpError(401, WRONG_PASSWORD);
      return endSession();
    }
    await attempt.succeeded();
    await renewSessionId(request);
    request.session.reauthAt = now.toISOString();
    await auditFrom(request, deps, { action: 'reauth', subject, outcome: 'ok' });
    return { reauthAt: request.session.reauthAt };
  });
}
