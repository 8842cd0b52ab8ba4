/**
 * The login lockouts in force, for administrators ("Contas bloqueadas por tentativas falhadas" on
 * the "Equipa" screen), and lifting one: after the password again, audited as the administrator's.
 * The rules are server/gestao/auth/login-limits.ts's.
 */
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../api/http-errors';
import type { AppDeps } from '../../deps';
import { liftLockout, lockoutsForAdministrators } from '../auth/login-limits';
import { requireRecentPassword } from '../auth/reauth';
import { requireRole } from '../auth/staff';
import { gestaoRouteConfig, idParam } from '../http';
import { documented } from '../route-docs';

const LOCKOUT_NOT_FOUND = 'Este bloqueio já não está em vigor.';

export function registerLockoutRoutes(scope: FastifyInstance, deps: AppDeps): void {
  const admin = requireRole(deps, 'administracao');

  scope.get(
    '/login-lockouts',
    documented({ config: gestaoRouteConfig(deps, 'read'), preHandler: admin }, 'Os bloqueios por tentativas falhadas em vigor', {
      description:
        'Cada contador de entradas falhadas acima do limite: `scope` account (a conta, para dispositivos desconhecidos), ' +
        'address (um endereço, entradas com palavra-passe), device (um dispositivo conhecido da conta) ou passkey (um endereço, ' +
        'entradas com chave de acesso); `until`, quando deixa de recusar.',
    }),
    async () => ({ lockouts: await lockoutsForAdministrators(deps, deps.clock()) }),
  );

  scope.delete<{ Params: { id: string } }>(
    '/login-lockouts/:id',
    documented(
      { config: gestaoRouteConfig(deps, 'write'), preHandler: [admin, requireRecentPassword(deps)] },
      'Levantar um bloqueio por tentativas falhadas',
      { ok: 204, errors: { 404: LOCKOUT_NOT_FOUND } },
    ),
    async (request, reply) => {
      const id = idParam(request.params.id, LOCKOUT_NOT_FOUND);
      if (!(await liftLockout(request, deps, id))) throw new HttpError(404, LOCKOUT_NOT_FOUND);
      return reply.code(204).send();
    },
  );
}
