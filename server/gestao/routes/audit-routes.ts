/** The audit log, for administrators: filtered as JSON, or as CSV for a spreadsheet. */
import type { FastifyInstance } from 'fastify';
import { gestaoEndpoints as E } from '../../../src/common/gestao/api/gestao-endpoints';
import { HttpError } from '../../api/http-errors';
import { toCsv } from '../../csv';
import {
  AUDIT_COLUMNS,
  AUDIT_MAX_LIMIT,
  AUDIT_OUTCOMES,
  listAudit,
  listAuditRows,
  type AuditFilter,
  type AuditOutcome,
} from '../../db/repositories/audit/audit-log-repository';
import type { AppDeps } from '../../deps';
import { gestaoRoutes } from '../gestao-endpoint-registration';

type AuditQuery = Partial<Record<'actor' | 'action' | 'outcome' | 'from' | 'to' | 'limit', string>>;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** An instant from the query: a UTC day (YYYY-MM-DD: its start; for `to`, the next day's) or an ISO instant. */
function instant(value: string, name: 'from' | 'to'): string {
  if (DAY.test(value)) {
    const start = Date.parse(`${value}T00:00:00Z`);
    if (!Number.isNaN(start)) return new Date(name === 'to' ? start + 86_400_000 : start).toISOString();
  } else if (/^\d{4}-\d{2}-\d{2}T/.test(value) && !Number.isNaN(Date.parse(value))) {
    return new Date(value).toISOString();
  }
  throw new HttpError(400, `${name === 'from' ? 'A data inicial' : 'A data final'} tem de ser AAAA-MM-DD ou uma hora ISO 8601.`);
}

/** The filters of GET /gestao/api/audit(.csv): actor (id or email), action, outcome, from, to, limit. */
export function auditFilter(query: AuditQuery): AuditFilter {
  const filter: AuditFilter = {};
  if (query.actor) {
    if (/^[1-9][0-9]{0,9}$/.test(query.actor)) filter.actorId = Number(query.actor);
    else filter.actorEmail = query.actor.trim().toLowerCase();
  }
  if (query.action) filter.action = query.action;
  if (query.outcome) {
    if (!AUDIT_OUTCOMES.includes(query.outcome as AuditOutcome))
      throw new HttpError(400, `O resultado tem de ser ${AUDIT_OUTCOMES.join(', ')}.`);
    filter.outcome = query.outcome as AuditOutcome;
  }
  if (query.from) filter.from = instant(query.from, 'from');
  if (query.to) filter.to = instant(query.to, 'to');
  if (query.limit) {
    if (!/^[1-9][0-9]*$/.test(query.limit) || Number(query.limit) > AUDIT_MAX_LIMIT) {
      throw new HttpError(400, `O limite tem de ser um número entre 1 e ${AUDIT_MAX_LIMIT}.`);
    }
    filter.limit = Number(query.limit);
  }
  return filter;
}

export function registerAuditRoutes(scope: FastifyInstance, deps: AppDeps): void {
  const route = gestaoRoutes(scope, deps);
  route(E.audit, async (request) => ({ entries: await listAudit(deps.db, auditFilter(request.query)) }));

  // The CSV leaves the back office with people's addresses: the password again first (the table says so).
  // Its rows are the entries as stored, the JSON columns as the text the chain's hashes cover.
  route(E.auditCsv, async (request, reply) => {
    const rows = await listAuditRows(deps.db, auditFilter(request.query));
    // UTF-8 with a BOM, as the submissions export, so that spreadsheets read the accents.
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="registo-de-auditoria.csv"')
      .send(`\uFEFF${toCsv([...AUDIT_COLUMNS], rows)}`);
  });
}
