/**
 * Administrators log in with two factors (ASVS L2, 2.2.x): an administrator whose account has no
 * second factor in force is, after the password, sent to set one up and can do nothing else
 * until it is done. The server refuses every other /gestao/api request (reads too: an
 * administrator's reads include people's data) with a pt-PT 403, whatever the interface shows.
 *
 * Either factor will do: the two-step login (TOTP), in force once a first code confirmed it (a
 * secret set up and never confirmed opens nothing), or a passkey. A passkey counts because it is a
 * stronger second factor than a code, not a weaker one: it is a key pair the authenticator keeps,
 * it answers only the festival's own origin (a look-alike site gets nothing to replay, where a
 * code can be typed into one), and it is added only with user verification (a PIN or a
 * fingerprint), so a login with it is a multi-factor login in itself (ASVS 2.2.1, NIST AAL2+).
 * For it to protect the account, an administrator who has a passkey and no TOTP may not log in
 * with the password alone (session-routes.ts): the passkey is then the only way in.
 */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import { countStaffPasskeys } from '../../db/repositories/staff/staff-passkeys-repository';
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
  'As contas de Administração têm de ter um segundo fator. Ative a verificação em dois passos ou acrescente uma chave de acesso antes de continuar.';

/** Whether the account has a second factor in force: a confirmed TOTP, or a passkey. */
export async function hasSecondFactor(db: Db, user: { id: number; totp_enabled_at: string | null }): Promise<boolean> {
  return user.totp_enabled_at !== null || (await countStaffPasskeys(db, user.id)) > 0;
}

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
