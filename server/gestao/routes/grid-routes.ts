/**
 * /gestao/api for the schedule grid: the grid of a city as in the draft, the draft's clashes (for
 * the publish screen), accepting one with a reason, and a session's history (who moved it, when, from → to). A move on the grid is an ordinary session
 * write (PUT /records/sessions/:id), so roles, history, drafts and conflicts stay one way.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { gestaoEndpoints as E } from '../../../src/common/gestao/api/gestao-endpoints';
import type { AppDeps } from '../../deps';
import { auditFrom, type StaffIdentity } from '../auth/staff';
import { GestaoError } from '../editing/gestao-error';
import { acceptDraftClash, draftClashes, programmeGrid } from '../editing/draft-clashes';
import type { DraftClash } from '../../../src/common/programme/grid';
import { sessionHistory } from '../editing/session-history';
import { gestaoRoutes } from '../gestao-endpoint-registration';

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

export function registerGridRoutes(scope: FastifyInstance, deps: AppDeps): void {
  const route = gestaoRoutes(scope, deps);

  route(E.grid, async (request, reply) => {
    const city = request.query.city === undefined ? undefined : Number(request.query.city);
    try {
      return await programmeGrid(deps.db, city, deps.clock());
    } catch (error) {
      if (!(error instanceof GestaoError)) throw error;
      return reply.code(error.statusCode).send(error.body);
    }
  });

  route(E.sessionHistory, async (request, reply) => {
    try {
      return await sessionHistory(deps.db, request.params.id);
    } catch (error) {
      if (!(error instanceof GestaoError)) throw error;
      return reply.code(error.statusCode).send(error.body);
    }
  });

  // Read by whoever publishes: the publish screen lists them before the button.
  route(E.clashes, () => draftClashes(deps.db));

  route(E.acceptClash, async (request, reply) => {
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
