/**
 * The draft's preview: the public site's pages rendered by the same built entry as the live ones,
 * with their data read in-process from the public API over the draft (server/gestao/editing/
 * draft-preview.ts) instead of the live tables. Logged-in staff with a content role open it at
 * /gestao/pre-visualizar/<page>; anyone opens it through a signed link valid 24 h
 * (/gestao/ligacao/<token>/<page>); an altered link is refused (403) and an expired one gone (410).
 *
 * The pages are plain server-rendered HTML: no script (so no hydration that would read the live
 * API, and no service worker registered), links to the site's pages kept inside the preview, a
 * banner saying it is not published, never cached, never indexed. Under /gestao, which the service
 * worker neither answers nor keeps.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Render, RenderResult } from '../../src/common/render-types';
import { mayPreview } from '../../src/common/gestao/roles';
import { PREVIEW_BANNER, PREVIEW_BASE, PREVIEW_LINK_BASE, previewLinkPath, previewPath } from '../../src/common/gestao/preview-paths';
import { isPageAddress } from '../../src/common/addresses/page-navigation';
import type { AppDeps } from '../deps';
import { DraftPreview } from '../gestao/editing/draft-preview';
import { PreviewLinks } from '../gestao/editing/preview-links';
import { registerStaffSession, sessionSecret } from '../gestao/gestao-api';
import { errorPage, messagePage, type MessagePage } from '../plugins/errors';
import { describeError } from '../api/http-errors';
import { pageHtml, scopeOfCookie } from './page-html';

/**
 * The rendered page made static and kept inside the preview. The HTML is the entry's own output
 * (React writes every attribute double-quoted), so these few exact patterns are enough:
 * - in the page's markup, a link or a form to one of the site's pages (not the API, media or
 *   files) points into the preview (the head's stylesheet and icons stay the site's own);
 * - every script goes but the page's JSON data (never executed): no hydration from the live API,
 *   no service worker; the manifest and module preloads go too (nothing to install or load);
 * - the banner opens the body, and robots are told not to index.
 */
export function staticPreview(template: string, rendered: RenderResult, toPreview: (publicPath: string) => string): string {
  const banner = `<aside class="offline-banner" aria-label="Pré-visualização"><strong>${PREVIEW_BANNER}</strong></aside>`;
  const html = rendered.html.replace(/\s(href|action)="(\/(?!\/)[^"]*)"/g, (whole, attribute: string, path: string) =>
    isPageAddress(path.split(/[?#]/, 1)[0] ?? path) ? ` ${attribute}="${toPreview(path)}"` : whole,
  );
  return pageHtml(template, { ...rendered, html })
    .replace(/<script\b(?![^>]*type="application\/json")[^>]*>[\s\S]*?<\/script>/g, '')
    .replace(/<link rel="(?:modulepreload|manifest)"[^>]*>/g, '')
    .replace('<head>', '<head>\n    <meta name="robots" content="noindex, nofollow">')
    .replace(/<body([^>]*)>/, `<body$1>\n    ${banner}`);
}

/** The public page's path (with its query) from the preview's address after `base`. */
function publicPathOf(url: string, base: string): string {
  const rest = url.slice(base.length);
  if (rest === '' || rest.startsWith('?')) return `/${rest}`;
  return rest;
}

const REFUSALS: Record<'login' | 'enrol' | 'role' | 'alterada' | 'expirada' | 'form', { status: number; page: MessagePage }> = {
  form: {
    status: 403,
    page: {
      title: 'Pré-visualização',
      heading: 'Na pré-visualização os formulários não são enviados.',
      text: 'Esta página ainda não foi publicada: o formulário só funciona no site, depois de publicar.',
      // The page the form was on (set per request).
      link: { href: PREVIEW_BASE, label: 'Voltar à página' },
    },
  },
  login: {
    status: 401,
    page: {
      title: 'Pré-visualização',
      heading: 'Inicie sessão para pré-visualizar.',
      text: 'A pré-visualização do que ainda não foi publicado é só para a equipa, ou para quem recebeu uma ligação.',
      link: { href: '/gestao', label: 'Entrar na gestão' },
    },
  },
  enrol: {
    status: 403,
    page: {
      title: 'Pré-visualização',
      heading: 'Ative primeiro a verificação em dois passos.',
      text: 'Uma conta de Administração precisa de um segundo fator antes de usar a gestão.',
      link: { href: '/gestao', label: 'Ativar na gestão' },
    },
  },
  role: {
    status: 403,
    page: {
      title: 'Pré-visualização',
      heading: 'O seu perfil não pode pré-visualizar.',
      text: 'Só quem edita os conteúdos pode ver o que ainda não foi publicado.',
      link: { href: '/gestao', label: 'Voltar à gestão' },
    },
  },
  alterada: {
    status: 403,
    page: {
      title: 'Ligação inválida',
      heading: 'Esta ligação de pré-visualização não é válida.',
      text: 'A ligação foi alterada ou está incompleta. Peça uma nova a quem a enviou.',
      link: { href: '/', label: 'Ir para o site' },
    },
  },
  expirada: {
    status: 410,
    page: {
      title: 'Ligação expirada',
      heading: 'Esta ligação de pré-visualização expirou.',
      text: 'As ligações de pré-visualização valem 24 horas. Peça uma nova a quem a enviou.',
      link: { href: '/', label: 'Ir para o site' },
    },
  },
};

export async function registerPreviewPages(
  app: FastifyInstance,
  deps: AppDeps,
  built: { render: Render; template: string },
): Promise<void> {
  const { render, template } = built;
  const draft = new DraftPreview(deps);
  const links = new PreviewLinks(deps);
  app.addHook('onClose', () => draft.close());
  const secret = await sessionSecret(deps);

  await app.register(async (scope) => {
    // Every answer, refusals and errors included: the draft is nobody's to keep or to index.
    scope.addHook('onRequest', (_request, reply, done) => {
      reply.header('cache-control', 'no-store');
      reply.header('x-robots-tag', 'noindex, nofollow');
      done();
    });
    scope.setErrorHandler((error: FastifyError, request, reply) => {
      const { status } = describeError(error);
      if (status >= 500) request.log.error({ err: error, code: error.code }, 'preview failed');
      reply.header('cache-control', 'no-store');
      return reply.code(status).type('text/html; charset=utf-8').send(errorPage(status));
    });
    await registerStaffSession(scope, deps, secret);

    const refuse = (reply: FastifyReply, why: keyof typeof REFUSALS, back?: string) => {
      const { status, page } = REFUSALS[why];
      return reply
        .code(status)
        .type('text/html; charset=utf-8')
        .send(messagePage(back ? { ...page, link: { ...page.link, href: back } } : page));
    };

    const show = async (request: FastifyRequest, reply: FastifyReply, publicPath: string, toPreview: (path: string) => string) => {
      const read = await draft.reader();
      const rendered = await render(publicPath, `escopo=${scopeOfCookie(request.headers.cookie)}`, async (path) => {
        const answer = await read(path);
        if (answer.status >= 500) throw new Error(`A API do rascunho respondeu ${answer.status} a ${path} ao mostrar ${request.url}`);
        return answer;
      });
      return reply
        .code(rendered.status)
        .type('text/html; charset=utf-8')
        .send(staticPreview(template, rendered, toPreview));
    };

    const staffPreview = async (request: FastifyRequest, reply: FastifyReply) => {
      if (!request.staff) return refuse(reply, 'login');
      if (request.enrolmentRequired) return refuse(reply, 'enrol');
      if (!mayPreview(request.staff.role)) return refuse(reply, 'role');
      return show(request, reply, publicPathOf(request.url, PREVIEW_BASE), previewPath);
    };
    scope.get(PREVIEW_BASE, staffPreview);
    scope.get(`${PREVIEW_BASE}/*`, staffPreview);
    // A form of the preview (a ticket request, the newsletter) is shown, never sent: nothing
    // unpublished reaches the festival's inboxes, and nothing is sent to the live site by mistake.
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, _body, done) => done(null, {}));
    const notSent = (request: FastifyRequest, reply: FastifyReply) => refuse(reply, 'form', request.url);
    scope.post(`${PREVIEW_BASE}/*`, notSent);
    scope.post(`${PREVIEW_LINK_BASE}/:token/*`, notSent);

    const linkPreview = async (request: FastifyRequest<{ Params: { token: string } }>, reply: FastifyReply) => {
      const { token } = request.params;
      const check = await links.check(token);
      if (check !== 'valida') return refuse(reply, check);
      const base = `${PREVIEW_LINK_BASE}/${token}`;
      return show(request, reply, publicPathOf(request.url, base), (path) => previewLinkPath(token, path));
    };
    scope.get(`${PREVIEW_LINK_BASE}/:token`, linkPreview);
    scope.get(`${PREVIEW_LINK_BASE}/:token/*`, linkPreview);
  });
}
