/**
 * /gestao/api/records/:type/:id/lease: who has a record's form open (src/common/gestao/record-lease.ts).
 * An open form renews its lease every 30 s and reads who else has the record open; closing it
 * gives the lease back. Not audited: a lease changes no content and locks nothing.
 */
import type { FastifyRequest } from 'fastify';
import { gestaoEndpoints as E } from '../../../src/common/gestao/api/gestao-endpoints';
import { editRolesOf } from '../../../src/common/gestao/api/request-schemas';
import { LEASE_LAPSES_MS } from '../../../src/common/gestao/record-lease';
import { isRecordType, type RecordType } from '../../../src/common/gestao/roles';
import { HttpError } from '../../api/http-errors';
import { holdLease, otherEditors, releaseLease, type LeasePlace } from '../../db/repositories/publishing/record-leases-repository';
import type { StaffIdentity } from '../auth/staff';
import { GestaoError } from '../editing/gestao-error';
import { recordRules } from '../editing/records';
import { collectionsOf } from '../../deps';
import { gestaoRoutes, type GestaoRoutes } from '../gestao-endpoint-registration';

export const registerLeaseRoutes: GestaoRoutes = (scope, deps) => {
  const route = gestaoRoutes(scope, deps);
  const { readRecord } = recordRules(collectionsOf(deps));
  const placeOf = (request: FastifyRequest<{ Params: { type: string; id: string } }>): LeasePlace & { type: RecordType } => {
    const { type, id } = request.params;
    if (!isRecordType(type)) throw new HttpError(404, 'Este tipo de conteúdo não existe.');
    return { type, id, userId: (request.staff as StaffIdentity).id };
  };

  route(E.holdLease, async (request) => {
    const place = placeOf(request);
    const staff = request.staff as StaffIdentity;
    // Only who may change the record says they are editing it; a reader's open form is no news.
    if (!editRolesOf(place.type).includes(staff.role)) throw new HttpError(403, 'O seu perfil não pode alterar este tipo de registo.');
    try {
      await readRecord(deps.db, place.type, place.id);
    } catch (error) {
      // A record that does not exist has no one editing it.
      if (error instanceof GestaoError) throw new HttpError(error.statusCode, error.message);
      throw error;
    }
    const now = deps.clock();
    const lapsedBefore = new Date(now.getTime() - LEASE_LAPSES_MS).toISOString();
    await holdLease(deps.db, place, now.toISOString(), lapsedBefore);
    return { others: await otherEditors(deps.db, place, lapsedBefore) };
  });

  route(E.releaseLease, async (request, reply) => {
    await releaseLease(deps.db, placeOf(request));
    return reply.code(204).send();
  });
};
