/** The audit log as the back office reads it (GET /gestao/api/audit): its outcomes, its limit and one entry. */

export const AUDIT_OUTCOMES = ['ok', 'denied', 'failed'] as const;
export type AuditOutcome = (typeof AUDIT_OUTCOMES)[number];

/** The most rows one read gives (newest first). */
export const AUDIT_MAX_LIMIT = 5000;

/** One entry of the log, as the server stores it (server/db/repositories/audit-log-repository.ts). */
export interface AuditRecord {
  id: number;
  /** UTC ISO 8601. */
  at: string;
  actorId: number | null;
  actorEmail: string | null;
  ip: string | null;
  /** What was attempted: 'login', 'user.role', 'invitation.create'... */
  action: string;
  /** What it was done to: 'staff_users/3', an email, a record key. */
  subject: string | null;
  outcome: AuditOutcome;
  before: unknown;
  after: unknown;
}
