/**
 * Errors and unknown addresses, answered in one place: a page's address gets a self-contained
 * HTML page in the language of its address (pt-PT, /en/…, /it/…), the API and media get ApiError JSON. The error itself is logged, with its code
 * (SQLITE_FULL, 53100...), never a later one that hides it.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import type { ApiError } from '../../src/common/api/api-types';
import { API_BASE } from '../../src/common/api/api-path';
import { isPageAddress } from '../../src/common/addresses/page-navigation';
import { describeError, HttpError, STATUS_TEXT } from '../api/http-errors';
import { visitorRefusal } from '../api/visitor-refusals';
import { wordsIn } from '../../src/common/i18n/all-catalogs';
import { DEFAULT_LOCALE, localeOfQuery, localizedPath, splitLocale, type Locale } from '../../src/common/i18n/locales';
import { escapeMarkup } from '../../src/common/text/escape-markup';

/** The language of a request's address: its prefix (/en/…, /it/…), else pt-PT. */
const localeOfUrl = (url: string): Locale => splitLocale(url.split('?', 1)[0] ?? url).locale;

const WORDS = {
  serverTitle: /*i18n*/ { id: 'errorPage.server.title', message: 'Erro no servidor' },
  serverHeading: /*i18n*/ { id: 'errorPage.server.heading', message: 'Ocorreu um erro no servidor.' },
  serverText: /*i18n*/ { id: 'errorPage.server.text', message: 'Tente novamente dentro de momentos.' },
  requestTitle: /*i18n*/ { id: 'errorPage.request.title', message: 'Pedido inválido' },
  requestHeading: /*i18n*/ { id: 'errorPage.request.heading', message: 'Não foi possível responder a este pedido.' },
  requestText: /*i18n*/ { id: 'errorPage.request.text', message: 'Verifique o endereço e tente novamente.' },
  home: /*i18n*/ { id: 'errorPage.home', message: 'Voltar à página principal' },
};

function errorBody(statusCode: number, message: string, fields?: Record<string, string>): ApiError {
  return { statusCode, error: STATUS_TEXT[statusCode] ?? 'Error', message, ...(fields ? { fields } : {}) };
}

/** Addresses of the site's pages: everything but the API (and the rest of /admin/) and media. */
const isPageUrl = (url: string) => isPageAddress(url.split('?', 1)[0] ?? url);

/** The error page's only style, inline (allowed by its hash in the CSP): it needs no other file. */
export const ERROR_PAGE_STYLE =
  'body{margin:0;padding:3rem 1.5rem;font-family:system-ui,sans-serif;color:#1a1a1a;text-align:center}h1{font-size:1.75rem}a{color:#b3001b;font-weight:700}';

export interface MessagePage {
  title: string;
  heading: string;
  text: string;
  link: { href: string; label: string };
}

/**
 * A self-contained page (no script, no data, its one style allowed by its hash): errors and refusals.
 * `locale`: the language its words are in (pt-PT unless told).
 */
export function messagePage({ title, heading, text, link }: MessagePage, locale: Locale = DEFAULT_LOCALE): string {
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeMarkup(title)} | 8½ Festa do Cinema Italiano</title>
<style>${ERROR_PAGE_STYLE}</style>
</head>
<body>
<main>
<h1>${escapeMarkup(heading)}</h1>
<p>${escapeMarkup(text)}</p>
<p><a href="${escapeMarkup(link.href)}">${escapeMarkup(link.label)}</a></p>
</main>
</body>
</html>
`;
}

/** The error page of a page's address, in the language of that address (pt-PT unless told). */
export function errorPage(status: number, locale: Locale = DEFAULT_LOCALE): string {
  const server = status >= 500;
  const i18n = wordsIn(locale);
  return messagePage(
    {
      title: i18n._(server ? WORDS.serverTitle : WORDS.requestTitle),
      heading: i18n._(server ? WORDS.serverHeading : WORDS.requestHeading),
      text: i18n._(server ? WORDS.serverText : WORDS.requestText),
      link: { href: localizedPath('/', locale), label: i18n._(WORDS.home) },
    },
    locale,
  );
}

export function registerErrorHandlers(app: FastifyInstance): void {
  // A protocol-relative address ("//evil.example/..") would be read as another host by URL
  // parsers: no page lives there.
  app.addHook('onRequest', (request) =>
    /^\/([\\/]|%5c)/i.test(request.url) ? Promise.reject(new HttpError(404, 'Página não encontrada.')) : Promise.resolve(),
  );

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const { status, message, fields, retryAfter } = describeError(error);
    if (status >= 500) request.log.error({ err: error, code: error.code }, status === 503 ? 'database unavailable' : 'request failed');
    reply.header('cache-control', status === 404 ? 'public, max-age=60' : 'no-store');
    if (retryAfter) reply.header('retry-after', String(retryAfter));
    // A page's address (not the API, not media) answers a page, never the API's JSON.
    if (isPageUrl(request.url)) {
      reply
        .code(status)
        .type('text/html; charset=utf-8')
        .send(errorPage(status, localeOfUrl(request.url)));
      return;
    }
    // A form sent from an English or Italian page (its ?lang=) is refused in that language; every
    // other request keeps the API's pt-PT words.
    const locale = localeOfQuery((request.query as { lang?: unknown } | undefined)?.lang);
    const refusal = locale === DEFAULT_LOCALE ? undefined : visitorRefusal({ status, message, retryAfter }, wordsIn(locale));
    reply.code(status).send(errorBody(status, refusal ?? message, fields));
  });

  app.setNotFoundHandler((request, reply) => {
    reply.header('cache-control', 'public, max-age=60');
    const message = request.url.startsWith(`${API_BASE}/`) ? 'Endereço da API desconhecido.' : 'Página não encontrada.';
    reply.code(404).send(errorBody(404, message));
  });
}
