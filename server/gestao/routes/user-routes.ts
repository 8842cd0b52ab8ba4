/**
 * Accounts, for administrators: the list, invitations (one-time links, 72 hours, only the token's
 * hash stored), a change of role, disabling (which ends the account's sessions at once). Inviting,
 * like every change to someone's access, asks for the password again: the link it gives is an
 * account. Opening and accepting an invitation is public, with CSRF like every change. Every
 * change is audited.
 */
import type { FastifyInstance } from 'fastify';
import type { UserView } from '../../../src/common/gestao/api/answers';
import { gestaoEndpoints as E } from '../../../src/common/gestao/api/gestao-endpoints';
import { EMAIL_HAS_ACCOUNT, INVITATION_GONE, LAST_ADMIN, USER_NOT_FOUND } from '../../../src/common/gestao/api/refusals';
import { ROLE_LABELS, type Role } from '../../../src/common/gestao/roles';
import { HttpError } from '../../api/http-errors';
import {
  claimStaffInvitation,
  deletePendingInvitation,
  findPendingInvitation,
  findStaffInvitation,
  insertStaffInvitation,
  listPendingInvitations,
  renewPendingInvitation,
  type StaffInvitationRow,
} from '../../db/repositories/staff/staff-invitations-repository';
import { readFestivalName } from '../../db/repositories/content/settings-repository';
import { invitationMailWords } from '../../../src/common/gestao/staff-mail-words';
import { FESTIVAL_NAME } from '../../../src/common/constants';
import { deliverLink, expiryWords } from '../auth/link-delivery';
import { countStaffPasskeysByUser } from '../../db/repositories/staff/staff-passkeys-repository';
import { revokeStaffPasswordResets } from '../../db/repositories/staff/staff-password-resets-repository';
import { deleteStaffSessionsOfUser } from '../../db/repositories/staff/staff-sessions-repository';
import { deleteStaffDevicesOfUser } from '../../db/repositories/staff/staff-devices-repository';
import {
  countActiveStaffWithRole,
  findStaffUserByEmail,
  findStaffUserById,
  listStaffUsers,
  setStaffUserDisabled,
  updateStaffUserRole,
  type StaffUserSummary,
} from '../../db/repositories/staff/staff-users-repository';
import type { AppDeps } from '../../deps';
import { createStaffAccount, emailProblem, normaliseEmail, roleProblem } from '../auth/accounts';
import { passwordProblem } from '../auth/passwords';
import { passwordWordsFor } from '../auth/site-words';
import { auditFrom, type StaffIdentity } from '../auth/staff';
import { newToken, sha256Hex } from '../auth/tokens';
import { bodyOf, idParam } from '../http';
import { gestaoRoutes } from '../gestao-endpoint-registration';
import { startStaffSession } from './session-routes';
import { passwordResetPath } from './account-routes';

export const INVITATION_LIFETIME_MS = 72 * 60 * 60_000;
const INVITATION_INVALID = 'Este convite não é válido, já foi usado ou expirou. Peça um novo a um administrador.';
export { EMAIL_HAS_ACCOUNT };

/** The page of the back office that opens an invitation (the UI reads the token from the path). */
export function invitationLink(publicUrl: string, token: string): string {
  return `${publicUrl}/gestao/convite/${token}`;
}

function usable(invitation: StaffInvitationRow | undefined, now: Date): invitation is StaffInvitationRow {
  return invitation !== undefined && invitation.used_at === null && invitation.expires_at > now.toISOString();
}

function userView(row: StaffUserSummary, passkeys = 0): UserView {
  return {
    totpEnabled: row.totp_enabled_at !== null,
    passkeys,
    id: row.id,
    email: row.email,
    role: row.role as Role,
    roleLabel: ROLE_LABELS[row.role as Role] ?? row.role,
    createdAt: row.created_at,
    disabledAt: row.disabled_at,
  };
}

export function registerUserRoutes(scope: FastifyInstance, deps: AppDeps): void {
  const { db, clock, config } = deps;
  const route = gestaoRoutes(scope, deps);

  /** The invitation's link, by e-mail where the server has SMTP, else to hand over. */
  const sendInvitation = async (invitation: { email: string; role: string; inviter: string; token: string; expiresAt: string }) => {
    const link = invitationLink(config.publicUrl, invitation.token);
    const festival = await readFestivalName(db, FESTIVAL_NAME);
    const words = invitationMailWords({
      festival,
      inviter: invitation.inviter,
      role: ROLE_LABELS[invitation.role as Role] ?? invitation.role,
      expires: expiryWords(invitation.expiresAt),
      link,
    });
    return deliverLink(deps, invitation.email, words, link, invitation.expiresAt);
  };

  route(E.users, async () => {
    const [rows, passkeys] = await Promise.all([listStaffUsers(db), countStaffPasskeysByUser(db)]);
    return { users: rows.map((row) => userView(row, passkeys.get(row.id))) };
  });

  // Inviting, like every change to someone's access, asks for the password again (the table says so).
  route(E.invite, async (request, reply) => {
    const body = bodyOf(request);
    const email = normaliseEmail(typeof body.email === 'string' ? body.email : '');
    const problem = emailProblem(email) ?? roleProblem(body.role);
    if (problem) throw new HttpError(400, problem);
    const role = body.role as Role;
    const existing = await findStaffUserByEmail(db, email);
    if (existing) {
      await auditFrom(request, deps, { action: 'invitation.create', subject: email, outcome: 'failed', after: { email, role } });
      return reply.code(409).send({ message: EMAIL_HAS_ACCOUNT, userId: existing.id, resetPath: passwordResetPath(existing.id) });
    }
    const token = newToken();
    const now = clock();
    const expiresAt = new Date(now.getTime() + INVITATION_LIFETIME_MS).toISOString();
    const inviter = request.staff as StaffIdentity;
    await insertStaffInvitation(db, {
      token_hash: sha256Hex(token),
      email,
      role,
      invited_by: inviter.id,
      created_at: now.toISOString(),
      expires_at: expiresAt,
    });
    const delivered = await sendInvitation({ email, role, inviter: inviter.email, token, expiresAt });
    await auditFrom(request, deps, {
      action: 'invitation.create',
      subject: email,
      outcome: 'ok',
      after: { email, role, expiresAt, delivery: delivered.delivery },
    });
    return delivered;
  });

  route(E.pendingInvitations, async () => {
    const now = clock().toISOString();
    const rows = await listPendingInvitations(db);
    return {
      invitations: rows.map((row) => ({
        id: row.token_hash,
        email: row.email,
        role: row.role,
        roleLabel: ROLE_LABELS[row.role as Role] ?? row.role,
        invitedBy: row.invited_by_email,
        createdAt: row.created_at,
        expiresAt: row.expires_at,
        expired: row.expires_at <= now,
      })),
    };
  });

  // Sent again: a new token (the old link stops working) and 72 hours from now.
  route(E.resendInvitation, async (request) => {
    const pending = await findPendingInvitation(db, request.params.id);
    if (!pending) throw new HttpError(404, INVITATION_GONE);
    const token = newToken();
    const now = clock();
    const expiresAt = new Date(now.getTime() + INVITATION_LIFETIME_MS).toISOString();
    const inviter = request.staff as StaffIdentity;
    const renewed = await renewPendingInvitation(db, pending.token_hash, {
      token_hash: sha256Hex(token),
      created_at: now.toISOString(),
      expires_at: expiresAt,
      invited_by: inviter.id,
    });
    // Accepted or withdrawn between the read and the write.
    if (!renewed) throw new HttpError(404, INVITATION_GONE);
    const delivered = await sendInvitation({ email: pending.email, role: pending.role, inviter: inviter.email, token, expiresAt });
    await auditFrom(request, deps, {
      action: 'invitation.resend',
      subject: pending.email,
      outcome: 'ok',
      after: { email: pending.email, role: pending.role, expiresAt, delivery: delivered.delivery },
    });
    return delivered;
  });

  route(E.withdrawInvitation, async (request, reply) => {
    const pending = await findPendingInvitation(db, request.params.id);
    if (!pending || !(await deletePendingInvitation(db, pending.token_hash))) throw new HttpError(404, INVITATION_GONE);
    await auditFrom(request, deps, {
      action: 'invitation.withdraw',
      subject: pending.email,
      outcome: 'ok',
      before: { role: pending.role },
    });
    return reply.code(204).send();
  });

  route(E.invitation, async (request) => {
    const invitation = await findStaffInvitation(db, sha256Hex(request.params.token));
    if (!usable(invitation, clock())) throw new HttpError(404, INVITATION_INVALID);
    return {
      email: invitation.email,
      role: invitation.role,
      roleLabel: ROLE_LABELS[invitation.role as Role] ?? invitation.role,
      expiresAt: invitation.expires_at,
    };
  });

  route(E.acceptInvitation, async (request, reply) => {
    const body = bodyOf(request);
    const password = typeof body.password === 'string' ? body.password : '';
    const tokenHash = sha256Hex(request.params.token);
    const invitation = await findStaffInvitation(db, tokenHash);
    const now = clock();
    if (!usable(invitation, now)) throw new HttpError(404, INVITATION_INVALID);
    // Checked before the invitation is used up, so that a refused password can be chosen again.
    const problem = passwordProblem(password, await passwordWordsFor(db, invitation.email, now));
    if (problem) throw new HttpError(400, problem);
    let result;
    try {
      result = await db.transaction().execute(async (trx) => {
        // One use: of two acceptances at the same instant (on two instances), one claims it.
        if (!(await claimStaffInvitation(trx, tokenHash, now.toISOString()))) throw new HttpError(404, INVITATION_INVALID);
        const created = await createStaffAccount(trx, { email: invitation.email, role: invitation.role, password }, now);
        // Thrown so that the claim is rolled back too (the email taken meanwhile by another account).
        if (!created.ok) throw new HttpError(created.status, created.message);
        return created;
      });
    } catch (error) {
      if (error instanceof HttpError) {
        await auditFrom(request, deps, {
          action: 'invitation.accept',
          subject: invitation.email,
          outcome: 'failed',
          after: { reason: error.message },
        });
      }
      throw error;
    }
    const user: StaffIdentity = { id: result.id, email: result.email, role: result.role };
    // A new account has no second factor yet: an invited administrator enrols first.
    const answer = await startStaffSession(request, reply, user, now, false);
    await auditFrom(request, deps, {
      action: 'invitation.accept',
      subject: `staff_users/${user.id}`,
      outcome: 'ok',
      after: { email: user.email, role: user.role, invitedBy: invitation.invited_by },
    });
    return answer;
  });

  // A change of role or access asks for the password again (unless given in the last minutes).
  route(E.changeUser, async (request) => {
    const id = idParam(request.params.id, USER_NOT_FOUND);
    const body = bodyOf(request);
    const user = await findStaffUserById(db, id);
    if (!user) throw new HttpError(404, USER_NOT_FOUND);
    if (body.role === undefined && body.disabled === undefined)
      throw new HttpError(400, 'Indique a função (role) ou se a conta fica desativada (disabled).');
    if (body.role !== undefined) {
      const problem = roleProblem(body.role);
      if (problem) throw new HttpError(400, problem);
    }
    if (body.disabled !== undefined && typeof body.disabled !== 'boolean') throw new HttpError(400, 'disabled tem de ser true ou false.');
    const before = { role: user.role, disabled: user.disabled_at !== null };
    const after = {
      role: (body.role as Role | undefined) ?? user.role,
      disabled: body.disabled ?? before.disabled,
    };
    const subject = `staff_users/${id}`;
    // Nobody could then manage accounts: the last active administrator keeps the role and the access.
    const losesAdmin = before.role === 'administracao' && !before.disabled && (after.role !== 'administracao' || after.disabled);
    if (losesAdmin && (await countActiveStaffWithRole(db, 'administracao')) <= 1) {
      await auditFrom(request, deps, { action: 'user.update', subject, outcome: 'failed', before, after });
      throw new HttpError(409, LAST_ADMIN);
    }
    if (after.role !== before.role) await updateStaffUserRole(db, id, after.role);
    if (after.disabled !== before.disabled) {
      await setStaffUserDisabled(db, id, after.disabled ? clock().toISOString() : null);
      // A disabled account is out at once, on every instance: its sessions are gone, and so are its reset links.
      if (after.disabled) {
        await deleteStaffSessionsOfUser(db, id);
        await deleteStaffDevicesOfUser(db, id);
        await revokeStaffPasswordResets(db, id, clock().toISOString());
      }
    }
    await auditFrom(request, deps, { action: 'user.update', subject, outcome: 'ok', before, after });
    const updated = await findStaffUserById(db, id);
    return { user: userView(updated ?? user) };
  });
}
