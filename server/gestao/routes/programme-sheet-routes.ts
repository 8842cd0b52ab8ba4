/**
 * /gestao/api/programme: the programme to and from a spreadsheet (Programação and Administração).
 * The export, the upload (read and kept, with a proposed mapping of its columns), the dry run, the
 * application as session drafts and the undo of a whole import. The rules are in
 * server/gestao/editing/programme-spreadsheets.ts; here only HTTP and the audit log. Reading the file, the
 * dry run and the application run in a worker thread (server/workers/heavy-jobs.ts): a 5,000-row
 * file takes seconds, which no visitor's page waits for.
 */
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { ValidationError } from 'yup';
import { gestaoEndpoints as E } from '../../../src/common/gestao/api/gestao-endpoints';
import { MAX_SHEET_BYTES, SHEET_MESSAGES, sheetMappingSchema, type SheetMapping } from '../../../src/common/gestao/programme-sheet';
import { HttpError } from '../../api/http-errors';
import { auditFrom, type StaffIdentity } from '../auth/staff';
import { exportProgramme, recentImports, undoImport, uploadProgramme } from '../editing/programme-spreadsheets';
import { bodyOf, idParam } from '../http';
import { gestaoRoutes, type GestaoRoutes } from '../gestao-endpoint-registration';
import { auditedSteps } from './audited-step';
import { heavyJobsFor } from '../../workers/heavy-jobs';

const staffOf = (request: FastifyRequest): StaffIdentity => request.staff as StaffIdentity;

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const importId = (value: string) => idParam(value, 'Esta importação não existe.');

/**
 * The uploaded file, read whole. The multipart parser is the one media-routes.ts registers on
 * this scope (a scope has one); the size limit is this route's own.
 */
async function sheetOf(request: FastifyRequest): Promise<{ data: Buffer; name: string }> {
  let part: MultipartFile | undefined;
  try {
    part = await request.file({ limits: { fileSize: MAX_SHEET_BYTES, files: 1, fields: 0, parts: 1 } });
  } catch {
    throw new HttpError(400, SHEET_MESSAGES.noFile);
  }
  if (!part) throw new HttpError(400, SHEET_MESSAGES.noFile);
  try {
    return { data: await part.toBuffer(), name: part.filename.slice(0, 200) };
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, SHEET_MESSAGES.tooLarge);
    throw error;
  }
}

function mappingOf(request: FastifyRequest): SheetMapping {
  try {
    return sheetMappingSchema.validateSync(bodyOf(request), { abortEarly: true, stripUnknown: true }).mapping;
  } catch (error) {
    if (error instanceof ValidationError) throw new HttpError(400, error.message);
    throw error;
  }
}

const step = auditedSteps('every refusal');

export const registerProgrammeSheetRoutes: GestaoRoutes = (scope, deps) => {
  // At start-up, not as a 500 on the first upload: the multipart parser is media-routes.ts's.
  if (!scope.hasRequestDecorator('file'))
    throw new Error('registerProgrammeSheetRoutes: registe-as depois de registerMediaRoutes (multipart).');
  const route = gestaoRoutes(scope, deps);
  const at = () => deps.clock().toISOString();
  const jobs = heavyJobsFor(scope, deps);

  route(E.exportProgramme, async (request, reply) => {
    const { format } = request.query;
    if (format !== 'csv' && format !== 'xlsx') throw new HttpError(400, 'O formato é csv ou xlsx.');
    const file = await exportProgramme(deps.db, format);
    await auditFrom(request, deps, { action: 'programme.export', subject: format, outcome: 'ok' });
    return reply
      .type(format === 'csv' ? 'text/csv; charset=utf-8' : XLSX_TYPE)
      .header('content-disposition', `attachment; filename="programa.${format}"`)
      .send(file);
  });

  route(E.uploadProgramme, async (request, reply) => {
    let file: { data: Buffer; name: string };
    try {
      file = await sheetOf(request);
    } catch (error) {
      if (error instanceof HttpError) {
        await auditFrom(request, deps, { action: 'programme.upload', subject: null, outcome: 'failed', after: { message: error.message } });
      }
      throw error;
    }
    const upload = await step(request, reply, deps, 'programme.upload', file.name, () =>
      uploadProgramme(deps.db, staffOf(request), deps.clock(), file, (sent) => jobs.readSheet(sent)),
    );
    if (reply.sent) return reply;
    await auditFrom(request, deps, {
      action: 'programme.upload',
      subject: `importação ${upload.id}`,
      outcome: 'ok',
      after: { fileName: upload.fileName, rows: upload.rowCount },
    });
    return reply.code(201).send(upload);
  });

  route(E.programmeImports, () => recentImports(deps.db));

  route(E.dryRunImport, async (request, reply) => {
    const id = importId(request.params.id);
    const chosen = mappingOf(request);
    return await step(request, reply, deps, 'programme.dry-run', `importação ${id}`, () => jobs.dryRun(staffOf(request), at(), id, chosen));
  });

  route(E.applyImport, async (request, reply) => {
    const id = importId(request.params.id);
    const chosen = mappingOf(request);
    const subject = `importação ${id}`;
    const result = await step(request, reply, deps, 'programme.import', subject, () => jobs.apply(staffOf(request), at(), id, chosen));
    if (reply.sent) return reply;
    await auditFrom(request, deps, {
      action: 'programme.import',
      subject,
      outcome: 'ok',
      after: { created: result.created, changed: result.changed, errors: result.counts.erro },
    });
    return result;
  });

  route(E.undoImport, async (request, reply) => {
    const id = importId(request.params.id);
    const subject = `importação ${id}`;
    const undone = await step(request, reply, deps, 'programme.undo', subject, () => undoImport(deps.db, staffOf(request), at(), id));
    if (reply.sent) return reply;
    await auditFrom(request, deps, { action: 'programme.undo', subject, outcome: 'ok', after: undone });
    return { restored: undone.restored };
  });
};
