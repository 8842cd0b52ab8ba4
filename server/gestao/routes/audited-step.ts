/**
 * Runs one back-office step: a refusal (GestaoError) is answered with its status and its own pt-PT
 * body (the fields beside their messages, the stored record of a conflict), and written in the
 * audit log. What is logged is the route's choice: the record screens log the refusals of a person
 * who may not act ('denials', with what they sent); the programme's import logs every refusal of
 * every step ('every refusal', with its message), so that a failed import can be traced.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps';
import { auditFrom } from '../auth/staff';
import { GestaoError } from '../editing/gestao-error';

export function auditedSteps(audits: 'denials' | 'every refusal') {
  return async function step<T>(
    request: FastifyRequest,
    reply: FastifyReply,
    deps: AppDeps,
    action: string,
    subject: string,
    run: () => Promise<T>,
  ) {
    try {
      return await run();
    } catch (error) {
      if (!(error instanceof GestaoError)) throw error;
      if (audits === 'every refusal')
        await auditFrom(request, deps, { action, subject, outcome: 'failed', after: { message: error.message } });
      else if (error.statusCode === 403)
        await auditFrom(request, deps, { action, subject, outcome: 'denied', after: request.body ?? null });
      return reply.code(error.statusCode).send(error.body);
    }
  };
}
