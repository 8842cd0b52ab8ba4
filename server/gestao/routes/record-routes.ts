/**
 * /gestao/api content: records read and written in the draft, the options the forms choose from,
 * the draft's changelog, publishing and rollback. The rules are in server/gestao/editing/; here
 * only HTTP: who is asking, the answer's status, and the audit entry of every write and refusal.
 */
import type { FastifyRequest } from 'fastify';
import { ValidationError, type AnyObjectSchema, type InferType } from 'yup';
import { randomUUID } from 'node:crypto';
import { lisbonInstant } from '../../../src/common/time/lisbon-time';
import { fieldText } from '../../../src/common/gestao/record-schemas';
import { gestaoEndpoints as E } from '../../../src/common/gestao/api/gestao-endpoints';
import { isRecordType, mayPreview, mayPublish, type RecordType } from '../../../src/common/gestao/roles';
import { previewLinkPath } from '../../../src/common/gestao/preview-paths';
import { HttpError } from '../../api/http-errors';
import { gestaoOptions } from '../../db/repositories/publishing/gestao-options-repository';
import { listReleases } from '../../db/repositories/publishing/releases-repository';
import {
  addScheduledRelease,
  cancelScheduledRelease,
  listScheduledReleases,
} from '../../db/repositories/publishing/scheduled-releases-repository';
import { auditFrom, type StaffIdentity } from '../auth/staff';
import { translationWork } from '../editing/translation-work';
import { noteLostChanges } from '../editing/lost-changes';
import { recordRules } from '../editing/records';
import { collectionsOf } from '../../deps';
import { PreviewLinks } from '../editing/preview-links';
import { draftChangelog, pendingDrafts, publishDraft, restorePreview, restoreRelease, withAuthors } from '../editing/staff-releases';
import { publishSchema, recordSaveBody, scheduleSchema } from '../../../src/common/gestao/api/request-schemas';
import { bodyOf } from '../http';
import { gestaoRoutes, type GestaoRoutes } from '../gestao-endpoint-registration';
import { auditedSteps } from './audited-step';

function recordType(value: string): RecordType {
  if (!isRecordType(value)) throw new HttpError(404, 'Este tipo de conteúdo não existe.');
  return value;
}

const staffOf = (request: FastifyRequest): StaffIdentity => request.staff as StaffIdentity;

const attempt = auditedSteps('denials');

/** The save body's rule for `overridden`; its fields are checked by the type's own schema, in recordRules. */
const overriddenOnly = recordSaveBody.pick(['overridden']);

const baseVersionOf = (value: unknown): number => {
  const version = Number(value);
  if (!Number.isSafeInteger(version) || version < 0) throw new HttpError(400, 'Falta a versão em que se baseou (baseVersion).');
  return version;
};

/** A body as its schema reads it (`strict`: as sent, never cast); refused with the schema's first pt-PT message. */
function validBody<S extends AnyObjectSchema>(schema: S, body: unknown, { strict = false } = {}): InferType<S> {
  try {
    return schema.validateSync(body, { stripUnknown: true, strict });
  } catch (error) {
    if (error instanceof ValidationError) throw new HttpError(400, error.errors[0] ?? 'Dados inválidos.');
    throw error;
  }
}

export const registerContentRoutes: GestaoRoutes = (scope, deps) => {
  const route = gestaoRoutes(scope, deps);
  const { deleteRecord, listRecords, readRecord, recordVersions, saveRecord } = recordRules(collectionsOf(deps));
  const at = () => deps.clock().toISOString();
  /** This instance's caches follow a publication at once (the others within a second). */
  const published = () => scope.responseCache.refreshVersion();

  route(E.records, async (request) => {
    const type = recordType(request.params.type);
    const records = await listRecords(deps.db, type);
    const film = request.query.filme;
    return film === undefined ? records : records.filter((r) => fieldText(r.fields.movie_id) === film);
  });

  route(E.record, async (request, reply) => {
    const type = recordType(request.params.type);
    return attempt(request, reply, deps, 'record.read', `${type}/${request.params.id}`, () => readRecord(deps.db, type, request.params.id));
  });

  route(E.recordHistory, async (request) => recordVersions(deps.db, recordType(request.params.type), request.params.id));

  route(E.createRecord, async (request, reply) => {
    const type = recordType(request.params.type);
    const body = bodyOf(request);
    const saved = await attempt(request, reply, deps, 'record.create', type, () =>
      saveRecord(deps.db, staffOf(request), at(), type, undefined, { baseVersion: 0, fields: body.fields as never }),
    );
    if (reply.sent) return reply;
    await auditFrom(request, deps, { action: 'record.create', subject: `${type}/${saved.id}`, outcome: 'ok', after: saved.fields });
    return reply.code(201).send(saved);
  });

  route(E.saveRecord, async (request, reply) => {
    const type = recordType(request.params.type);
    const { id } = request.params;
    const body = bodyOf(request);
    const subject = `${type}/${id}`;
    const overridden = validBody(overriddenOnly, body, { strict: true }).overridden ?? [];
    const before = await readRecord(deps.db, type, id).catch(() => undefined);
    const saved = await attempt(request, reply, deps, 'record.save', subject, () =>
      saveRecord(deps.db, staffOf(request), at(), type, id, {
        baseVersion: baseVersionOf(body.baseVersion),
        fields: body.fields as never,
        baseFields: body.baseFields,
      }),
    );
    if (reply.sent) return reply;
    // The save is stored: telling a colleague what it replaced must not turn it into an error.
    if (before && overridden.length > 0)
      await noteLostChanges(deps.db, { saver: staffOf(request), at: at(), type, id, overridden, before, after: saved }).catch(
        (error: unknown) => request.log.error({ err: error, subject }, 'a lost change was not kept'),
      );
    await auditFrom(request, deps, { action: 'record.save', subject, outcome: 'ok', before: before?.fields ?? null, after: saved.fields });
    return saved;
  });

  route(E.deleteRecord, async (request, reply) => {
    const type = recordType(request.params.type);
    const { id } = request.params;
    const subject = `${type}/${id}`;
    const before = await readRecord(deps.db, type, id).catch(() => undefined);
    await attempt(request, reply, deps, 'record.delete', subject, () =>
      deleteRecord(deps.db, staffOf(request), at(), type, id, baseVersionOf(request.query.baseVersion)),
    );
    if (reply.sent) return reply;
    await auditFrom(request, deps, { action: 'record.delete', subject, outcome: 'ok', before: before?.fields ?? null });
    return reply.code(204).send();
  });

  route(E.recordOptions, () => gestaoOptions(deps.db));
  route(E.translationWork, () => translationWork(deps.db));
  route(E.draft, async () => ({ changelog: await draftChangelog(deps.db), drafts: await pendingDrafts(deps.db) }));
  route(E.releases, () => listReleases(deps.db));

  // A link that opens the draft's preview for 24 h without an account (to send to a director or a
  // sponsor): whoever made it is in the audit log, with the link's id and end.
  const previewLinks = new PreviewLinks(deps);
  route(E.previewLink, async (request, reply) => {
    if (!mayPreview(staffOf(request).role)) {
      await auditFrom(request, deps, { action: 'preview.link', subject: 'rascunho', outcome: 'denied' });
      throw new HttpError(403, 'O seu perfil não pode pré-visualizar o rascunho.');
    }
    const link = await previewLinks.create();
    const expiresAt = link.expiresAt.toISOString();
    await auditFrom(request, deps, { action: 'preview.link', subject: `ligação ${link.id}`, outcome: 'ok', after: { expiresAt } });
    return reply.code(201).send({ url: `${deps.config.publicUrl}${previewLinkPath(link.token)}`, expiresAt });
  });

  route(E.publish, async (request, reply) => {
    // No body: the whole draft (as before the list could be chosen from).
    const { drafts: chosen } = validBody(publishSchema, request.body ?? {});
    const release = await attempt(request, reply, deps, 'release.publish', 'rascunho', () =>
      publishDraft(deps.db, staffOf(request), at(), chosen),
    );
    if (reply.sent) return reply;
    deps.metrics?.publishes.inc({ kind: 'publish' });
    await published();
    await auditFrom(request, deps, {
      action: 'release.publish',
      subject: `publicação ${release.number}`,
      outcome: 'ok',
      after: release.changelog,
    });
    return reply.code(201).send(release);
  });

  route(E.scheduledReleases, () => listScheduledReleases(deps.db));

  route(E.schedule, async (request, reply) => {
    const staff = staffOf(request);
    const { runAt } = bodyOf(request);
    const { drafts: chosen } = validBody(scheduleSchema.pick(['drafts']), bodyOf(request));
    if (!mayPublish(staff.role)) {
      await auditFrom(request, deps, { action: 'release.schedule', subject: 'rascunho', outcome: 'denied' });
      throw new HttpError(403, 'O seu perfil não pode publicar.');
    }
    if (typeof runAt !== 'string' || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(runAt) || Number.isNaN(lisbonInstant(runAt).getTime())) {
      throw new HttpError(400, 'Indique a data e a hora da publicação (hora de Lisboa).');
    }
    const when = lisbonInstant(runAt);
    if (when.getTime() <= deps.clock().getTime()) throw new HttpError(400, 'Escolha uma hora que ainda não passou.');
    const drafts = chosen && (await attempt(request, reply, deps, 'release.schedule', 'rascunho', () => withAuthors(deps.db, chosen)));
    if (reply.sent) return reply;
    const id = randomUUID();
    await addScheduledRelease(deps.db, { id, runAt: when.toISOString(), createdBy: staff.email, createdAt: at(), drafts });
    await auditFrom(request, deps, {
      action: 'release.schedule',
      subject: `agendamento ${id}`,
      outcome: 'ok',
      after: { runAt: when.toISOString(), drafts: drafts ?? 'todo o rascunho' },
    });
    return reply.code(201).send({ id, runAt: when.toISOString() });
  });

  // Cancelling a publication is deciding what visitors see: the roles that publish, no others.
  route(E.unschedule, async (request, reply) => {
    if (!(await cancelScheduledRelease(deps.db, request.params.id))) throw new HttpError(409, 'Esta publicação já não está agendada.');
    await auditFrom(request, deps, { action: 'release.unschedule', subject: `agendamento ${request.params.id}`, outcome: 'ok' });
    return reply.code(204).send();
  });

  route(E.restorePreview, async (request, reply) => {
    const target = Number(request.params.number);
    if (!Number.isSafeInteger(target) || target < 1) throw new HttpError(404, 'Esta publicação não existe.');
    return attempt(request, reply, deps, 'release.restore', `publicação ${target}`, () => restorePreview(deps.db, target));
  });

  // Rolling the whole site back asks for the password again (unless given in the last minutes).
  route(E.restore, async (request, reply) => {
    const target = Number(request.params.number);
    if (!Number.isSafeInteger(target) || target < 1) throw new HttpError(404, 'Esta publicação não existe.');
    const release = await attempt(request, reply, deps, 'release.restore', `publicação ${target}`, () =>
      restoreRelease(deps.db, staffOf(request), at(), target),
    );
    if (reply.sent) return reply;
    deps.metrics?.publishes.inc({ kind: 'rollback' });
    await published();
    await auditFrom(request, deps, { action: 'release.restore', subject: `publicação ${target}`, outcome: 'ok', after: release.changelog });
    return reply.code(201).send(release);
  });
};
