/**
 * The installed app's manifest in English and Italian (/en/manifest.webmanifest,
 * /it/manifest.webmanifest): the pt-PT one is a file of the build. Made once, from the catalogs.
 */
import type { FastifyInstance } from 'fastify';
import { i18nIn } from '../../src/common/i18n/all-catalogs';
import { manifestPath, webManifest } from '../../src/common/pwa/web-manifest';

export function registerLocaleManifests(app: FastifyInstance): void {
  for (const locale of ['en', 'it'] as const) {
    const body = JSON.stringify(webManifest(locale, i18nIn(locale)));
    app.get(manifestPath(locale), (_request, reply) =>
      reply.type('application/manifest+json; charset=utf-8').header('cache-control', 'no-cache').send(body),
    );
  }
}
