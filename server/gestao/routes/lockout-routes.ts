/**
 * The login lockouts in force, for administrators ("Contas bloqueadas por tentativas falhadas" on
 * the "Equipa" screen), and lifting one: after the password again, audited as the administrator's.
 * The rules are server/gestao/auth/login-limits.ts's.
 */
import type { FastifyInstance } from 'fastify';
import { gestaoEndpoints as E } from '../../../src/common/gestao/api/gestao-endpoints';
import { LOCKOUT_NOT_FOUND } from '../../../src/common/gestao/api/refusals';
import { HttpError } from '../../api/http-errors';
import type { AppDeps } from '../../deps';
import { liftLockout, lockoutsForAdministrators } from '../auth/login-limits';
import { idParam } from '../http';
import { gestaoRoutes } from '../gestao-endpoint-registration';

export function registerLockoutRoutes(scope: FastifyInstance, deps: AppDeps): void {
  const route = gestaoRoutes(scope, deps);

  route(E.loginLockouts, async () => ({ lockouts: await lockoutsForAdministrators(deps, deps.clock()) }));

  route(E.liftLoginLockout, async (request, reply) => {
    const id = idParam(request.params.id, LOCKOUT_NOT_FOUND);
    if (!(await liftLockout(request, deps, id))) throw new HttpError(404, LOCKOUT_NOT_FOUND);
    return reply.code(204).send();
  });
}
