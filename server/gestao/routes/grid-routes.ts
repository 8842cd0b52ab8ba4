/**
 * /gestao/api for the schedule grid: the grid of a city as in the draft, the draft's clashes (for
 * the publish screen) and accepting one with a reason. A move on the grid is an ordinary session
 * write (PUT /records/sessions/:id), so roles, history, drafts and conflicts stay one way.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { object, string } from 'yup';
import { CLASH_ACCEPT_ROLES, clashAcceptanceSchema } from '../../../src/common/programme/clash-acceptance';
import { PUBLISH_ROLES } from '../../../src/common/gestao/roles';
import type { AppDeps } from '../../deps';
import { auditFrom, requireRole, type StaffIdentity } from '../auth';
import { GestaoError } from '../editing/gestao-error';
import { acceptDraftClash, draftClashes, programmeGrid } from '../editing/draft-clashes';
import type { DraftClash } from '../../../src/common/programme/grid';
import { gestaoRouteConfig } from '../http';
import { documented, ref } from '../route-docs';

const list = (items: object) => ({ type: 'array', items });

/** An accepted clash in the registo (from the grid, the publish screen or a last-minute change): the clash in words with its reason; the key is kept too. */
export async function auditClashAcceptance(request: FastifyRequest, deps: AppDeps, clash: DraftClash): Promise<void> {
  const reason = clash.acceptance?.reason ?? '';
  await auditFrom(request, deps, {
    action: 'clash.accept',
    subject: `${clash.message} Motivo: ${reason}`,
    outcome: 'ok',
    after: { key: clash.key, reason },
  });
}

const gridQuery = object({
  city: string()
    .matches(/^[0-9]+$/)
    .meta({ description: 'A cidade (o seu id); a primeira quando falta.' }),
});

export function registerGridRoutes(scope: FastifyInstance, deps: AppDeps): void {
  const desk = requireRole(deps, ...CLASH_ACCEPT_ROLES);
  const read = { config: gestaoRouteConfig(deps, 'read'), preHandler: desk };
  const write = { config: gestaoRouteConfig(deps, 'write'), preHandler: desk };

  const gridDoc = documented(read, 'A grelha de uma cidade: salas, dias, sessões do rascunho e os conflitos do programa', {
    query: gridQuery,
  });
  scope.get<{ Querystring: { city?: string } }>('/grid', gridDoc, async (request, reply) => {
    const city = request.query.city === undefined ? undefined : Number(request.query.city);
    try {
      return await programmeGrid(deps.db, city);
    } catch (error) {
      if (!(error instanceof GestaoError)) throw error;
      return reply.code(error.statusCode).send(error.body);
    }
  });

  // Read by whoever publishes: the publish screen lists them before the button.
  const publishers = { config: gestaoRouteConfig(deps, 'read'), preHandler: requireRole(deps, ...PUBLISH_ROLES) };
  const clashesDoc = documented(publishers, 'Os conflitos do programa no rascunho, com as aceitações', { answer: list(ref('Clash')) });
  scope.get('/clashes', clashesDoc, () => draftClashes(deps.db));

  const acceptDoc = documented(write, 'Aceitar um conflito do programa com um motivo (fica no registo)', {
    body: clashAcceptanceSchema,
    answer: ref('Clash'),
    errors: { 400: 'Falta o motivo, ou tem menos de 10 caracteres.', 409: 'O conflito já não existe: uma das sessões mudou.' },
  });
  scope.post('/clashes/accept', acceptDoc, async (request, reply) => {
    const staff = request.staff as StaffIdentity;
    try {
      const accepted = await acceptDraftClash(deps.db, staff, deps.clock().toISOString(), request.body);
      await auditClashAcceptance(request, deps, accepted);
      return accepted;
    } catch (error) {
      if (!(error instanceof GestaoError)) throw error;
      return reply.code(error.statusCode).send(error.body);
    }
  });
}
