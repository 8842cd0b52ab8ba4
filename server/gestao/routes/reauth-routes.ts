/**
 * POST /gestao/api/reauth: the password again (auth/reauth.ts). Wrong answers are limited per
 * session: the fifth in a row ends it.
 */
import type { FastifyInstance } from 'fastify';
import { gestaoEndpoints as E } from '../../../src/common/gestao/api/gestao-endpoints';
import { MAX_REAUTH_FAILURES, REAUTH_WRONG_PASSWORD } from '../../../src/common/gestao/api/refusals';
import { HttpError } from '../../api/http-errors';
import { findStaffUserById } from '../../db/repositories/staff/staff-users-repository';
import type { AppDeps } from '../../deps';
import { chargeReauthAttempt } from '../auth/login-limits';
import { MAX_PASSWORD_LENGTH, verifyPassword } from '../auth/passwords';
import { REAUTH_SESSION_ENDED } from '../auth/reauth';
import { renewSessionId } from '../auth/session-store';
import { auditFrom, type StaffIdentity } from '../auth/staff';
import { bodyOf } from '../http';
import { gestaoRoutes } from '../gestao-endpoint-registration';

export function registerReauthRoute(scope: FastifyInstance, deps: AppDeps): void {
  const { db, clock } = deps;
  gestaoRoutes(scope, deps)(E.reauth, async (request, reply) => {
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
      if (attempt.answers < MAX_REAUTH_FAILURES) throw new HttpError(401, REAUTH_WRONG_PASSWORD);
      return endSession();
    }
    await attempt.succeeded();
    await renewSessionId(request);
    request.session.reauthAt = now.toISOString();
    await auditFrom(request, deps, { action: 'reauth', subject, outcome: 'ok' });
    return { reauthAt: request.session.reauthAt };
  });
}
