/**
 * Passkeys: a logged-in person adds them (named), lists them with when they were added and last
 * used, and removes one after the password again; anyone logs in with one ("Entrar com uma chave de
 * acesso"). A passkey with user verification is something the person has and something they know
 * or are, so its login asks for no password and no code. Every step is audited: added, removed,
 * used and failed.
 */
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { FastifyInstance } from 'fastify';
import { ValidationError } from 'yup';
import { gestaoEndpoints as E } from '../../../src/common/gestao/api/gestao-endpoints';
import { PASSKEY_NOT_FOUND } from '../../../src/common/gestao/api/refusals';
import { PASSKEY_ANSWER_MISSING } from '../../../src/common/gestao/api/request-schemas';
import { passkeyNameSchema } from '../../../src/common/gestao/passkey-schema';
import { isRole } from '../../../src/common/gestao/roles';
import type { PasskeySummary } from '../../../src/common/gestao/staff-views';
import { HttpError } from '../../api/http-errors';
import {
  deleteStaffPasskey,
  findStaffPasskeyByCredentialId,
  insertStaffPasskey,
  listStaffPasskeys,
  recordStaffPasskeyUse,
  type StaffPasskey,
} from '../../db/repositories/staff/staff-passkeys-repository';
import { findStaffUserById } from '../../db/repositories/staff/staff-users-repository';
import type { AppDeps } from '../../deps';
import type { DeviceCookies } from '../auth/device-cookies';
import { chargePasskeyAttempt, tooManyAttemptsMessage } from '../auth/login-limits';
import { authenticationOptions, registrationOptions, verifyAuthentication, verifyRegistration } from '../auth/passkeys';
import { auditFrom, type StaffIdentity } from '../auth/staff';
import { bodyOf, idParam, RetryAfterError } from '../http';
import { gestaoRoutes } from '../gestao-endpoint-registration';
import { startStaffSession } from './session-routes';

export const PASSKEY_NOT_ADDED = 'Não foi possível acrescentar a chave de acesso. Tente de novo; se repetir, use outra chave.';
export const PASSKEY_LOGIN_FAILED = 'Esta chave de acesso não abriu a sessão. Tente de novo, ou entre com o email e a palavra-passe.';

function summary(passkey: StaffPasskey): PasskeySummary {
  return { id: passkey.id, name: passkey.name, createdAt: passkey.createdAt, lastUsedAt: passkey.lastUsedAt };
}

/** The browser's answer (the JSON @simplewebauthn/browser gives), checked for its shape only: the library checks the rest. */
function credentialOf<T extends RegistrationResponseJSON | AuthenticationResponseJSON>(value: unknown): T {
  const answer = value as Partial<T> | null;
  if (typeof answer !== 'object' || answer === null || typeof answer.id !== 'string' || typeof answer.response !== 'object') {
    throw new HttpError(400, PASSKEY_ANSWER_MISSING);
  }
  return answer as T;
}

export function registerPasskeyRoutes(scope: FastifyInstance, deps: AppDeps, devices: DeviceCookies): void {
  const { db, clock } = deps;
  const route = gestaoRoutes(scope, deps);
  // Adding a passkey is one of the ways an administrator without a second factor enrols
  // (auth/enrolment.ts), and the login is open to anyone: both pass the gate (the table says so).

  route(E.passkeys, async (request) => {
    const staff = request.staff as StaffIdentity;
    return { passkeys: (await listStaffPasskeys(db, staff.id)).map(summary) };
  });

  route(E.passkeyOptions, async (request) => {
    const staff = request.staff as StaffIdentity;
    return registrationOptions(request, deps, staff, await listStaffPasskeys(db, staff.id));
  });

  route(E.addPasskey, async (request) => {
    const staff = request.staff as StaffIdentity;
    const body = bodyOf(request);
    let name: string;
    try {
      ({ name } = passkeyNameSchema.validateSync({ name: body.name }, { stripUnknown: true }));
    } catch (error) {
      if (error instanceof ValidationError) throw new HttpError(400, error.errors[0] ?? PASSKEY_NOT_ADDED);
      throw error;
    }
    const subject = `staff_users/${staff.id}`;
    const verified = await verifyRegistration(request, deps, staff.id, credentialOf<RegistrationResponseJSON>(body.credential));
    if (!verified.ok) {
      await auditFrom(request, deps, { action: 'passkey.add', subject, outcome: 'failed', after: { name, reason: verified.reason } });
      throw new HttpError(400, PASSKEY_NOT_ADDED);
    }
    const now = clock().toISOString();
    const id = await insertStaffPasskey(db, {
      userId: staff.id,
      credentialId: verified.credentialId,
      publicKey: verified.publicKey,
      counter: verified.counter,
      transports: verified.transports,
      name,
      createdAt: now,
    });
    // An administrator sent to enrol is let through from the next request on (the gate reads the account then).
    request.enrolmentRequired = false;
    await auditFrom(request, deps, { action: 'passkey.add', subject, outcome: 'ok', after: { id, name } });
    return { passkey: { id, name, createdAt: now, lastUsedAt: null } satisfies PasskeySummary };
  });

  route(E.removePasskey, async (request, reply) => {
    const staff = request.staff as StaffIdentity;
    const id = idParam(request.params.id, PASSKEY_NOT_FOUND);
    // Only one's own: another person's passkey is "not found".
    const removed = await deleteStaffPasskey(db, staff.id, id);
    if (!removed) throw new HttpError(404, PASSKEY_NOT_FOUND);
    await auditFrom(request, deps, {
      action: 'passkey.remove',
      subject: `staff_users/${staff.id}`,
      outcome: 'ok',
      before: { id, name: removed.name },
    });
    return reply.code(204).send();
  });

  route(E.passkeyLoginOptions, async (request) => authenticationOptions(request, deps));

  route(E.passkeyLogin, async (request, reply) => {
    const body = bodyOf(request);
    const credential = credentialOf<AuthenticationResponseJSON>(body.credential);
    const now = clock();
    const passkey = await findStaffPasskeyByCredentialId(db, credential.id);
    const user = passkey && (await findStaffUserById(db, passkey.userId));
    // Only a flood of failed passkey logins from this address stops it: password failures never do
    // (a passkey cannot be guessed), so an account locked by a guesser still opens with its passkey.
    const email = user?.email ?? '';
    const charged = await chargePasskeyAttempt(request, deps, email, now);
    if ('wait' in charged) throw new RetryAfterError(429, tooManyAttemptsMessage(charged.wait.seconds), charged.wait.seconds);
    const { charge } = charged;
    const fail = async (reason: string) => {
      await charge.failed(request, 'passkey');
      await auditFrom(request, deps, {
        action: 'passkey.login',
        subject: user ? `staff_users/${user.id}` : null,
        outcome: 'failed',
        after: { reason, passkey: passkey?.name ?? null },
      });
      return new HttpError(401, PASSKEY_LOGIN_FAILED);
    };
    if (!passkey || !user) {
      request.session.passkeyChallenge = undefined;
      throw await fail('chave desconhecida');
    }
    if (user.disabled_at !== null || !isRole(user.role)) {
      request.session.passkeyChallenge = undefined;
      throw await fail('conta desativada');
    }
    const verified = await verifyAuthentication(request, deps, passkey, credential);
    if (!verified.ok) throw await fail(verified.reason);
    // The counter moves on from the value read: of two uses of one answer, one gets here.
    if (!(await recordStaffPasskeyUse(db, passkey.id, passkey.counter, verified.counter, now.toISOString()))) {
      throw await fail('contador repetido');
    }
    await charge.succeeded();
    const identity: StaffIdentity = { id: user.id, email: user.email, role: user.role };
    // A passkey is a second factor in itself: an administrator who logs in with one has one.
    const answer = await startStaffSession(request, reply, identity, now, true);
    // The device is known from now on: its password logins get their own allowance too.
    await devices.issue(request, reply, user.id, now);
    await auditFrom(request, deps, {
      action: 'passkey.login',
      subject: `staff_users/${user.id}`,
      outcome: 'ok',
      after: { passkey: passkey.name },
    });
    return answer;
  });
}
