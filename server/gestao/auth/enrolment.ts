/**
 * Administrators log in with two factors (ASVS L2, 2.2.x): an administrator whose account has no
 * second factor in force is, after the password, sent to set one up and can do nothing else
 * until it is done. The server refuses every other /gestao/api request (reads too: an
 * administrator's reads include people's data) with a pt-PT 403, whatever the interface shows.
 *
 * The factor is the existing two-step login (TOTP): the gate only opens once a first code
 * confirmed it (POST /totp/confirm), so a secret that was set up and never confirmed opens nothing.
 */
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { auditFrom } from './staff';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set with `staff`: this administrator must enrol a second factor before anything else. */
    enrolmentRequired: boolean;
  }
  interface FastifyContextConfig {
    /** The few routes an administrator without a second factor may call: the session itself and the enrolment. */
    beforeEnrolment?: boolean;
  }
}

export const ENROLMENT_REQUIRED =
  'As contas de Administração têm de ter a verificação em dois passos ativa. Ative-a em «A minha conta» antes de continuar.';

/** Whether an account must enrol a second factor before it may use the back office. */
export function mustEnrol(role: string, hasSecondFactor: boolean): boolean {
  return role === 'administracao' && !hasSecondFactor;
}

/**
 * The gate, as a preHandler of the whole scope (after the session is read): 403
 * `{ message, enrolmentRequired: true }` for every route not marked `beforeEnrolment`, audited as
 * a refusal like any other.
 */
export function registerEnrolmentGate(scope: FastifyInstance, deps: Pick<AppDeps, 'db' | 'clock'>): void {
  scope.decorateRequest('enrolmentRequired', false);
  scope.addHook('preHandler', async (request, reply) => {
    if (!request.staff || !request.enrolmentRequired || request.routeOptions.config.beforeEnrolment === true) return;
    await auditFrom(request, deps, {
      action: `${request.method} ${request.routeOptions.url ?? request.url}`,
      subject: request.url.split('?', 1)[0] ?? null,
      outcome: 'denied',
      after: { reason: 'sem verificação em dois passos' },
    });
    return reply.code(403).send({ message: ENROLMENT_REQUIRED, enrolmentRequired: true });
  });
}

/** Route config that lets a route through the gate. */
export const BEFORE_ENROLMENT = { beforeEnrolment: true } as const;

