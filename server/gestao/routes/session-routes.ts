/**
 * Logging in and out, and the sessions a person (or an administrator, anyone's) can see and end.
 * A session is named by its opaque `handle`, never by its id or the id's hash. The devices a
 * person logged in on (auth/device-cookies.ts), listed and forgotten by that person.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../../api/http-errors';
import {
  deleteStaffSessionByHandle,
  findStaffSessionByHandle,
  listStaffSessionsOfUser,
  type StaffSessionRow,
} from '../../db/repositories/staff/staff-sessions-repository';
import { releaseLeasesOf } from '../../db/repositories/publishing/record-leases-repository';
import { countStaffPasskeys } from '../../db/repositories/staff/staff-passkeys-repository';
import { deleteStaffDevice, listStaffDevices } from '../../db/repositories/staff/staff-devices-repository';
import { findStaffUserByEmail, findStaffUserById } from '../../db/repositories/staff/staff-users-repository';
import type { AppDeps } from '../../deps';
import { isRole } from '../../../src/common/gestao/roles';
import type { SessionSummary } from '../../../src/common/gestao/staff-views';
import { normaliseEmail } from '../auth/accounts';
import type { DeviceCookies } from '../auth/device-cookies';
import { chargePasswordAttempt, tooManyAttemptsMessage } from '../auth/login-limits';
import { hashOfNoOne, MAX_PASSWORD_LENGTH, verifyPassword } from '../auth/passwords';
import { auditFrom, type StaffIdentity } from '../auth/staff';
import { csrfTokenFor } from '../auth/csrf';
import { sha256Hex } from '../auth/tokens';
import { TOTP_REQUIRED, TOTP_WRONG } from '../auth/totp';
import { mustEnrol } from '../auth/enrolment';
import { bodyOf, idParam, RetryAfterError } from '../http';
import { checkLoginCode } from './totp-routes';
import { gestaoRoutes } from '../gestao-endpoint-registration';
import { gestaoEndpoints as E } from '../../../src/common/gestao/api/gestao-endpoints';
import { USER_NOT_FOUND } from '../../../src/common/gestao/api/refusals';
import type { SessionAnswer } from '../../../src/common/gestao/api/answers';

export const WRONG_CREDENTIALS = 'Email ou palavra-passe incorretos.';
export const PASSKEY_REQUIRED = 'Esta conta de Administração entra com a sua chave de acesso: use «Entrar com uma chave de acesso».';
const SESSION_NOT_FOUND = 'Sessão não encontrada.';
const DEVICE_NOT_FOUND = 'Dispositivo não encontrado (talvez já esquecido).';

function summary(row: StaffSessionRow, request: FastifyRequest): SessionSummary {
  return {
    id: row.handle,
    createdAt: row.created_at,
    lastSeenAt: row.last_seen_at,
    ip: row.ip,
    userAgent: row.user_agent,
    current: request.session.sessionId !== undefined && row.id_hash === sha256Hex(request.session.sessionId),
  };
}

/**
 * Starts a logged-in session for `user`: a new session id (the one from before the login, which
 * another could have planted, is destroyed), and a new CSRF token to go with it.
 */
export async function startStaffSession(
  request: FastifyRequest,
  reply: FastifyReply,
  user: StaffIdentity,
  now: Date,
  hasSecondFactor: boolean,
): Promise<SessionAnswer> {
  await request.session.regenerate();
  request.session.userId = user.id;
  request.session.loginIp = request.ip;
  request.session.loginUserAgent = request.headers['user-agent'] ?? '';
  // The password was just given: a sensitive action needs no second asking for a few minutes.
  request.session.reauthAt = now.toISOString();
  request.staff = user;
  request.enrolmentRequired = mustEnrol(user.role, hasSecondFactor);
  return { csrfToken: reply.generateCsrf(), user, enrolmentRequired: request.enrolmentRequired };
}

/** The session cookie's name and attributes (a `__Host-` cookie is only cleared by a Set-Cookie with Secure). */
export interface SessionCookie {
  name: string;
  options: { path: '/'; httpOnly: true; sameSite: 'strict'; secure: boolean };
}

export function registerSessionRoutes(scope: FastifyInstance, deps: AppDeps, cookie: SessionCookie, devices: DeviceCookies): void {
  const { db, clock } = deps;
  const route = gestaoRoutes(scope, deps);

  // Logging in and out, and reading who is logged in, stay open to an administrator who must enrol (the table says so).
  route(E.staffSession, async (request, reply) => {
    // Nobody logged in: a token without a stored session (auth/csrf.ts), so reading this writes nothing.
    const account = request.staff ? await findStaffUserById(db, request.staff.id) : undefined;
    return {
      csrfToken: csrfTokenFor(request, reply),
      user: request.staff,
      enrolmentRequired: request.enrolmentRequired,
      totpEnabled: Boolean(account?.totp_enabled_at),
    };
  });

  route(E.login, async (request, reply) => {
    const body = bodyOf(request);
    const typed = typeof body.email === 'string' ? normaliseEmail(body.email) : '';
    const password = typeof body.password === 'string' ? body.password : '';
    if (!typed || !password) throw new HttpError(400, 'Indique o e-mail e a palavra-passe.');
    if (password.length > MAX_PASSWORD_LENGTH) throw new HttpError(400, WRONG_CREDENTIALS);
    const email = typed.slice(0, 254);
    const now = clock();
    const user = await findStaffUserByEmail(db, email);
    // A device this very account logged in on before has its own allowance (auth/login-limits.ts);
    // any other client, whatever cookie it shows, shares the account's and the address's.
    const known = await devices.read(request, now);
    const attempt = { email, ip: request.ip, device: known && user && known.userId === user.id ? known.device : null };
    const charged = await chargePasswordAttempt(deps, attempt, now);
    if ('wait' in charged) {
      const { scope, seconds } = charged.wait;
      await auditFrom(request, deps, {
        action: 'login',
        subject: email,
        outcome: 'denied',
        after: { reason: 'demasiadas tentativas', scope },
      });
      throw new RetryAfterError(429, tooManyAttemptsMessage(seconds), seconds);
    }
    const { charge } = charged;
    // Unknown, disabled or wrong: one answer, after the same work (an argon2 verification).
    const matches = await verifyPassword(user?.password_hash ?? (await hashOfNoOne()), password);
    if (!user || !matches || user.disabled_at !== null || !isRole(user.role)) {
      await charge.failed(request, 'password');
      const reason = !user ? 'conta desconhecida' : !matches ? 'palavra-passe errada' : 'conta desativada';
      await auditFrom(request, deps, { action: 'login', subject: email, outcome: 'failed', after: { reason } });
      throw new HttpError(401, WRONG_CREDENTIALS);
    }
    if (user.totp_enabled_at !== null) {
      const problem = await checkLoginCode(deps, user, body.code, now);
      if (problem === 'missing') {
        await charge.cancelled();
        return reply.code(401).send({ message: TOTP_REQUIRED, totpRequired: true });
      }
      if (problem === 'wrong') {
        // Counted like a wrong password: ten guesses in 15 minutes, of a million codes.
        await charge.failed(request, 'totp');
        await auditFrom(request, deps, { action: 'login', subject: email, outcome: 'failed', after: { reason: 'código errado' } });
        return reply.code(401).send({ message: TOTP_WRONG, totpRequired: true });
      }
    }
    if (user.totp_enabled_at === null && user.role === 'administracao' && (await countStaffPasskeys(db, user.id)) > 0) {
      // An administrator's second factor is their passkey: the password alone opens nothing (auth/enrolment.ts).
      await charge.cancelled();
      await auditFrom(request, deps, { action: 'login', subject: email, outcome: 'denied', after: { reason: 'só com chave de acesso' } });
      return reply.code(401).send({ message: PASSKEY_REQUIRED, passkeyRequired: true });
    }
    await charge.succeeded();
    const identity: StaffIdentity = { id: user.id, email: user.email, role: user.role };
    // Through here, only a TOTP code was a second factor: an administrator without one is sent to enrol.
    const answer = await startStaffSession(request, reply, identity, now, user.totp_enabled_at !== null);
    await devices.issue(request, reply, user.id, now);
    await auditFrom(request, deps, { action: 'login', subject: `staff_users/${user.id}`, outcome: 'ok' });
    return answer;
  });

  route(E.logout, async (request, reply) => {
    if (request.staff) {
      await auditFrom(request, deps, { action: 'logout', subject: `staff_users/${request.staff.id}`, outcome: 'ok' });
      // The forms close with the session: their leases go now, not when the page's own release would be refused.
      await releaseLeasesOf(db, request.staff.id);
    }
    await request.session.destroy();
    reply.clearCookie(cookie.name, cookie.options);
    return reply.code(204).send();
  });

  route(E.staffSessions, async (request) => {
    const staff = request.staff as StaffIdentity;
    const rows = await listStaffSessionsOfUser(db, staff.id, clock().toISOString());
    return { sessions: rows.map((row) => summary(row, request)) };
  });

  route(E.userStaffSessions, async (request) => {
    const id = idParam(request.params.id, USER_NOT_FOUND);
    if (!(await findStaffUserById(db, id))) throw new HttpError(404, USER_NOT_FOUND);
    const rows = await listStaffSessionsOfUser(db, id, clock().toISOString());
    return { sessions: rows.map((row) => summary(row, request)) };
  });

  route(E.staffDevices, async (request) => {
    const staff = request.staff as StaffIdentity;
    const shown = await devices.read(request, clock());
    const rows = await listStaffDevices(db, staff.id);
    return {
      devices: rows.map((row) => ({
        id: row.device,
        loggedInAt: row.issued_at,
        ip: row.ip,
        userAgent: row.user_agent,
        current: shown?.device === row.device,
      })),
    };
  });

  // Forgetting a device takes an allowance away, never gives one: no password again.
  route(E.forgetStaffDevice, async (request, reply) => {
    const staff = request.staff as StaffIdentity;
    if (!(await deleteStaffDevice(db, staff.id, request.params.id))) throw new HttpError(404, DEVICE_NOT_FOUND);
    await auditFrom(request, deps, {
      action: 'device.forget',
      subject: `staff_users/${staff.id}`,
      outcome: 'ok',
      before: { device: request.params.id.slice(0, 12) },
    });
    return reply.code(204).send();
  });

  // Ending a session, one's own other ones included (ASVS 5.0 7.5.2), asks for the password again.
  route(E.endStaffSession, async (request, reply) => {
    const staff = request.staff as StaffIdentity;
    const row = await findStaffSessionByHandle(db, request.params.handle);
    // Someone else's session is "not found" to anyone but an administrator.
    if (!row || row.user_id === null || (row.user_id !== staff.id && staff.role !== 'administracao')) {
      throw new HttpError(404, SESSION_NOT_FOUND);
    }
    await deleteStaffSessionByHandle(db, row.handle);
    await auditFrom(request, deps, {
      action: 'session.end',
      subject: `staff_users/${row.user_id}`,
      outcome: 'ok',
      before: { createdAt: row.created_at, ip: row.ip, userAgent: row.user_agent },
    });
    return reply.code(204).send();
  });
}
