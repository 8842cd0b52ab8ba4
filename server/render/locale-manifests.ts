/**
 * The installed app's manifest in English and Italian (/en/manifest.webmanifest,
 * /it/manifest.webmanifest): the pt-PT one is a file of the build. Made once, from the catalogs.
 */
import type { FastifyInstance } from 'fastify';
import { createI18n } from '../../src/common/i18n/i18n';
import { messages as en } from '../../src/common/i18n/catalogs/en';
import { messages as it } from '../../src/common/i18n/catalogs/it';
import { manifestPath, webManifest } from '../../src/common/pwa/web-manifest';

export function registerLocaleManifests(app: FastifyInstance): void {
  for (const [locale, messages] of [
    ['en', en],
    ['it', it],
  ] as const) {
    const body = JSON.stringify(webManifest(locale, createI18n(locale, messages)));
    app.get(manifestPath(locale), (_request, reply) =>
      reply.type('application/manifest+json; charset=utf-8').header('cache-control', 'no-cache').send(body),
    );
  }
}
