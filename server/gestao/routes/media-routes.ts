/**
 * /gestao/api/media: uploads of pictures (the records' picture fields) and of press items' PDFs,
 * and each picture's alt text and focal point. Multipart by @fastify/multipart, one file a request
 * within the size limit; the CSRF token and the role are checked like every other write, and every
 * upload, refusal included, is in the audit log. What a file is, is decided by its content
 * (server/media/uploads.ts), never by its name or the type the browser claims.
 */
import multipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { ValidationError } from 'yup';
import { gestaoEndpoints as E } from '../../../src/common/gestao/api/gestao-endpoints';
import { MAX_UPLOAD_BYTES, pictureDetailsSchema, UPLOAD_MESSAGES, type UploadedPdf } from '../../../src/common/gestao/media';
import { HttpError } from '../../api/http-errors';
import { insertContentFile } from '../../db/repositories/content/content-files-repository';
import {
  insertUploadedPicture,
  listUploadedPictures,
  setPictureDetails,
  uploadedPicture,
} from '../../db/repositories/content/media-uploads-repository';
import type { AppDeps } from '../../deps';
import { preparePdf, preparePicture } from '../../media/uploads';
import { auditFrom, type StaffIdentity } from '../auth/staff';
import { bodyOf } from '../http';
import { gestaoRoutes, type GestaoRoutes } from '../gestao-endpoint-registration';

/** The one file of a multipart request, read whole (at most MAX_UPLOAD_BYTES). */
async function fileOf(request: FastifyRequest): Promise<{ data: Buffer; name: string }> {
  let part: MultipartFile | undefined;
  try {
    part = await request.file();
  } catch {
    // Not multipart at all (FST_INVALID_MULTIPART_CONTENT_TYPE), or a malformed body.
    throw new HttpError(400, UPLOAD_MESSAGES.noFile);
  }
  if (!part) throw new HttpError(400, UPLOAD_MESSAGES.noFile);
  try {
    return { data: await part.toBuffer(), name: part.filename.slice(0, 200) };
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, UPLOAD_MESSAGES.tooLarge);
    throw error;
  }
}

/** Runs an upload; a refused file (not a picture, too large) is audited as failed with what was sent. */
async function audited<T>(request: FastifyRequest, deps: AppDeps, action: string, run: () => Promise<T & { subject: string }>) {
  try {
    const done = await run();
    await auditFrom(request, deps, { action, subject: done.subject, outcome: 'ok', after: done });
    return done;
  } catch (error) {
    if (error instanceof HttpError && error.statusCode < 500) {
      await auditFrom(request, deps, { action, subject: null, outcome: 'failed', after: { message: error.message } });
    }
    throw error;
  }
}

const staffOf = (request: FastifyRequest): StaffIdentity => request.staff as StaffIdentity;

export const registerMediaRoutes: GestaoRoutes = async (scope, deps) => {
  await scope.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 0, parts: 1 } });
  const at = () => deps.clock().toISOString();
  const route = gestaoRoutes(scope, deps);

  route(E.pictures, () => listUploadedPictures(deps.db));

  route(E.uploadPicture, async (request, reply) => {
    const picture = await audited(request, deps, 'media.upload', async () => {
      const { data, name } = await fileOf(request);
      const prepared = await preparePicture(data);
      const stored = await insertUploadedPicture(deps.db, {
        path: prepared.path,
        mime: prepared.mime,
        width: prepared.width,
        height: prepared.height,
        size: prepared.data.length,
        data: prepared.data,
        original_name: name,
        uploaded_by: staffOf(request).email,
        uploaded_at: at(),
      });
      return { ...stored, subject: stored.path };
    });
    const { subject: _subject, ...answer } = picture;
    return reply.code(201).send(answer);
  });

  route(E.pictureDetails, async (request, reply) => {
    const path = `uploads/${request.params.name}`;
    const before = await uploadedPicture(deps.db, path);
    if (!before) throw new HttpError(404, 'Esta imagem não existe.');
    let details;
    try {
      details = pictureDetailsSchema.validateSync(bodyOf(request), { abortEarly: false, stripUnknown: true });
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      // Each message beside its field, as the record forms show them.
      return reply
        .code(400)
        .send({ message: 'Há campos por corrigir.', errors: Object.fromEntries(error.inner.map((e) => [e.path ?? '', e.message])) });
    }
    await setPictureDetails(deps.db, path, details);
    await auditFrom(request, deps, {
      action: 'media.details',
      subject: path,
      outcome: 'ok',
      before: { alt: before.alt, focal_x: before.focalX, focal_y: before.focalY },
      after: details,
    });
    const after = await uploadedPicture(deps.db, path);
    if (!after) throw new HttpError(404, 'Esta imagem não existe.');
    return after;
  });

  route(E.uploadPdf, async (request, reply) => {
    const pdf = await audited(request, deps, 'media.upload', async () => {
      const { data } = await fileOf(request);
      const prepared = await preparePdf(data);
      await insertContentFile(deps.db, prepared.fileName, prepared.data);
      const answer: UploadedPdf = { file_name: prepared.fileName, mime: 'application/pdf', size: prepared.data.length };
      return { ...answer, subject: prepared.fileName };
    });
    const { subject: _subject, ...answer } = pdf;
    return reply.code(201).send(answer);
  });
};
