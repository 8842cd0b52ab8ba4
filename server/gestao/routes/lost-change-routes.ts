/**
 * /gestao/api/lost-changes: what a person lost to a colleague's settled conflict, told on their
 * next visit (server/gestao/editing/lost-changes.ts): read, put back into the draft (an audited
 * save of theirs), or dismissed. Each person sees and settles only their own.
 */
import type { FastifyRequest } from 'fastify';
import { gestaoEndpoints as E } from '../../../src/common/gestao/api/gestao-endpoints';
import { HttpError } from '../../api/http-errors';
import { collectionsOf } from '../../deps';
import { auditFrom, type StaffIdentity } from '../auth/staff';
import { dismissLostChange, lostChangesOf, restoreLostChange } from '../editing/lost-changes';
import { recordRules } from '../editing/records';
import { gestaoRoutes, type GestaoRoutes } from '../gestao-endpoint-registration';
import { auditedSteps } from './audited-step';

const attempt = auditedSteps('denials');

function idOf(request: FastifyRequest<{ Params: { id: string } }>): number {
  const id = Number(request.params.id);
  if (!Number.isSafeInteger(id) || id <= 0) throw new HttpError(404, 'Este aviso não existe.');
  return id;
}

export const registerLostChangeRoutes: GestaoRoutes = (scope, deps) => {
  const route = gestaoRoutes(scope, deps);
  const rules = recordRules(collectionsOf(deps));
  const at = () => deps.clock().toISOString();
  const staffOf = (request: FastifyRequest) => request.staff as StaffIdentity;

  route(E.lostChanges, async (request) => lostChangesOf(deps.db, rules, staffOf(request).id, at()));

  route(E.restoreLostChange, async (request, reply) => {
    const id = idOf(request);
    const restored = await attempt(request, reply, deps, 'record.restore-lost', `lost-changes/${id}`, () =>
      restoreLostChange(deps.db, rules, staffOf(request), id, at()),
    );
    if (reply.sent) return reply;
    await auditFrom(request, deps, {
      action: 'record.restore-lost',
      subject: restored.subject,
      outcome: 'ok',
      before: { [restored.field]: restored.before.fields[restored.field] ?? null },
      after: { [restored.field]: restored.saved.fields[restored.field] ?? null },
    });
    return restored.saved;
  });

  route(E.dismissLostChange, async (request, reply) => {
    const id = idOf(request);
    await attempt(request, reply, deps, 'lost-change.dismiss', `lost-changes/${id}`, () =>
      dismissLostChange(deps.db, staffOf(request), id, at()),
    );
    if (reply.sent) return reply;
    return reply.code(204).send();
  });
};
