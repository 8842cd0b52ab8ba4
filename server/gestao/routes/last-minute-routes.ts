/**
 * /gestao/api for last-minute changes from a phone: one festival day's published sessions, and a
 * session's status changed and published at once. The rules are in editing/last-minute-changes.ts; here
 * only HTTP: who may, the answer's status, the audit entry, and the public caches following.
 */
import { gestaoEndpoints as E } from '../../../src/common/gestao/api/gestao-endpoints';
import type { AppDeps } from '../../deps';
import { auditFrom, type StaffIdentity } from '../auth/staff';
import { changeSessionStatus, lastMinuteDay, statusChangeClashes } from '../editing/last-minute-changes';
import { GestaoError } from '../editing/gestao-error';
import { gestaoRoutes, type GestaoRoutes } from '../gestao-endpoint-registration';
import { auditClashAcceptance } from './grid-routes';

export const registerLastMinuteRoutes: GestaoRoutes = (scope, deps: AppDeps) => {
  const route = gestaoRoutes(scope, deps);

  route(E.lastMinuteDay, (request) => lastMinuteDay(deps.db, deps.clock(), request.query.dia));

  // What a change would clash with, before publishing it: nothing written, nothing audited.
  route(E.screeningStatusClashes, async (request, reply) => {
    try {
      return await statusChangeClashes(deps.db, request.params.id, request.body);
    } catch (error) {
      if (!(error instanceof GestaoError)) throw error;
      return reply.code(error.statusCode).send(error.body);
    }
  });

  // A screening's status (a record of type sessions), published at once.
  route(E.screeningStatus, async (request, reply) => {
    const subject = `sessions/${request.params.id}`;
    try {
      const result = await changeSessionStatus(
        deps.db,
        request.staff as StaffIdentity,
        deps.clock().toISOString(),
        request.params.id,
        request.body,
      );
      deps.metrics?.publishes.inc({ kind: 'last-minute' });
      // This instance's caches follow at once (the others within a second), like a publication.
      await scope.responseCache.refreshVersion();
      await auditFrom(request, deps, {
        action: 'session.status',
        subject,
        outcome: 'ok',
        before: result.previous,
        after: { ...result.session, release: result.release },
      });
      // Each clash accepted with the change is in the registo with its reason, as from the grid.
      for (const clash of result.acceptedClashes) await auditClashAcceptance(request, deps, clash);
      return result;
    } catch (error) {
      if (!(error instanceof GestaoError)) throw error;
      if (error.statusCode === 403)
        await auditFrom(request, deps, { action: 'session.status', subject, outcome: 'denied', after: request.body ?? null });
      return reply.code(error.statusCode).send(error.body);
    }
  });
};
