/**
 * Passkeys (WebAuthn, through SimpleWebAuthn): the ceremonies' options and checks, bound to the
 * host and origin of the validated configuration (config.passkeyRpId/passkeyOrigin). Every
 * ceremony's challenge is stored (staff_passkey_challenges) for two minutes and taken by the check
 * that uses it, so it is good once; the session carries it too, so that only the browser that
 * asked for it can answer it. User verification (a PIN, a fingerprint) is required, which is what
 * lets a passkey count as both factors of a login.
 */
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { FastifyRequest } from 'fastify';
import { storePasskeyChallenge, takePasskeyChallenge, type StaffPasskey } from '../../db/repositories/staff/staff-passkeys-repository';
import type { AppDeps } from '../../deps';

declare module 'fastify' {
  interface Session {
    /** The challenge of the passkey ceremony this browser started (good once, server-side). */
    passkeyChallenge?: string;
  }
}

export const CHALLENGE_LIFETIME_MS = 2 * 60_000;
const RP_NAME = '8½ Festa do Cinema Italiano · Gestão';

type Purpose = 'register' | 'login';

async function remember(
  request: FastifyRequest,
  deps: Pick<AppDeps, 'db' | 'clock'>,
  challenge: string,
  purpose: Purpose,
  userId: number | null,
) {
  const now = deps.clock();
  await storePasskeyChallenge(
    deps.db,
    { challenge, purpose, userId, expiresAt: new Date(now.getTime() + CHALLENGE_LIFETIME_MS).toISOString() },
    now.toISOString(),
  );
  request.session.passkeyChallenge = challenge;
}

/** Checks the challenge a browser signed: this session's, stored, unexpired, and taken now for its one use. */
function challengeCheck(request: FastifyRequest, deps: Pick<AppDeps, 'db' | 'clock'>, purpose: Purpose, userId: number | null) {
  const expected = request.session.passkeyChallenge;
  request.session.passkeyChallenge = undefined;
  return async (challenge: string) =>
    challenge === expected && (await takePasskeyChallenge(deps.db, challenge, purpose, userId, deps.clock().toISOString()));
}

export async function registrationOptions(
  request: FastifyRequest,
  deps: Pick<AppDeps, 'db' | 'clock' | 'config'>,
  user: { id: number; email: string },
  existing: StaffPasskey[],
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: deps.config.passkeyRpId,
    userName: user.email,
    // The account's number, not its email: the user handle a passkey keeps says nothing about the person.
    userID: new TextEncoder().encode(`staff-${user.id}`),
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: p.transports })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    timeout: CHALLENGE_LIFETIME_MS,
  });
  await remember(request, deps, options.challenge, 'register', user.id);
  return options;
}

/** The new credential, or null when the answer does not verify (its reason for the audit log). */
export async function verifyRegistration(
  request: FastifyRequest,
  deps: Pick<AppDeps, 'db' | 'clock' | 'config'>,
  userId: number,
  response: RegistrationResponseJSON,
): Promise<{ ok: true; credentialId: string; publicKey: string; counter: number; transports: string[] } | { ok: false; reason: string }> {
  try {
    const result = await verifyRegistrationResponse({
      response,
      expectedChallenge: challengeCheck(request, deps, 'register', userId),
      expectedOrigin: deps.config.passkeyOrigin,
      expectedRPID: deps.config.passkeyRpId,
      requireUserVerification: true,
    });
    if (!result.verified) return { ok: false, reason: 'not verified' };
    const { credential } = result.registrationInfo;
    return {
      ok: true,
      credentialId: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: credential.transports ?? response.response.transports ?? [],
    };
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : String(error) };
  }
}

export async function authenticationOptions(
  request: FastifyRequest,
  deps: Pick<AppDeps, 'db' | 'clock' | 'config'>,
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  // No list of credentials: the passkey itself names the account (a discoverable credential).
  const options = await generateAuthenticationOptions({
    rpID: deps.config.passkeyRpId,
    userVerification: 'required',
    timeout: CHALLENGE_LIFETIME_MS,
  });
  await remember(request, deps, options.challenge, 'login', null);
  return options;
}

/** The passkey's new counter, or null when the answer does not verify (its reason for the audit log). */
export async function verifyAuthentication(
  request: FastifyRequest,
  deps: Pick<AppDeps, 'db' | 'clock' | 'config'>,
  passkey: StaffPasskey,
  response: AuthenticationResponseJSON,
): Promise<{ ok: true; counter: number } | { ok: false; reason: string }> {
  try {
    const result = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challengeCheck(request, deps, 'login', null),
      expectedOrigin: deps.config.passkeyOrigin,
      expectedRPID: deps.config.passkeyRpId,
      credential: {
        id: passkey.credentialId,
        publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')),
        counter: passkey.counter,
        transports: passkey.transports,
      },
      requireUserVerification: true,
    });
    if (!result.verified || !result.authenticationInfo.userVerified) return { ok: false, reason: 'not verified' };
    return { ok: true, counter: result.authenticationInfo.newCounter };
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : String(error) };
  }
}
