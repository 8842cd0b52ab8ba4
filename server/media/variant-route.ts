/**
 * GET /media/_/<width>/<photo>.<avif|webp|jpg>: a responsive copy of a photograph of the media
 * folder (src/common/image-variants.ts). Any other width, format or path is the site's 404; the
 * copies are cached like the originals (ETag from @fastify/etag answers 304).
 */
import type { FastifyInstance } from 'fastify';
import { parseVariantPath, VARIANT_MIME } from '../../src/common/image-variants';
import type { ImageVariants } from './image-variants';

export function registerImageVariants(app: FastifyInstance, variants: ImageVariants): void {
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
