/**
 * Forms posted without JavaScript: each form is a `<form method="post" action="{its page}">`, so a
 * visitor who submits before the page is hydrated (or without JavaScript) posts an urlencoded body
 * to the page itself. The body is validated with the API's Yup schema and stored through the API's
 * own code path (submissionStore, with the hidden idempotency_key as the key); the page is then
 * rendered by the same renderer as a GET, with the outcome (message, per-field errors, the values
 * typed). A POST to any other page answers the not-found page.
 *
 * Each form's page is posted to in every language (/newsletter, /en/newsletter, /it/newsletter):
 * the posted address's language words the outcome (the schema's messages, the success line, a
 * refusal), with an i18n made for the request from the compiled catalog, and the page is rendered
 * in that language as a GET to it would be.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { parse } from 'node:querystring';
import { API_BASE } from '../../src/common/api/api-path';
import { formEndpoints } from '../../src/common/api/endpoints';
import { IDEMPOTENCY_FIELD, type ApiReader, type FormResult, type Render } from '../../src/common/render-types';
import { pageHtml } from './page-html';
import { sayIn, type FormKind, type FormMessage, type Say } from '../../src/common/forms/form-schemas';
import { wordsIn } from '../../src/common/i18n/all-catalogs';
import type { I18n } from '../../src/common/i18n/i18n';
import { LOCALES, localizedPath, localeOfPath, type Locale } from '../../src/common/i18n/locales';
import { describeError, HttpError, RETRY_AFTER_SECONDS } from '../api/http-errors';
import { visitorRefusal } from '../api/visitor-refusals';
import { validate } from '../api/endpoint-registration';
import { localizedFormSchema } from '../api/localized-form-schemas';
import { checkIdempotencyKey, submissionStore, type FormBodies } from '../api/submission-routes';
import type { AppDeps } from '../deps';

/** The page of each form (the paths of the route table, declared by each screen's route module under src/screens/). */
const FORM_PAGES: Record<FormKind, string> = {
  newsletter: '/newsletter',
  accreditation: '/acreditacoes',
  ticket: '/filme/:id',
};

/** A form's outcome as the visitor reads it, in the posted address's language. */
interface Words {
  i18n: I18n;
  say: Say;
}

const SUCCESS: Record<FormKind, FormMessage> = {
  newsletter: 'newsletterSuccess',
  accreditation: 'accreditationSuccess',
  ticket: 'ticketSuccess',
};

/** Thrown before the body is read (a malformed urlencoded body): worded by the error handler. */
class InvalidForm extends HttpError {
  constructor() {
    super(400, 'malformed urlencoded body');
  }
}

interface PageRenderer {
  render: Render;
  template: string;
  readApi: ApiReader;
}

/** An urlencoded body: percent-escapes must be well formed (a malformed body is a 400 page, not a guess). */
function parseUrlencoded(text: string): Record<string, unknown> {
  try {
    decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    throw new InvalidForm();
  }
  return { ...parse(text) };
}

/** The form's own fields as typed (one string each); anything else posted is ignored. */
function typedValues(kind: FormKind, body: Record<string, unknown>): Record<string, string> {
  const values: Record<string, string> = {};
  for (const name of Object.keys(formEndpoints[kind].body.fields)) {
    const raw = body[name];
    const value = Array.isArray(raw) ? (raw[0] as unknown) : raw;
    if (typeof value === 'string' || typeof value === 'number') values[name] = String(value);
  }
  return values;
}

/**
 * The outcome of an error raised before or while storing a form, in the posted address's language:
 * an HttpError of the form's own (a field refused by the schema, a session refused by the store) is
 * already worded in it; the rest is worded here by its status, where the API's words speak of JSON.
 */
function describeFormError(error: FastifyError | HttpError, { i18n, say }: Words): ReturnType<typeof describeError> {
  const described = describeError(error);
  if (error instanceof InvalidForm) return { status: 400, message: say('invalidForm') };
  if (error instanceof HttpError && error.fields) return described;
  const refusal = visitorRefusal(described, i18n);
  if (refusal) return { status: described.status, message: refusal, retryAfter: described.retryAfter };
  if (described.status === 413) return { status: 413, message: say('tooLarge') };
  return { status: described.status === 415 ? 415 : 400, message: say('invalidForm') };
}

function outcomeOf(
  kind: FormKind,
  error: FastifyError | HttpError,
  words: Words,
  values?: Record<string, string>,
): { status: number; result: FormResult } {
  const { status, message, fields } = describeFormError(error, words);
  const invalid = fields !== undefined && Object.keys(fields).length > 0;
  return {
    status,
    result: { kind, status: invalid ? 'invalid' : 'error', message, ...(invalid ? { fields } : {}), ...(values ? { values } : {}) },
  };
}

interface FormRouteConfig {
  formKind?: FormKind;
  locale?: Locale;
}

/** The posted address's language's words (read only: the page itself renders with an instance of its own). */
const wordsOf = (locale: Locale): Words => {
  const i18n = wordsIn(locale);
  return { i18n, say: sayIn(i18n) };
};

export async function registerFormPosts(app: FastifyInstance, deps: AppDeps, pages: PageRenderer): Promise<void> {
  const store = submissionStore(deps);
  const { config } = deps;

  const answer = async (request: FastifyRequest, reply: FastifyReply, status: number, formResult?: FormResult) => {
    // Nothing was stored (a full disk, a lost database): the visitor may send it again shortly.
    if (status === 503) reply.header('retry-after', String(RETRY_AFTER_SECONDS));
    const url = formResult ? request.url : localizedPath('/404', localeOfPath(request.url));
    const result = await pages.render(url, request.headers.cookie, pages.readApi, formResult ? { formResult } : {});
    reply
      .code(result.status === 404 ? 404 : status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store');
    return pageHtml(pages.template, result);
  };

  // Encapsulated: the urlencoded parser and the HTML error pages apply to these routes only, not to the API.
  await app.register((scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
      try {
        done(null, parseUrlencoded(body as string));
      } catch (error) {
        done(error as Error, undefined);
      }
    });

    scope.setErrorHandler(async (error: FastifyError, request, reply) => {
      const { formKind: kind, locale } = request.routeOptions.config as FormRouteConfig;
      const { status, result } = kind
        ? outcomeOf(kind, error, wordsOf(locale ?? localeOfPath(request.url)))
        : { status: 404, result: undefined };
      if (status >= 500) request.log.error({ err: error }, 'form post failed');
      return answer(request, reply, status, result);
    });

    for (const kind of Object.keys(FORM_PAGES) as FormKind[]) {
      for (const locale of LOCALES) {
        scope.post(localizedPath(FORM_PAGES[kind], locale), {
          config: { formKind: kind, locale, rateLimit: { max: config.rateLimitPosts, timeWindow: '1 minute' } },
          handler: async (request, reply) => {
            const words = wordsOf(locale);
            const posted = (request.body ?? {}) as Record<string, unknown>;
            const values = typedValues(kind, posted);
            let outcome: { status: number; result: FormResult };
            try {
              const rawKey = posted[IDEMPOTENCY_FIELD];
              const key = checkIdempotencyKey(rawKey === '' ? undefined : rawKey, words.say('invalidForm'));
              const body = (await validate(localizedFormSchema(kind, locale), values, 'body')) as FormBodies[typeof kind];
              await store(kind, body, key, words.say);
              // The stored answer is the API's (pt-PT); the page says it in its own language.
              outcome = { status: 200, result: { kind, status: 'sent', message: words.say(SUCCESS[kind]) } };
            } catch (error) {
              if (!(error instanceof HttpError)) request.log.error({ err: error }, 'form post failed');
              outcome = outcomeOf(kind, error as FastifyError | HttpError, words, values);
            }
            return answer(request, reply, outcome.status, outcome.result);
          },
        });
      }
    }

    // Every other page has no form: a POST to it answers the not-found page.
    scope.post('/*', async (request, reply) => {
      if (request.url.startsWith(`${API_BASE}/`) || request.url.startsWith('/media/')) {
        reply.callNotFound();
        return reply;
      }
      return answer(request, reply, 404);
    });
    return Promise.resolve();
  });
}
