/**
 * What an email and a role must be, and the one way an account is made (the command line and an
 * accepted invitation both come here), so both refuse the same things with the same words.
 */
import { EMAIL_TAKEN } from '../../../src/common/gestao/api/refusals';
import { isRole, ROLES, type Role } from '../../../src/common/gestao/roles';
import type { Db } from '../../db/database';
import { insertStaffUser } from '../../db/repositories/staff/staff-users-repository';
import { hashPassword, passwordProblem } from './passwords';
import { passwordWordsFor } from './site-words';

/** Emails are kept trimmed and lower-cased: one address, one account, whatever was typed. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

// One @, something on each side, a dot in the domain, no spaces: what a person can mistype.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function emailProblem(email: string): string | null {
  if (email.length > 254 || !EMAIL.test(email)) return 'Indique um endereço de e-mail válido (por exemplo, nome@exemplo.pt).';
  return null;
}

export function roleProblem(role: unknown): string | null {
  return isRole(role) ? null : `Função desconhecida. Use uma destas: ${ROLES.join(', ')}.`;
}

export type CreateAccountResult = { ok: true; id: number; email: string; role: Role } | { ok: false; status: 400 | 409; message: string };

/** A unique-index violation, on either engine. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/** Checks and stores a new account; the password is kept only as its argon2id hash. */
export async function createStaffAccount(
  db: Db,
  input: { email: string; role: unknown; password: string },
  now: Date,
): Promise<CreateAccountResult> {
  const email = normaliseEmail(input.email);
  const problem = emailProblem(email) ?? roleProblem(input.role) ?? passwordProblem(input.password, await passwordWordsFor(db, email, now));
  if (problem) return { ok: false, status: 400, message: problem };
  const role = input.role as Role;
  try {
    const id = await insertStaffUser(db, { email, role, passwordHash: await hashPassword(input.password), createdAt: now.toISOString() });
    return { ok: true, id, email, role };
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, status: 409, message: EMAIL_TAKEN };
    throw error;
  }
}
