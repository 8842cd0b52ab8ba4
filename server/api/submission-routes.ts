/**
 * The POST endpoints. Each body is validated by the form's own Yup schema (src/common/schemas),
 * and each accepts an Idempotency-Key so that an outbox may replay it safely.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { SubmissionAck } from '../../src/common/api-types';
import { MESSAGES } from '../../src/common/schemas';
import type { AppDeps } from '../deps';
import { writeOnce, type StoredAnswer } from '../db/repositories/idempotency-repository';
import { sessionLabel } from '../db/repositories/programme-repository';
import { insertAccreditation, insertNewsletter, insertTicketRequest } from '../db/repositories/submissions-repository';
import { HttpError } from './errors';
import type { FormHandlers } from './route-kit';

const KEY_PATTERN = /^[A-Za-z0-9_-]{8,128}$/;

export const idempotencyHeader = {
  'Idempotency-Key': {
    type: 'string',
    pattern: KEY_PATTERN.source,
    description: 'Chave gerada pelo cliente (ex.: UUID). Uma repetição devolve a primeira resposta; outra corpo com a mesma chave dá 422.',
  },
};

function idempotencyKey(request: FastifyRequest): string | null {
  const header = request.headers['idempotency-key'];
  if (header === undefined) return null;
  if (typeof header !== 'string' || !KEY_PATTERN.test(header)) {
    throw new HttpError(400, 'Cabeçalho Idempotency-Key inválido: use 8 a 128 letras, algarismos, - ou _.');
  }
  return header;
}

/** A stable hash of a validated body: same fields and values, same hash, whatever the key order. */
function hashBody(body: Record<string, unknown>): string {
  const canonical = JSON.stringify(
    Object.keys(body)
      .sort()
      .map((k) => [k, body[k]]),
  );
  return createHash('sha256').update(canonical).digest('hex');
}

export function submissionHandlers({ db, clock }: AppDeps): FormHandlers {
  const submit = async (
    request: FastifyRequest,
    reply: { code: (n: number) => unknown; header: (k: string, v: string) => unknown },
    route: string,
    body: Record<string, unknown>,
    write: Parameters<typeof writeOnce>[2],
  ): Promise<SubmissionAck> => {
    const result = await writeOnce(db, { key: idempotencyKey(request), route, bodyHash: hashBody(body) }, write);
    if (result.kind === 'conflict') {
      throw new HttpError(422, 'Esta Idempotency-Key já foi usada com outro pedido.');
    }
    if (result.kind === 'replayed') reply.header('idempotent-replayed', 'true');
    reply.code(result.answer.statusCode);
    return result.answer.body;
  };
  const ack = (id: string, message: string): StoredAnswer => ({ statusCode: 201, body: { ok: true, id, message } satisfies SubmissionAck });
  const now = () => clock().toISOString();

  return {
    newsletter: ({ body, request, reply }) =>
      submit(request, reply, 'newsletter', body, async (trx) => {
        // A repeated (email, city) answers like the first subscription, with the stored row's id.
        const id = await insertNewsletter(trx, randomUUID(), body, now());
        return ack(id, MESSAGES.newsletterSuccess);
      }),
    accreditation: ({ body, request, reply }) =>
      submit(request, reply, 'accreditation', body, async (trx) => {
        const id = randomUUID();
        await insertAccreditation(trx, id, body, now());
        return ack(id, MESSAGES.accreditationSuccess);
      }),
    ticket: async ({ body, request, reply }) => {
      const sessionId = Number(body.session_id);
      const label = await sessionLabel(db, sessionId);
      if (!label) throw new HttpError(400, MESSAGES.sessionMissing, { session_id: MESSAGES.sessionMissing });
      return submit(request, reply, 'ticket', body, async (trx) => {
        const id = randomUUID();
        await insertTicketRequest(
          trx,
          id,
          { session_id: sessionId, session_label: label, name: body.name, email: body.email, tickets: body.tickets },
          now(),
        );
        return ack(id, MESSAGES.ticketSuccess);
      });
    },
  };
}
