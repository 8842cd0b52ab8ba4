/**
 * Re-authentication before sensitive actions (rolling the site back, changing a role, exporting
 * people's data): the password again, within the last five minutes of this session. A login counts
 * as one. Wrong answers are limited per session, not per account: the fifth in a row ends the
 * session (whoever holds it must log in again, under the login limits), and none counts toward
 * the account's login lock, which someone else's stolen session could otherwise set off.
 */
import type { preHandlerAsyncHookHandler } from 'fastify';
import { MAX_REAUTH_FAILURES } from '../../../src/common/gestao/api/refusals';
import { HttpError } from '../../api/http-errors';
import type { AppDeps } from '../../deps';
import { markGuard } from './guard-marks';
import { LOGIN_REQUIRED } from './staff';

declare module 'fastify' {
  interface Session {
    /** When this session last proved its password (UTC ISO): at login, or at POST /gestao/api/reauth. */
    reauthAt?: string;
  }
}

export const REAUTH_WINDOW_MS = 5 * 60_000;
export const REAUTH_REQUIRED = 'Por segurança, confirme a sua palavra-passe para continuar.';
export { MAX_REAUTH_FAILURES };
export const REAUTH_SESSION_ENDED = `Palavra-passe errada ${MAX_REAUTH_FAILURES} vezes: por segurança, a sessão terminou. Inicie sessão de novo.`;

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
