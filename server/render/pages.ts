/**
 * The site's pages: the built client (dist/client) as static files, and every other GET rendered
 * on the server by the built entry (dist/server/entry-server.js) with its data read through the
 * API in-process, so pages and API answer from the same code.
 */
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Render } from '../../src/common/render-types';
import { API_BASE } from '../../src/common/api/api-path';
import type { ResponseCache } from '../cache/response-cache';
import type { AppDeps } from '../deps';
import { registerFormPosts } from './form-posts';
import { inProcessReader } from '../api/in-process';
import { pageCacheKey, pageHtml, scopeOfCookie } from './page-html';
import { registerPreviewPages } from './preview-pages';
import { registerLocaleManifests } from './locale-manifests';
import { catalogPreloads } from './catalog-preloads';
import { registerSitemap } from './sitemap';

/** A page is revalidated every time (its ETag makes that cheap) and differs by the scope's cookie. */
const PAGE_HEADERS = { 'cache-control': 'no-cache', vary: 'cookie' };

export function isBuilt(deps: AppDeps): boolean {
  const dist = deps.config.distDir;
  return existsSync(join(dist, 'client/index.html')) && existsSync(join(dist, 'server/entry-server.js'));
}

/** The form idempotency key the entry put into a render (src/shell/entry-server.tsx, `form`). */
const renderedKey = (bootData: string) => /"idempotencyKey":"([0-9a-f-]{36})"/.exec(bootData)?.[1];

export async function registerPages(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const dist = deps.config.distDir;
  const clientDir = join(dist, 'client');
  const template = readFileSync(join(clientDir, 'index.html'), 'utf8');
  const cache: ResponseCache = app.responseCache;
  const { render } = (await import(pathToFileURL(join(dist, 'server/entry-server.js')).href)) as { render: Render };

  await app.register(fastifyStatic, {
    root: clientDir,
    prefix: '/',
    wildcard: false,
    index: false,
    decorateReply: false,
    cacheControl: false,
    setHeaders: (res, path) => {
      // Hashed assets never change; everything else (the service worker, the manifest) must be revalidated.
      res.setHeader('cache-control', path.includes(`${join('client', 'assets')}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
    allowedPath: (pathName) => pathName !== '/index.html',
  });

  const readApi = inProcessReader(app);
  registerLocaleManifests(app);
  const preloads = catalogPreloads(clientDir);
  registerSitemap(app, deps);

  app.get('/*', async (request, reply) => {
    if (request.url.startsWith(`${API_BASE}/`) || request.url.startsWith('/media/')) {
      reply.callNotFound();
      return reply;
    }
    // A read the API could not answer (5xx) is a fault of the server, not an empty page: it and
    // any error while rendering reach the app's error handler, which logs it (with the request id)
    // and answers the HTML error page with status 500.
    const readOrFail = async (path: string) => {
      const answer = await readApi(path);
      if (answer.status >= 500) throw new Error(`A API respondeu ${answer.status} a ${path} ao mostrar ${request.url}`);
      return answer;
    };
    // Rendered once per content version, scope and URL (server/cache/response-cache.ts); a page
    // that read a live (clock-dependent) API answer is kept for a short time only.
    const scope = scopeOfCookie(request.headers.cookie);
    const result = await cache.answer('page', pageCacheKey(scope, request.url), async () => {
      let live = false;
      const rendered = await render(request.url, `escopo=${scope}`, async (path) => {
        const answer = await readOrFail(path);
        live ||= answer.live;
        return answer;
      });
      const key = renderedKey(rendered.bootData);
      return {
        status: rendered.status,
        type: 'text/html; charset=utf-8',
        body: Buffer.from(pageHtml(template, rendered, preloads(rendered.lang))),
        live,
        // A page with a form carries its idempotency key in the HTML: each response gets its own.
        token: key && rendered.html.includes(key) ? key : undefined,
        door: { security: 'page', headers: PAGE_HEADERS },
      };
    });
    reply.code(result.status).type('text/html; charset=utf-8').headers(PAGE_HEADERS);
    return cache.send(request, reply, result);
  });

  // Forms posted without JavaScript (urlencoded, to their own page), rendered by the same entry.
  await registerFormPosts(app, deps, { render, template, readApi });

  // The draft's preview, rendered by the same entry from the draft instead of the live tables.
  await registerPreviewPages(app, deps, { render, template });
}
