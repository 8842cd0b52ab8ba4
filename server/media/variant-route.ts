/**
 * GET /media/_/<width>/<photo>.<avif|webp|jpg>: a responsive copy of a photograph of the media
 * folder (src/common/images/image-variants.ts). Any other width, format or path is the site's 404; the
 * copies are cached like the originals (ETag from @fastify/etag answers 304).
 *
 * GET /media/uploads/<hash>.<jpg|png>: a picture uploaded in /gestao, from the database (every
 * instance serves it); named by its content, it never changes.
 */
import type { FastifyInstance } from 'fastify';
import { parseVariantPath, VARIANT_MIME } from '../../src/common/images/image-variants';
import { isUploadedPicture } from '../../src/common/gestao/media';
import type { Db } from '../db/database';
import { uploadedPictureData } from '../db/repositories/content/media-uploads-repository';
import type { ImageVariants } from './variant-copies';

export function registerImageVariants(app: FastifyInstance, variants: ImageVariants, db: Db): void {
  app.get<{ Params: { name: string } }>('/media/uploads/:name', async (request, reply) => {
    const path = `uploads/${request.params.name}`;
    const picture = isUploadedPicture(path) ? await uploadedPictureData(db, path) : undefined;
    if (!picture) return reply.callNotFound();
    return reply
      .type(picture.mime)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('last-modified', picture.uploadedAt.toUTCString())
      .header('x-content-type-options', 'nosniff')
      .send(picture.data);
  });

  app.get<{ Params: { '*': string } }>('/media/_/*', async (request, reply) => {
    const parsed = parseVariantPath(`_/${request.params['*']}`);
    const file = parsed ? await variants.get(parsed) : null;
    if (!parsed || !file) return reply.callNotFound();
    return reply
      .type(VARIANT_MIME[parsed.format])
      .header('cache-control', 'public, max-age=604800')
      .header('last-modified', file.modified.toUTCString())
      .send(file.body);
  });
}
