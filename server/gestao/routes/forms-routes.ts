/**
 * The forms inbox (Formulários and Administração): newsletter subscriptions, accreditation and
 * ticket requests with their status (novo → tratado), their CSV (after the password again), and a
 * person's data deleted on request. Every change is audited; a deleted person's email is kept in
 * the audit log only as its SHA-256, so the log proves the request without keeping the address.
 */
import type { FastifyInstance } from 'fastify';
import { gestaoEndpoints as E } from '../../../src/common/gestao/api/gestao-endpoints';
import { HttpError } from '../../api/http-errors';
import { toCsv } from '../../csv';
import {
  deletePersonSubmissions,
  setSubmissionStatus,
  submissionInbox,
  SUBMISSION_COLUMNS,
  SUBMISSION_KINDS,
  SUBMISSION_STATUSES,
  type SubmissionKind,
  type SubmissionStatus,
} from '../../db/repositories/submissions/submissions-repository';
import type { AppDeps } from '../../deps';
import { auditFrom, type StaffIdentity } from '../auth/staff';
import { emailProblem, normaliseEmail } from '../auth/accounts';
import { sha256Hex } from '../auth/tokens';
import { bodyOf } from '../http';
import { gestaoRoutes } from '../gestao-endpoint-registration';

function kindOf(value: string): SubmissionKind {
  if (!(SUBMISSION_KINDS as readonly string[]).includes(value)) throw new HttpError(404, 'Este formulário não existe.');
  return value as SubmissionKind;
}

export function registerFormsRoutes(scope: FastifyInstance, deps: AppDeps): void {
  const route = gestaoRoutes(scope, deps);

  route(E.formEntries, async (request) => ({
    entries: await submissionInbox(deps.db, kindOf(request.params.kind)),
  }));

  route(E.markFormEntry, async (request) => {
    const kind = kindOf(request.params.kind);
    const { status } = bodyOf(request);
    if (!(SUBMISSION_STATUSES as readonly unknown[]).includes(status)) throw new HttpError(400, 'O estado é "novo" ou "tratado".');
    const staff = request.staff as StaffIdentity;
    const found = await setSubmissionStatus(
      deps.db,
      kind,
      request.params.id,
      status as SubmissionStatus,
      staff.email,
      deps.clock().toISOString(),
    );
    if (!found) throw new HttpError(404, 'Este pedido não existe.');
    await auditFrom(request, deps, { action: 'form.status', subject: `${kind}/${request.params.id}`, outcome: 'ok', after: { status } });
    return { status: status as SubmissionStatus };
  });

  // The CSV and a person's deletion ask for the password again (the table says so).
  route(E.formEntriesCsv, async (request, reply) => {
    const kind = kindOf(request.params.kind);
    const entries = await submissionInbox(deps.db, kind);
    await auditFrom(request, deps, { action: 'form.export', subject: kind, outcome: 'ok', after: { rows: entries.length } });
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${kind}.csv"`)
      .send(`\uFEFF${toCsv([...SUBMISSION_COLUMNS[kind], 'status'], entries)}`);
  });

  route(E.deletePerson, async (request) => {
    const typed = bodyOf(request).email;
    const email = normaliseEmail(typeof typed === 'string' ? typed : '');
    const problem = emailProblem(email);
    if (problem) throw new HttpError(400, problem);
    const deleted = await deletePersonSubmissions(deps.db, email);
    await auditFrom(request, deps, { action: 'form.delete-person', subject: `sha256:${sha256Hex(email)}`, outcome: 'ok', after: deleted });
    return { deleted };
  });
}
