/**
 * The HTTP application: external plugins, then the API, then static files; errors and unknown
 * addresses are answered in one place. `buildApp` opens no port, so tests use `app.inject`.
 */
import compress from '@fastify/compress';
import etag from '@fastify/etag';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import { join } from 'node:path';
import type { ApiError } from '../src/common/api-types';
import { contentHandlers } from './api/content-routes';
import { downloadHandlers } from './api/download-routes';
import { HttpError, STATUS_TEXT } from './api/errors';
import { API_BASE, openApiDocument, registerApi } from './api/route-kit';
import { idempotencyHeader, submissionHandlers } from './api/submission-routes';
import type { AppDeps } from './deps';
import { isBuilt, registerPages } from './render/pages';
import { INTERNAL_HEADER, internalToken } from './render/internal';
import { programmeSyncHandler } from './api/sync-routes';

export const BODY_LIMIT = 16 * 1024;
export const REQUEST_TIMEOUT_MS = 30_000;
export const HEADERS_TIMEOUT_MS = 10_000;

function errorBody(statusCode: number, message: string, fields?: Record<string, string>): ApiError {
  return { statusCode, error: STATUS_TEXT[statusCode] ?? 'Error', message, ...(fields ? { fields } : {}) };
}

/** pt-PT answers for the errors Fastify and its plugins raise before a handler runs. */
function describeError(error: FastifyError): { status: number; message: string; fields?: Record<string, string> } {
  if (error instanceof HttpError) return { status: error.statusCode, message: error.message, fields: error.fields };
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return { status: 400, message: 'O corpo do pedido não é JSON válido.' };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { status: 400, message: 'O corpo do pedido está vazio.' };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, message: `O pedido é demasiado grande (máximo ${BODY_LIMIT / 1024} KiB).` };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { status: 415, message: 'Envie o pedido em JSON (Content-Type: application/json).' };
  }
  if (error.statusCode === 429) return { status: 429, message: 'Demasiados pedidos. Tente novamente dentro de um minuto.' };
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return { status: error.statusCode, message: 'Pedido inválido.' };
  }
  return { status: 500, message: 'Ocorreu um erro no servidor. Tente novamente mais tarde.' };
}

/** Addresses of the site's pages: everything but the API (and the rest of /admin/) and media. */
const isPageUrl = (url: string) => !url.startsWith('/admin/') && url !== '/admin' && !url.startsWith('/media/');

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

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
<style>body{margin:0;padding:3rem 1.5rem;font-family:system-ui,sans-serif;color:#1a1a1a;text-align:center}h1{font-size:1.75rem}a{color:#b3001b;font-weight:700}</style>
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

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:'],
        frameSrc: ["'self'", config.videoBase, 'https://www.youtube.com', 'https://player.vimeo.com'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(compress, { threshold: 1024 });
  await app.register(etag, { weak: true });
  await app.register(rateLimit, {
    global: false,
    allowList: (request) => request.headers[INTERNAL_HEADER] === internalToken,
    errorResponseBuilder: () => new HttpError(429, 'Demasiados pedidos. Tente novamente dentro de um minuto.'),
  });

  // A protocol-relative address ("//evil.example/..") would be read as another host by URL
  // parsers: no page lives there.
  app.addHook('onRequest', (request) =>
    /^\/([\\/]|%5c)/i.test(request.url) ? Promise.reject(new HttpError(404, 'Página não encontrada.')) : Promise.resolve(),
  );

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const { status, message, fields } = describeError(error);
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    reply.header('cache-control', status === 404 ? 'public, max-age=60' : 'no-store');
    // A page's address (not the API, not media) answers a page, never the API's JSON.
    if (isPageUrl(request.url)) {
      reply.code(status).type('text/html; charset=utf-8').send(errorPage(status));
      return;
    }
    reply.code(status).send(errorBody(status, message, fields));
  });

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
