/**
 * /gestao/api for last-minute changes from a phone: one festival day's published sessions, and a
 * session's status changed and published at once. The rules are in editing/last-minute-changes.ts; here
 * only HTTP: who may, the answer's status, the audit entry, and the public caches following.
 */
import { object, string } from 'yup';
import { LAST_MINUTE_ROLES, statusChangeSchema } from '../../../src/common/gestao/last-minute';
import type { AppDeps } from '../../deps';
import { auditFrom, requireRole, type StaffIdentity } from '../auth';
import { changeSessionStatus, lastMinuteDay } from '../editing/last-minute-changes';
import { GestaoError } from '../editing/gestao-error';
import type { GestaoRoutes } from '../gestao-api';
import { gestaoRouteConfig } from '../http';
import { documented, ref } from '../route-docs';
import { auditClashAcceptance } from './grid-routes';

const dayQuery = object({
  dia: string()
    .matches(/^\d{4}-\d{2}-\d{2}$/)
    .meta({ description: 'O dia do festival, AAAA-MM-DD (por omissão, hoje; um dia acaba às 06:00).' }),
});

const sessionView = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    version: { type: 'integer' },
    title: { type: 'string' },
    starts_at: { type: 'string' },
    venue_id: { type: 'integer' },
    venue_name: { type: 'string' },
    city_id: { type: 'integer' },
    city_name: { type: 'string' },
    status: { type: 'string' },
    status_note: { type: 'string' },
  },
  required: ['id', 'version', 'title', 'starts_at', 'venue_id', 'venue_name', 'city_id', 'city_name', 'status', 'status_note'],
};

export const registerLastMinuteRoutes: GestaoRoutes = (scope, deps: AppDeps) => {
  const roles = requireRole(deps, ...LAST_MINUTE_ROLES);
  const read = { config: gestaoRouteConfig(deps, 'read'), preHandler: roles };
  const write = { config: gestaoRouteConfig(deps, 'write'), preHandler: roles };

  const dayDoc = documented(read, 'As sessões publicadas de um dia do festival, para as alterações de última hora', {
    query: dayQuery,
    answer: {
      type: 'object',
      properties: {
        day: { type: 'string' },
        today: { type: 'string' },
        days: { type: 'array', items: { type: 'string' } },
        sessions: { type: 'array', items: sessionView },
        venues: { type: 'array', items: { type: 'object' } },
      },
      required: ['day', 'today', 'days', 'sessions', 'venues'],
    },
  });
  scope.get<{ Querystring: { dia?: string } }>('/last-minute', dayDoc, (request) =>
    lastMinuteDay(deps.db, deps.clock(), request.query.dia),
  );

  const statusDoc = documented(write, 'Mudar o estado de uma sessão e publicá-lo já (só essa sessão; o rascunho fica como está)', {
    body: statusChangeSchema,
    answer: {
      type: 'object',
      properties: {
        release: { type: 'integer' },
        changelog: { type: 'array', items: { type: 'string' } },
        session: sessionView,
        previous: sessionView,
        acceptedClashes: { type: 'array', items: ref('Clash') },
      },
      required: ['release', 'changelog', 'session', 'previous', 'acceptedClashes'],
    },
    errors: {
      400: 'Um campo por corrigir (`errors` diz qual) ou nada a mudar.',
      404: 'A sessão não existe ou não está publicada.',
      409: 'A versão guardada mudou entretanto (`stored` é a sessão como está), ou a mudança cria um conflito que bloqueia (`clashes`): repita com `clash_reason` para o aceitar.',
    },
  });
  scope.post<{ Params: { id: string } }>('/sessions/:id/status', statusDoc, async (request, reply) => {
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
