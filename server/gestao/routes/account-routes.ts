/**
 * Credentials after the account is made. One's own: the password changed with the current one
 * (every other session of the person ends), the e-mail changed after the password again. An
 * administrator's help with someone else's, each after the password again: a one-time link to
 * choose a new password (like an invitation: 72 hours, once, only its hash stored; it ends every
 * session of the person and leaves the second factor in force), and the passkeys removed after a
 * lost key. Every step is audited, refusals included.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { ValidationError } from 'yup';
import { gestaoEndpoints as E } from '../../../src/common/gestao/api/gestao-endpoints';
import {
  CURRENT_PASSWORD_WRONG,
  EMAIL_TAKEN,
  MAX_PASSWORD_CHANGE_FAILURES,
  RESET_DISABLED,
  RESET_INVALID,
  USER_NOT_FOUND,
} from '../../../src/common/gestao/api/refusals';
import { passwordChangeSchema } from '../../../src/common/gestao/password-schemas';
import { HttpError } from '../../api/http-errors';
import { deleteStaffPasskeysOfUser } from '../../db/repositories/staff/staff-passkeys-repository';
import {
  claimStaffPasswordReset,
  findStaffPasswordReset,
  insertStaffPasswordReset,
  revokeStaffPasswordResets,
  type StaffPasswordResetRow,
} from '../../db/repositories/staff/staff-password-resets-repository';
import { deleteOtherStaffSessionsOfUser, deleteStaffSessionsOfUser } from '../../db/repositories/staff/staff-sessions-repository';
import { deleteStaffDevicesOfUser } from '../../db/repositories/staff/staff-devices-repository';
import type { DeviceCookies } from '../auth/device-cookies';
import {
  findStaffUserById,
  setStaffUserEmail,
  setStaffUserPassword,
  type StaffUserRow,
} from '../../db/repositories/staff/staff-users-repository';
import type { AppDeps } from '../../deps';
import { emailProblem, isUniqueViolation, normaliseEmail } from '../auth/accounts';
import { hashPassword, PASSWORD_TOO_SHORT, passwordRefusal, verifyPassword } from '../auth/passwords';
import { chargeReauthAttempt } from '../auth/login-limits';
import { renewSessionId } from '../auth/session-store';
import { passwordWordsFor } from '../auth/site-words';
import { auditFrom, type StaffIdentity } from '../auth/staff';
import { newToken, sha256Hex } from '../auth/tokens';
import { bodyOf, idParam } from '../http';
import { gestaoRoutes } from '../gestao-endpoint-registration';
import { deliverLink, expiryWords } from '../auth/link-delivery';
import { resetMailWords } from '../../../src/common/gestao/staff-mail-words';
import { readFestivalName } from '../../db/repositories/content/settings-repository';
import { FESTIVAL_NAME } from '../../../src/common/constants';

export const PASSWORD_RESET_LIFETIME_MS = 72 * 60 * 60_000;
export { CURRENT_PASSWORD_WRONG, MAX_PASSWORD_CHANGE_FAILURES, RESET_DISABLED, RESET_INVALID };
export const PASSWORD_CHANGE_SESSION_ENDED = `Palavra-passe atual errada ${MAX_PASSWORD_CHANGE_FAILURES} vezes: por segurança, a sessão terminou. Inicie sessão de novo.`;
export const SAME_PASSWORD = 'A palavra-passe nova tem de ser diferente da atual.';

/** The back office's page that opens a reset link (the interface reads the token from the path). */
export function passwordResetLink(publicUrl: string, token: string): string {
  return `${publicUrl}/gestao/repor/${token}`;
}

/** Where an administrator sends someone a reset link: named in the 409 of an invitation to an address that has an account. */
export const passwordResetPath = (userId: number) => `/users/${userId}/password-reset`;

function usable(reset: StaffPasswordResetRow | undefined, now: Date): reset is StaffPasswordResetRow {
  return reset !== undefined && reset.used_at === null && reset.expires_at > now.toISOString();
}

/** A refusal of one field of a form: the message shown under it. */
function fieldRefusal(reply: FastifyReply, status: 400 | 401, field: string, message: string) {
  return reply.code(status).send({ message, field });
}

/** The new password's refusal, in pt-PT with what would pass, or null (the rules of auth/passwords.ts, with the person's own words). */
async function newPasswordRefusal(deps: Pick<AppDeps, 'db'>, user: StaffUserRow, password: string, now: Date) {
  return passwordRefusal(password, await passwordWordsFor(deps.db, user.email, now));
}

export function registerAccountRoutes(scope: FastifyInstance, deps: AppDeps, devices: DeviceCookies): void {
  const { db, clock, config } = deps;
  const route = gestaoRoutes(scope, deps);

  route(E.changePassword, async (request, reply) => {
    const staff = request.staff as StaffIdentity;
    // The body's shape first: only a real answer counts as a wrong password.
    let current: string;
    let next: string;
    try {
      ({ currentPassword: current, newPassword: next } = await passwordChangeSchema.validate(bodyOf(request), { strict: true }));
    } catch (error) {
      if (error instanceof ValidationError) throw new HttpError(400, error.errors[0] ?? PASSWORD_TOO_SHORT);
      throw error;
    }
    const now = clock();
    const subject = `staff_users/${staff.id}`;
    const sessionHash = sha256Hex(request.session.sessionId);
    const user = await findStaffUserById(db, staff.id);
    if (!user) throw new HttpError(401, USER_NOT_FOUND);
    const endSession = async () => {
      await auditFrom(request, deps, {
        action: 'session.end',
        subject,
        outcome: 'ok',
        after: { reason: 'palavra-passe atual errada ao mudá-la' },
      });
      await request.session.destroy();
      return reply.code(401).send({ message: PASSWORD_CHANGE_SESSION_ENDED, sessionEnded: true });
    };
    // One count per session with the password again (reauth.ts): a stolen session gets five wrong
    // answers in all, and the account no lock. Charged before the check, so that answers sent at
    // once get no more.
    const attempt = await chargeReauthAttempt(request, deps, staff.email, now);
    const answers = attempt.answers;
    if (answers > MAX_PASSWORD_CHANGE_FAILURES) return endSession();
    if (!(await verifyPassword(user.password_hash, current))) {
      attempt.failed();
      await auditFrom(request, deps, {
        action: 'password.change',
        subject,
        outcome: 'failed',
        after: { reason: 'palavra-passe atual errada', failures: answers },
      });
      if (answers < MAX_PASSWORD_CHANGE_FAILURES) return fieldRefusal(reply, 401, 'currentPassword', CURRENT_PASSWORD_WRONG);
      return endSession();
    }
    await attempt.succeeded();
    // The current password was just given: it counts as the password again.
    request.session.reauthAt = now.toISOString();
    if (next === current) return fieldRefusal(reply, 400, 'newPassword', SAME_PASSWORD);
    const refusal = await newPasswordRefusal(deps, user, next, now);
    if (refusal) {
      await auditFrom(request, deps, { action: 'password.change', subject, outcome: 'failed', after: { reason: refusal.reason } });
      return fieldRefusal(reply, 400, 'newPassword', refusal.message);
    }
    await setStaffUserPassword(db, user.id, await hashPassword(next));
    // A reset link sent before would undo the change.
    await revokeStaffPasswordResets(db, user.id, now.toISOString());
    // Whoever else holds a session of this person (perhaps with the old password) is out at once.
    const ended = await deleteOtherStaffSessionsOfUser(db, user.id, sessionHash);
    // And every device stops counting as known (a copied cookie among them), but this browser,
    // where the password was just given: it gets a new cookie.
    const devicesWithdrawn = await deleteStaffDevicesOfUser(db, user.id);
    await devices.issue(request, reply, user.id, now);
    await renewSessionId(request);
    await auditFrom(request, deps, {
      action: 'password.change',
      subject,
      outcome: 'ok',
      after: { otherSessionsEnded: ended, devicesWithdrawn },
    });
    return { otherSessionsEnded: ended };
  });

  route(E.changeEmail, async (request) => {
    const staff = request.staff as StaffIdentity;
    const typed = bodyOf(request).email;
    const email = normaliseEmail(typeof typed === 'string' ? typed : '');
    const problem = emailProblem(email);
    if (problem) throw new HttpError(400, problem);
    const subject = `staff_users/${staff.id}`;
    if (email !== staff.email) {
      try {
        await setStaffUserEmail(db, staff.id, email);
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        await auditFrom(request, deps, { action: 'user.email', subject, outcome: 'failed', after: { email, reason: 'e-mail já usado' } });
        throw new HttpError(409, EMAIL_TAKEN);
      }
      await auditFrom(request, deps, { action: 'user.email', subject, outcome: 'ok', before: { email: staff.email }, after: { email } });
    }
    const user: StaffIdentity = { ...staff, email };
    request.staff = user;
    return { user };
  });

  // An administrator's help with someone's access: the password again first (the table says so).
  route(E.sendPasswordReset, async (request) => {
    const id = idParam(request.params.id, USER_NOT_FOUND);
    const user = await findStaffUserById(db, id);
    if (!user) throw new HttpError(404, USER_NOT_FOUND);
    const subject = `staff_users/${id}`;
    if (user.disabled_at !== null) {
      await auditFrom(request, deps, {
        action: 'password-reset.create',
        subject,
        outcome: 'failed',
        after: { reason: 'conta desativada' },
      });
      throw new HttpError(409, RESET_DISABLED);
    }
    const token = newToken();
    const now = clock();
    const expiresAt = new Date(now.getTime() + PASSWORD_RESET_LIFETIME_MS).toISOString();
    await insertStaffPasswordReset(db, {
      token_hash: sha256Hex(token),
      user_id: id,
      created_by: (request.staff as StaffIdentity).id,
      created_at: now.toISOString(),
      expires_at: expiresAt,
    });
    const link = passwordResetLink(config.publicUrl, token);
    const festival = await readFestivalName(db, FESTIVAL_NAME);
    const words = resetMailWords({ festival, email: user.email, expires: expiryWords(expiresAt), link });
    const delivered = await deliverLink(deps, user.email, words, link, expiresAt);
    await auditFrom(request, deps, {
      action: 'password-reset.create',
      subject,
      outcome: 'ok',
      after: { email: user.email, expiresAt, delivery: delivered.delivery },
    });
    return { email: user.email, ...delivered };
  });

  /** The link's reset and its account, while both may still be used. */
  const openReset = async (token: string, now: Date) => {
    const reset = await findStaffPasswordReset(db, sha256Hex(token));
    const user = usable(reset, now) ? await findStaffUserById(db, reset.user_id) : undefined;
    if (!reset || !user || user.disabled_at !== null) throw new HttpError(404, RESET_INVALID);
    return { reset, user };
  };

  route(E.passwordReset, async (request) => {
    const { reset, user } = await openReset(request.params.token, clock());
    return { email: user.email, expiresAt: reset.expires_at };
  });

  route(E.redeemPasswordReset, async (request) => {
    const body = bodyOf(request);
    const password = typeof body.password === 'string' ? body.password : '';
    const now = clock();
    const { reset, user } = await openReset(request.params.token, now);
    const subject = `staff_users/${user.id}`;
    const actor: StaffIdentity = { id: user.id, email: user.email, role: user.role as StaffIdentity['role'] };
    // Checked before the link is used up, so that a refused password can be chosen again.
    const refusal = await newPasswordRefusal(deps, user, password, now);
    if (refusal) {
      await auditFrom(
        request,
        deps,
        { action: 'password-reset.use', subject, outcome: 'failed', after: { reason: refusal.reason } },
        actor,
      );
      throw new HttpError(400, refusal.message);
    }
    const passwordHash = await hashPassword(password);
    await db.transaction().execute(async (trx) => {
      // One use: of two at the same instant (on two instances), one claims it.
      if (!(await claimStaffPasswordReset(trx, reset.token_hash, now.toISOString()))) throw new HttpError(404, RESET_INVALID);
      await setStaffUserPassword(trx, user.id, passwordHash);
      // Whoever had a session of this person (with the forgotten or leaked password) is out, and
      // no device of theirs is known any more.
      await deleteStaffSessionsOfUser(trx, user.id);
      await deleteStaffDevicesOfUser(trx, user.id);
    });
    await auditFrom(request, deps, { action: 'password-reset.use', subject, outcome: 'ok', after: { sentBy: reset.created_by } }, actor);
    return { email: user.email };
  });

  route(E.removeUserPasskeys, async (request, reply) => {
    const id = idParam(request.params.id, USER_NOT_FOUND);
    if (!(await findStaffUserById(db, id))) throw new HttpError(404, USER_NOT_FOUND);
    const removed = await deleteStaffPasskeysOfUser(db, id);
    await auditFrom(request, deps, {
      action: 'passkey.reset',
      subject: `staff_users/${id}`,
      outcome: 'ok',
      before: { passkeys: removed.map((passkey) => passkey.name) },
    });
    return reply.code(204).send();
  });
}
