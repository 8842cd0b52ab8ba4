/**
 * Two-step login: a logged-in person sets it up (POST /totp/setup gives the otpauth:// address),
 * confirms it with a first code (POST /totp/confirm), and from then on the login asks for a code
 * too. An administrator can turn it off for someone who lost their phone.
 */
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../api/http-errors';
import {
  clearStaffTotp,
  enableStaffTotp,
  findStaffUserById,
  setPendingStaffTotp,
  claimStaffTotpStep,
} from '../../db/repositories/staff/staff-users-repository';
import type { AppDeps } from '../../deps';
import { gestaoEndpoints as E } from '../../../src/common/gestao/api/gestao-endpoints';
import {
  TOTP_ALREADY_ON as ALREADY_ON,
  TOTP_NOTHING_TO_CONFIRM as NOTHING_TO_CONFIRM,
  USER_NOT_FOUND,
} from '../../../src/common/gestao/api/refusals';
import { auditFrom, type StaffIdentity } from '../auth/staff';
import { newTotpSecret, TOTP_WRONG, totpStep, totpUri } from '../auth/totp';
import { bodyOf, idParam } from '../http';
import { gestaoRoutes } from '../gestao-endpoint-registration';

export function registerTotpRoutes(scope: FastifyInstance, deps: AppDeps): void {
  const { db, clock } = deps;
  const route = gestaoRoutes(scope, deps);

  // Setting it up is what an administrator without it is sent to do (auth/enrolment.ts).
  route(E.totpSetup, async (request) => {
    const staff = request.staff as StaffIdentity;
    const user = await findStaffUserById(db, staff.id);
    if (user?.totp_enabled_at) throw new HttpError(409, ALREADY_ON);
    const secret = newTotpSecret();
    await setPendingStaffTotp(db, staff.id, secret);
    await auditFrom(request, deps, { action: 'totp.setup', subject: `staff_users/${staff.id}`, outcome: 'ok' });
    return { uri: totpUri(secret, staff.email), secret };
  });

  route(E.totpConfirm, async (request) => {
    const staff = request.staff as StaffIdentity;
    const body = bodyOf(request);
    const user = await findStaffUserById(db, staff.id);
    if (!user?.totp_secret || user.totp_enabled_at) throw new HttpError(409, user?.totp_enabled_at ? ALREADY_ON : NOTHING_TO_CONFIRM);
    const now = clock();
    const step = typeof body.code === 'string' ? totpStep(user.totp_secret, body.code, now) : null;
    const subject = `staff_users/${staff.id}`;
    if (step === null) {
      await auditFrom(request, deps, { action: 'totp.enable', subject, outcome: 'failed' });
      throw new HttpError(400, TOTP_WRONG);
    }
    await enableStaffTotp(db, staff.id, now.toISOString(), step);
    // The gate opens for the rest of this request's session too (the next request reads the account again).
    request.enrolmentRequired = false;
    await auditFrom(request, deps, { action: 'totp.enable', subject, outcome: 'ok' });
    return { totpEnabled: true as const };
  });

  // Someone's second factor: the password again first, as for a change of role.
  route(E.userTotpOff, async (request, reply) => {
    const id = idParam(request.params.id, USER_NOT_FOUND);
    const user = await findStaffUserById(db, id);
    if (!user) throw new HttpError(404, USER_NOT_FOUND);
    await clearStaffTotp(db, id);
    await auditFrom(request, deps, {
      action: 'totp.reset',
      subject: `staff_users/${id}`,
      outcome: 'ok',
      before: { totpEnabled: user.totp_enabled_at !== null },
      after: { totpEnabled: false },
    });
    return reply.code(204).send();
  });
}

/**
 * The login's second step, for an account with TOTP in force: null when `code` is a current code
 * not used before, else the refusal to answer (a missing code is not a failure: the password was right).
 */
export async function checkLoginCode(
  deps: Pick<AppDeps, 'db'>,
  user: { id: number; totp_secret: string | null },
  code: unknown,
  now: Date,
): Promise<'missing' | 'wrong' | null> {
  if (typeof code !== 'string' || code.trim() === '') return 'missing';
  const step = user.totp_secret ? totpStep(user.totp_secret, code, now) : null;
  if (step === null) return 'wrong';
  // Each step's code is good once: a second use (replayed, or two logins at once) is refused.
  return (await claimStaffTotpStep(deps.db, user.id, step)) ? null : 'wrong';
}
