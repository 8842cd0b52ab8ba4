/**
 * Credentials after the account is made. One's own: the password changed with the current one
 * (every other session of the person ends), the e-mail changed after the password again. An
 * administrator's help with someone else's, each after the password again: a one-time link to
 * choose a new password (like an invitation: 72 hours, once, only its hash stored; it ends every
 * session of the person and leaves the second factor in force), and the passkeys removed after a
 * lost key. Every step is audited, refusals included.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ValidationError } from 'yup';
import { emailChangeSchema, passwordChangeSchema, passwordResetSchema } from '../../../src/common/gestao/password-schemas';
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
import {
  findStaffUserById,
  setStaffUserEmail,
  setStaffUserPassword,
  type StaffUserRow,
} from '../../db/repositories/staff/staff-users-repository';
import type { AppDeps } from '../../deps';
import { EMAIL_TAKEN, emailProblem, isUniqueViolation, normaliseEmail } from '../auth/accounts';
import { hashPassword, PASSWORD_TOO_SHORT, passwordRefusal, verifyPassword } from '../auth/passwords';
import { chargeReauthAttempt } from '../auth/login-limits';
import { MAX_REAUTH_FAILURES, requireRecentPassword } from '../auth/reauth';
import { renewSessionId } from '../auth/session-store';
import { passwordWordsFor } from '../auth/site-words';
import { auditFrom, requireRole, requireStaff, type StaffIdentity } from '../auth/staff';
import { newToken, sha256Hex } from '../auth/tokens';
import { bodyOf, gestaoRouteConfig, idParam } from '../http';
import { documented } from '../route-docs';

export const PASSWORD_RESET_LIFETIME_MS = 72 * 60 * 60_000;
/** Wrong current passwords in a row that end the session, as wrong answers to the password again do. */
export const MAX_PASSWORD_CHANGE_FAILURES = MAX_REAUTH_FAILURES;
export const CURRENT_PASSWORD_WRONG = 'A palavra-passe atual não está certa.';
export const PASSWORD_CHANGE_SESSION_ENDED = `Palavra-passe atual errada ${MAX_PASSWORD_CHANGE_FAILURES} vezes: por segurança, a sessão terminou. Inicie sessão de novo.`;
export const SAME_PASSWORD = 'A palavra-passe nova tem de ser diferente da atual.';
export const RESET_INVALID =
  'Esta ligação para repor a palavra-passe não é válida, já foi usada ou expirou. Peça uma nova a um administrador.';
export const RESET_DISABLED = 'Esta conta está desativada: reative-a antes de enviar uma ligação para repor a palavra-passe.';
const USER_NOT_FOUND = 'Conta não encontrada.';

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

export function registerAccountRoutes(scope: FastifyInstance, deps: AppDeps): void {
  const { db, clock, config } = deps;
  const read = gestaoRouteConfig(deps, 'read');
  const write = gestaoRouteConfig(deps, 'write');
  const admin = requireRole(deps, 'administracao');
  const adminAgain = [admin, requireRecentPassword(deps)];

  const changeDoc = documented({ config: write, preHandler: requireStaff }, 'Mudar a própria palavra-passe', {
    description:
      'Pede a palavra-passe atual (conta como a palavra-passe outra vez) e a nova; termina todas as outras sessões da pessoa. ' +
      `À ${MAX_PASSWORD_CHANGE_FAILURES}.ª palavra-passe atual errada seguida, a sessão termina (\`sessionEnded: true\`).`,
    body: passwordChangeSchema,
    errors: {
      400: 'A palavra-passe nova é recusada: `field` diz o campo e a mensagem diz porquê e o que passaria.',
      401: CURRENT_PASSWORD_WRONG,
    },
  });
  scope.post('/account/password', changeDoc, async (request, reply) => {
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
    await renewSessionId(request);
    await auditFrom(request, deps, { action: 'password.change', subject, outcome: 'ok', after: { otherSessionsEnded: ended } });
    return { otherSessionsEnded: ended };
  });

  const emailDoc = documented({ config: write, preHandler: [requireStaff, requireRecentPassword(deps)] }, 'Mudar o próprio e-mail', {
    body: emailChangeSchema,
    errors: { 409: EMAIL_TAKEN },
  });
  scope.put('/account/email', emailDoc, async (request) => {
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

  const resetDoc = documented({ config: write, preHandler: adminAgain }, 'Enviar a alguém uma ligação para repor a palavra-passe', {
    description:
      'Uma ligação de uso único, válida 72 horas; substitui as anteriores da mesma conta. A verificação em dois passos e as chaves de acesso ficam.',
    errors: { 404: USER_NOT_FOUND, 409: RESET_DISABLED },
  });
  scope.post<{ Params: { id: string } }>('/users/:id/password-reset', resetDoc, async (request) => {
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
    await auditFrom(request, deps, { action: 'password-reset.create', subject, outcome: 'ok', after: { email: user.email, expiresAt } });
    return { email: user.email, link: passwordResetLink(config.publicUrl, token), expiresAt };
  });

  /** The link's reset and its account, while both may still be used. */
  const openReset = async (token: string, now: Date) => {
    const reset = await findStaffPasswordReset(db, sha256Hex(token));
    const user = usable(reset, now) ? await findStaffUserById(db, reset.user_id) : undefined;
    if (!reset || !user || user.disabled_at !== null) throw new HttpError(404, RESET_INVALID);
    return { reset, user };
  };

  scope.get<{ Params: { token: string } }>(
    '/password-resets/:token',
    documented({ config: read }, 'Abrir uma ligação para repor a palavra-passe', { errors: { 404: RESET_INVALID } }),
    async (request) => {
      const { reset, user } = await openReset(request.params.token, clock());
      return { email: user.email, expiresAt: reset.expires_at };
    },
  );

  const redeemDoc = documented({ config: write }, 'Repor a palavra-passe com a ligação', {
    description:
      'Guarda a palavra-passe nova e termina todas as sessões da pessoa; não abre nenhuma: a entrada seguinte pede o segundo fator, se houver.',
    body: passwordResetSchema,
    errors: { 400: 'A palavra-passe nova é recusada (a mensagem diz porquê e o que passaria).', 404: RESET_INVALID },
  });
  scope.post<{ Params: { token: string } }>(
    '/password-resets/:token',
    redeemDoc,
    async (request: FastifyRequest<{ Params: { token: string } }>) => {
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
        // Whoever had a session of this person (with the forgotten or leaked password) is out.
        await deleteStaffSessionsOfUser(trx, user.id);
      });
      await auditFrom(request, deps, { action: 'password-reset.use', subject, outcome: 'ok', after: { sentBy: reset.created_by } }, actor);
      return { email: user.email };
    },
  );

  const passkeysDoc = documented({ config: write, preHandler: adminAgain }, 'Remover todas as chaves de acesso de uma conta', {
    description:
      'Para quem perdeu a sua chave: a entrada seguinte é com a palavra-passe (e um administrador configura outro segundo fator).',
    ok: 204,
    errors: { 404: USER_NOT_FOUND },
  });
  scope.delete<{ Params: { id: string } }>('/users/:id/passkeys', passkeysDoc, async (request, reply) => {
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
