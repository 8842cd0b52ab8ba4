/**
 * The POST endpoints. Each body is validated by the form's own Yup schema (src/common/forms/form-schemas),
 * and each accepts an Idempotency-Key so that an outbox may replay it safely.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { InferType } from 'yup';
import type { SubmissionAck } from '../../src/common/api/api-types';
import {
  MESSAGES,
  sayIn,
  type accreditationSchema,
  type FormKind,
  type newsletterSchema,
  type Say,
  type ticketSchema,
} from '../../src/common/forms/form-schemas';
import { wordsIn } from '../../src/common/i18n/all-catalogs';
import { DEFAULT_LOCALE, localeOfQuery } from '../../src/common/i18n/locales';
import type { AppDeps } from '../deps';
import { writeOnce, type StoredAnswer } from '../db/repositories/submissions/idempotency-repository';
import { ticketSession } from '../db/repositories/programme/programme-repository';
import { lisbonDateTime } from '../clock';
import { insertAccreditation, insertNewsletter, insertTicketRequest } from '../db/repositories/submissions/submissions-repository';
import { HttpError } from './http-errors';
import type { FormHandlers } from './endpoint-registration';

/** The answer to a ticket request for a session that has already begun (pt-PT, the API's language). */
export const SESSION_STARTED = MESSAGES.sessionStarted;

/** The JSON API's language: its messages in pt-PT. */
const sayPt: Say = (key) => MESSAGES[key];

const KEY_PATTERN = /^[A-Za-z0-9_-]{8,128}$/;

export const idempotencyHeader = {
  'Idempotency-Key': {
    type: 'string',
    pattern: KEY_PATTERN.source,
    description: 'Chave gerada pelo cliente (ex.: UUID). Uma repetição devolve a primeira resposta; outra corpo com a mesma chave dá 422.',
  },
};

/** A key as the client sent it (header, or hidden form field): absent is null, malformed is a 400. */
export function checkIdempotencyKey(
  value: unknown,
  message = 'Cabeçalho Idempotency-Key inválido: use 8 a 128 letras, algarismos, - ou _.',
): string | null {
  if (value === undefined) return null;
  if (typeof value !== 'string' || !KEY_PATTERN.test(value)) throw new HttpError(400, message);
  return value;
}

const idempotencyKey = (request: FastifyRequest): string | null => checkIdempotencyKey(request.headers['idempotency-key']);

/** A stable hash of a validated body: same fields and values, same hash, whatever the key order. */
function hashBody(body: Record<string, unknown>): string {
  const canonical = JSON.stringify(
    Object.keys(body)
      .sort()
      .map((k) => [k, body[k]]),
  );
  return createHash('sha256').update(canonical).digest('hex');
}

/** The validated body of each form (its Yup schema's output). */
export interface FormBodies {
  newsletter: InferType<typeof newsletterSchema>;
  accreditation: InferType<typeof accreditationSchema>;
  ticket: InferType<typeof ticketSchema>;
}

interface StoredSubmission {
  statusCode: number;
  ack: SubmissionAck;
  /** True when the key had already stored this body: the first answer, nothing new written. */
  replayed: boolean;
}

/**
 * `say` words the answer and a refusal (the session is missing or has begun) in the language of
 * the one who asked: the one the JSON API's address names (?lang=; pt-PT without), the posted
 * page's for a form posted without JavaScript. The stored answer, replayed for the same key, is in
 * the language of the post that stored it (an outbox sends again to the same address).
 */
type SubmissionStore = <K extends FormKind>(kind: K, body: FormBodies[K], key: string | null, say?: Say) => Promise<StoredSubmission>;

/**
 * Stores one validated submission, at most once per idempotency key: the one code path of the API's
 * POSTs and of the forms posted to their pages without JavaScript. Throws HttpError (400 for a
 * session that does not exist or has already begun, 422 for a key reused with another body).
 */
export function submissionStore({ db, clock, metrics }: AppDeps): SubmissionStore {
  const ack = (id: string, message: string): StoredAnswer => ({ statusCode: 201, body: { ok: true, id, message } satisfies SubmissionAck });
  const now = () => clock().toISOString();
  const once = async (key: string | null, route: string, body: Record<string, unknown>, write: Parameters<typeof writeOnce>[2]) => {
    const result = await writeOnce(db, { key, route, bodyHash: hashBody(body) }, write);
    if (result.kind === 'conflict') {
      throw new HttpError(422, 'Esta Idempotency-Key já foi usada com outro pedido.');
    }
    return { statusCode: result.answer.statusCode, ack: result.answer.body, replayed: result.kind === 'replayed' };
  };
  const writers: { [K in FormKind]: (body: FormBodies[K], key: string | null, say: Say) => Promise<StoredSubmission> } = {
    newsletter: (body, key, say) =>
      once(key, 'newsletter', body, async (trx) => {
        // A repeated (email, city) answers like the first subscription, with the stored row's id.
        const id = await insertNewsletter(trx, randomUUID(), body, now());
        return ack(id, say('newsletterSuccess'));
      }),
    accreditation: (body, key, say) =>
      once(key, 'accreditation', body, async (trx) => {
        const id = randomUUID();
        await insertAccreditation(trx, id, body, now());
        return ack(id, say('accreditationSuccess'));
      }),
    ticket: async (body, key, say) => {
      const sessionId = Number(body.session_id);
      const session = await ticketSession(db, sessionId);
      if (!session) throw new HttpError(400, say('sessionMissing'), { session_id: say('sessionMissing') });
      // Sessions are stored in Lisbon wall-clock time, as is "now" here: one that has begun
      // (starts at or before this minute) takes no more requests.
      if (session.startsAt <= lisbonDateTime(clock())) {
        throw new HttpError(400, say('sessionStarted'), { session_id: say('sessionStarted') });
      }
      const { label } = session;
      return once(key, 'ticket', body, async (trx) => {
        const id = randomUUID();
        await insertTicketRequest(
          trx,
          id,
          { session_id: sessionId, session_label: label, name: body.name, email: body.email, tickets: body.tickets },
          now(),
        );
        return ack(id, say('ticketSuccess'));
      });
    },
  };
  return async (kind, body, key, say = sayPt) => {
    const write = writers[kind] as (body: FormBodies[typeof kind], key: string | null, say: Say) => Promise<StoredSubmission>;
    const stored = await write(body, key, say);
    // A replay is an outbox (or a browser) sending again what was stored: counted apart.
    metrics?.submissions.inc({ kind, outcome: stored.replayed ? 'replayed' : 'stored' });
    return stored;
  };
}

export function submissionHandlers(deps: AppDeps): FormHandlers {
  const store = submissionStore(deps);
  const sayFor = (lang: unknown): Say => {
    const locale = localeOfQuery(lang);
    return locale === DEFAULT_LOCALE ? sayPt : sayIn(wordsIn(locale));
  };
  const answer = async (reply: FastifyReply, stored: Promise<StoredSubmission>): Promise<SubmissionAck> => {
    const { statusCode, ack, replayed } = await stored;
    if (replayed) reply.header('idempotent-replayed', 'true');
    reply.code(statusCode);
    return ack;
  };
  return {
    newsletter: ({ body, query, request, reply }) => answer(reply, store('newsletter', body, idempotencyKey(request), sayFor(query.lang))),
    accreditation: ({ body, query, request, reply }) =>
      answer(reply, store('accreditation', body, idempotencyKey(request), sayFor(query.lang))),
    ticket: ({ body, query, request, reply }) => answer(reply, store('ticket', body, idempotencyKey(request), sayFor(query.lang))),
  };
}
