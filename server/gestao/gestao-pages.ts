/**
 * The back office's pages: its own build (dist/gestao, `vite build --config vite.gestao.config.ts`),
 * one HTML document for every /gestao address (the browser routes), never cached or indexed, and
 * its hashed assets. Nothing here is shared with the public pages or the service worker.
 */
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AppDeps } from '../deps';
import { GESTAO_API_BASE } from '../../src/common/gestao/api/gestao-endpoints';

export async function registerGestaoPages(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const dir = join(deps.config.distDir, 'gestao');
  const document = join(dir, 'gestao.html');
  if (!existsSync(document)) {
    app.log.warn('dist/gestao não existe: a gestão não está disponível (corra `npm run build`).');
    return;
  }
  const html = readFileSync(document, 'utf8');
  await app.register(fastifyStatic, {
    root: join(dir, 'assets'),
    prefix: '/gestao/assets/',
    decorateReply: false,
    cacheControl: false,
    setHeaders: (res) => {
      res.setHeader('cache-control', 'public, max-age=31536000, immutable');
    },
  });
  const page = async (request: FastifyRequest, reply: FastifyReply) => {
    // An unknown API address is the API's 404, never the app's page.
    if (request.url.startsWith(`${GESTAO_API_BASE}/`)) return reply.code(404).send({ message: 'Este endereço não existe.' });
    return reply
      .header('cache-control', 'no-store')
      .header('x-robots-tag', 'noindex, nofollow')
      .type('text/html; charset=utf-8')
      .send(html);
  };
  app.get('/gestao', page);
  app.get('/gestao/*', page);
}
