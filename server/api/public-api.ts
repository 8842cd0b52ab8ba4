/**
 * The public API under /admin, as the endpoint registry declares it, with its OpenAPI document.
 * The offline programme sync reads the other endpoints in-process, as a browser would.
 */
import { changesFeedHandlers } from './changes-feed-routes';
import type { FastifyInstance } from 'fastify';
import { collectionsOf, type AppDeps } from '../deps';
import { withVisitorFields } from '../../src/common/api/visitor-fields';
import { contentHandlers } from './content-routes';
import { downloadHandlers } from './download-routes';
import { inProcessReader } from './in-process';
import { API_BASE, publicOpenApiDocument, registerApi } from './endpoint-registration';
import { idempotencyHeader, submissionHandlers } from './submission-routes';
import { programmeSyncHandlers, programmeVersionHandler } from './sync-routes';
import { calendarHandlers } from './calendar-routes';
import { pushHandlers, pushKeyHandler } from './push-routes';

export function registerPublicApi(app: FastifyInstance, deps: AppDeps): void {
  const { config } = deps;
  registerApi(
    app,
    {
      json: {
        ...contentHandlers(deps),
        ...programmeSyncHandlers(deps, inProcessReader(app)),
        programmeVersion: programmeVersionHandler(deps),
        pushKey: pushKeyHandler(app),
      },
      files: { ...downloadHandlers(deps), ...calendarHandlers(deps), ...changesFeedHandlers(deps) },
      forms: submissionHandlers(deps),
      push: pushHandlers(app, deps),
    },
    { posts: config.rateLimitPosts, gets: config.rateLimitGets },
  );

  const openApi = withVisitorFields(
    publicOpenApiDocument({ title: '8½ Festa do Cinema Italiano — API', version: '1.0.0', serverUrl: config.publicUrl }, idempotencyHeader),
    collectionsOf(deps),
  );
  app.get(`${API_BASE}/openapi.json`, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return openApi;
  });
}
