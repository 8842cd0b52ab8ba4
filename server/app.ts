/**
 * The HTTP application, assembled: external plugins, then the site's policies (each in
 * server/plugins/), then the API, media and pages; errors and unknown addresses are answered in one
 * place. `buildApp` opens no port, so tests use `app.inject`.
 */
// The server's own pt-PT words (feeds, print, the back office's answers) are said without a page.
import '../src/common/i18n/source-i18n';
import compress from '@fastify/compress';
import etag from '@fastify/etag';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import { createServer, type IncomingMessage, type ServerOptions, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import { BODY_LIMIT } from './api/http-errors';
import { registerPublicApi } from './api/public-api';
import { FrontDoor } from './cache/front-door';
import { installResponseCache } from './cache/response-cache';
import type { AppDeps } from './deps';
import { registerGestaoApi } from './gestao/gestao-api';
import { registerGestaoPages } from './gestao/gestao-pages';
import { registerContentRoutes } from './gestao/routes/record-routes';
import { registerTypedCopyRoutes } from './gestao/routes/typed-copy-routes';
import { registerLeaseRoutes } from './gestao/routes/lease-routes';
import { registerLostChangeRoutes } from './gestao/routes/lost-change-routes';
import { registerMediaRoutes } from './gestao/routes/media-routes';
import { registerGridRoutes } from './gestao/routes/grid-routes';
import { registerProgrammeSheetRoutes } from './gestao/routes/programme-sheet-routes';
import { scheduleReleases } from './gestao/editing/scheduled-publishing';
import { imageVariantsFor } from './media/variant-copies';
import { startPushSender } from './push/push-sender';
import { registerImageVariants } from './media/variant-route';
import { registerErrorHandlers } from './plugins/errors';
import { registerRateLimits } from './plugins/rate-limits';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerHealthRoutes } from './observability/health';
import { createMetrics } from './observability/metrics';
import { createMailer } from './mail/mailer';
import { registerMetrics } from './observability/metrics-route';
import { isBuilt, registerPages } from './render/pages';

export const REQUEST_TIMEOUT_MS = 30_000;
export const HEADERS_TIMEOUT_MS = 10_000;

declare module 'fastify' {
  interface FastifyInstance {
    /** Answers kept GETs before Fastify (server/cache/front-door.ts); main.ts closes it when stopping. */
    frontDoor: FrontDoor;
  }
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  // One registry per app: every part given these deps counts into it.
  const metrics = (deps.metrics ??= createMetrics());
  const mailer = deps.mailer === undefined ? (deps.mailer = createMailer(config.mail)) : deps.mailer;
  // Fastify's own HTTP server, with the front door before its handler: the door exists once the
  // cache and the security headers do, and answers only what they kept (app.inject never meets it).
  const front: { door?: FrontDoor } = {};
  const app = Fastify({
    serverFactory: (handler, fastifyOptions) => {
      const options = fastifyOptions as {
        http?: ServerOptions;
        keepAliveTimeout?: number;
        requestTimeout?: number;
        connectionTimeout?: number;
      };
      const server = createServer(options.http ?? {}, (request: IncomingMessage, response: ServerResponse) =>
        front.door ? front.door.serve(request, response, handler) : handler(request, response),
      );
      // What Fastify sets on a server it makes itself.
      server.keepAliveTimeout = options.keepAliveTimeout ?? 72_000;
      server.requestTimeout = options.requestTimeout ?? REQUEST_TIMEOUT_MS;
      server.setTimeout(options.connectionTimeout ?? 0);
      return server;
    },
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    bodyLimit: BODY_LIMIT,
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
    // A client that trickles its request (1 byte every few seconds) must not hold a connection:
    // headers within 10 s, the whole request within 30 s, checked every second.
    requestTimeout: REQUEST_TIMEOUT_MS,
    http: { headersTimeout: HEADERS_TIMEOUT_MS, connectionsCheckingInterval: 1000 },
  });

  const security = registerSecurityHeaders(app, config);
  await app.register(compress, { threshold: 1024 });
  await app.register(etag, { weak: true });
  await registerRateLimits(app, deps);
  registerErrorHandlers(app);

  const cache = installResponseCache(app, deps);
  front.door = new FrontDoor({ cache, security, trustProxy: config.trustProxy, log: app.log });
  app.decorate('frontDoor', front.door);
  // The SMTP connections go with the app.
  app.addHook('onClose', (_instance, done) => {
    mailer?.close();
    done();
  });
  registerHealthRoutes(app, deps);
  registerMetrics(app, { ...deps, metrics }, { cache, frontDoor: front.door });
  registerPublicApi(app, deps);

  registerImageVariants(app, deps.imageVariants ?? imageVariantsFor(config, deps.db), deps.db);
  await app.register(fastifyStatic, {
    root: join(config.contentDir, 'media'),
    prefix: '/media/',
    decorateReply: false,
    immutable: false,
    maxAge: '7d',
  });

  // The staff back office: its API (the session, CSRF and audit around every route) and its own build.
  await registerGestaoApi(app, deps, [
    registerContentRoutes,
    registerTypedCopyRoutes,
    registerLeaseRoutes,
    registerLostChangeRoutes,
    registerMediaRoutes,
    registerGridRoutes,
    registerProgrammeSheetRoutes,
  ]);
  await registerGestaoPages(app, deps);
  scheduleReleases(app, deps);
  startPushSender(app, deps);
  // The API works without a built site (server tests); the pages need `npm run build`.
  if (isBuilt(deps)) await registerPages(app, deps);
  else app.log.warn('dist/ não existe: só a API está disponível (corra `npm run build`).');

  return app;
}
