/**
 * The HTTP application: external plugins, then the API, then static files; errors and unknown
 * addresses are answered in one place. `buildApp` opens no port, so tests use `app.inject`.
 */
import compress from '@fastify/compress';
import etag from '@fastify/etag';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import type { ApiError } from '../src/common/api-types';
import { INSTALL_CAPTURE_SCRIPT } from '../src/common/install-capture';
import { contentHandlers } from './api/content-routes';
import { downloadHandlers } from './api/download-routes';
import { DATABASE_UNAVAILABLE_MESSAGE, describeError, HttpError, STATUS_TEXT } from './api/errors';

export { DATABASE_UNAVAILABLE_MESSAGE };
import { API_BASE, openApiDocument, registerApi } from './api/route-kit';
import { idempotencyHeader, submissionHandlers } from './api/submission-routes';
import type { AppDeps } from './deps';
import { installResponseCache } from './cache/response-cache';
import { isBuilt, registerPages } from './render/pages';
import { imageVariantsFor } from './media/image-variants';
import { jsonApiSecurityHeaders, securityHeaders } from './security-headers';
import { registerImageVariants } from './media/variant-route';
import { INTERNAL_HEADER, internalToken } from './render/internal';
import { programmeSyncHandler } from './api/sync-routes';

import { BODY_LIMIT } from './api/errors';

export { BODY_LIMIT };
export const REQUEST_TIMEOUT_MS = 30_000;
export const HEADERS_TIMEOUT_MS = 10_000;

/** Denied to the site and its frames: every powerful feature it has no use for. */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'ambient-light-sensor=()',
  'bluetooth=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'idle-detection=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'publickey-credentials-get=()',
  'screen-wake-lock=()',
  'serial=()',
  'usb=()',
  'xr-spatial-tracking=()',
  'browsing-topics=()',
].join(', ');

/** HTTPS only for a year, subdomains included (sent over HTTPS; browsers ignore it over HTTP). */
const HTTPS_ONLY = { maxAge: 31_536_000, includeSubDomains: true };

/** A CSP source allowing one inline element by the SHA-256 of its exact text. */
const cspHash = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

function errorBody(statusCode: number, message: string, fields?: Record<string, string>): ApiError {
  return { statusCode, error: STATUS_TEXT[statusCode] ?? 'Error', message, ...(fields ? { fields } : {}) };
}

/** Addresses of the site's pages: everything but the API (and the rest of /admin/) and media. */
const isPageUrl = (url: string) => !url.startsWith('/admin/') && url !== '/admin' && !url.startsWith('/media/');

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The error page's only style, inline (allowed by its hash in the CSP): it needs no other file. */
const ERROR_PAGE_STYLE =
  'body{margin:0;padding:3rem 1.5rem;font-family:system-ui,sans-serif;color:#1a1a1a;text-align:center}h1{font-size:1.75rem}a{color:#b3001b;font-weight:700}';

/** The error page of a page's address: self-contained (no script, no data), in pt-PT. */
export function errorPage(status: number): string {
  const server = status >= 500;
  const heading = server ? 'Ocorreu um erro no servidor.' : 'Não foi possível responder a este pedido.';
  const text = server ? 'Tente novamente dentro de momentos.' : 'Verifique o endereço e tente novamente.';
  const title = server ? 'Erro no servidor' : 'Pedido inválido';
  return `<!doctype html>
<html lang="pt-PT">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} | 8½ Festa do Cinema Italiano</title>
<style>${ERROR_PAGE_STYLE}</style>
</head>
<body>
<main>
<h1>${escapeHtml(heading)}</h1>
<p>${escapeHtml(text)}</p>
<p><a href="/">Voltar à página principal</a></p>
</main>
</body>
</html>
`;
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    bodyLimit: BODY_LIMIT,
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
    // A client that trickles its request (1 byte every few seconds) must not hold a connection:
    // headers within 10 s, the whole request within 30 s, checked every second.
    requestTimeout: REQUEST_TIMEOUT_MS,
    http: { headersTimeout: HEADERS_TIMEOUT_MS, connectionsCheckingInterval: 1000 },
  });

  // A strict Content-Security-Policy: scripts and styles only from the site's own files (the page
  // data is a JSON block, which is never executed), no inline script, style or style attribute
  // (React sets the few computed styles through the CSSOM after mount), no plugins, no framing.
  // The two inline exceptions are allowed by their hashes: every page's install capture
  // (src/common/install-capture.ts) and the self-contained error page's <style>.
  const security = securityHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", cspHash(INSTALL_CAPTURE_SCRIPT)],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", cspHash(ERROR_PAGE_STYLE)],
        styleSrcAttr: ["'none'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'"],
        mediaSrc: ["'self'"],
        connectSrc: ["'self'"],
        frameSrc: ["'self'", config.videoBase, 'https://www.youtube.com', 'https://player.vimeo.com'],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: HTTPS_ONLY,
  });
  // Powerful browser features the site never uses are denied to it and to every frame (autoplay,
  // fullscreen and picture-in-picture stay at their defaults for the trailer frames).
  security['permissions-policy'] = PERMISSIONS_POLICY;
  // The API's JSON routes (route-kit.ts marks them) get an API's shorter set.
  const jsonSecurity = jsonApiSecurityHeaders(HTTPS_ONLY);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.routeOptions.config.securityHeaders === 'json' ? jsonSecurity : security);
    done();
  });
  await app.register(compress, { threshold: 1024 });
  await app.register(etag, { weak: true });
  // Limits sized for a cinema: a whole venue can sit behind one Wi-Fi address (RATE_LIMIT_POSTS,
  // default 300 posts a minute per address). A replay of an Idempotency-Key the server already
  // stored writes nothing and answers the stored answer: it is free for the address, and counted
  // only against its key (RATE_LIMIT_REPLAYS a minute), so that one key replayed in a loop still
  // meets a limit. A 429 carries Retry-After (seconds until the window ends); the outbox follows it.
  let replayLimit: ReturnType<FastifyInstance['createRateLimit']> | null = null;
  await app.register(rateLimit, {
    global: false,
    allowList: async (request) => {
      if (request.headers[INTERNAL_HEADER] === internalToken) return true;
      const key = request.headers['idempotency-key'];
      if (request.method !== 'POST' || typeof key !== 'string' || !/^[A-Za-z0-9_-]{8,128}$/.test(key)) return false;
      const known = await deps.db.selectFrom('idempotency_keys').select('key').where('key', '=', key).executeTakeFirst();
      if (!known) return false;
      replayLimit ??= app.createRateLimit({
        allowList: [],
        keyGenerator: (replay) => `replay:${String(replay.headers['idempotency-key'])}`,
        max: config.rateLimitReplays,
        timeWindow: 60_000,
      });
      const perKey = await replayLimit(request);
      return perKey.isAllowed || !perKey.isExceeded;
    },
    addHeaders: { 'x-ratelimit-limit': true, 'x-ratelimit-remaining': true, 'x-ratelimit-reset': true, 'retry-after': true },
    errorResponseBuilder: () => new HttpError(429, 'Demasiados pedidos. Tente novamente dentro de um minuto.'),
  });

  // A protocol-relative address ("//evil.example/..") would be read as another host by URL
  // parsers: no page lives there.
  app.addHook('onRequest', (request) =>
    /^\/([\\/]|%5c)/i.test(request.url) ? Promise.reject(new HttpError(404, 'Página não encontrada.')) : Promise.resolve(),
  );

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const { status, message, fields, retryAfter } = describeError(error);
    // The error itself, with its code (SQLITE_FULL, 53100...), never a later one that hides it.
    if (status >= 500) request.log.error({ err: error, code: error.code }, status === 503 ? 'database unavailable' : 'request failed');
    reply.header('cache-control', status === 404 ? 'public, max-age=60' : 'no-store');
    if (retryAfter) reply.header('retry-after', String(retryAfter));
    // A page's address (not the API, not media) answers a page, never the API's JSON.
    if (isPageUrl(request.url)) {
      reply.code(status).type('text/html; charset=utf-8').send(errorPage(status));
      return;
    }
    reply.code(status).send(errorBody(status, message, fields));
  });

  installResponseCache(app, deps);
  registerApi(
    app,
    {
      json: { ...contentHandlers(deps), programmeSync: programmeSyncHandler(deps, () => app) },
      files: downloadHandlers(deps),
      forms: submissionHandlers(deps),
    },
    { posts: config.rateLimitPosts, gets: config.rateLimitGets },
  );

  const openApi = openApiDocument(
    { title: '8½ Festa do Cinema Italiano — API', version: '1.0.0', serverUrl: config.publicUrl },
    idempotencyHeader,
  );
  app.get(`${API_BASE}/openapi.json`, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return openApi;
  });

  registerImageVariants(app, deps.imageVariants ?? imageVariantsFor(config));
  await app.register(fastifyStatic, {
    root: join(config.contentDir, 'media'),
    prefix: '/media/',
    decorateReply: false,
    immutable: false,
    maxAge: '7d',
  });

  // The API works without a built site (server tests); the pages need `npm run build`.
  if (isBuilt(deps)) await registerPages(app, deps);
  else app.log.warn('dist/ não existe: só a API está disponível (corra `npm run build`).');

  app.setNotFoundHandler((request, reply) => {
    reply.header('cache-control', 'public, max-age=60');
    const message = request.url.startsWith(`${API_BASE}/`) ? 'Endereço da API desconhecido.' : 'Página não encontrada.';
    reply.code(404).send(errorBody(404, message));
  });

  return app;
}
