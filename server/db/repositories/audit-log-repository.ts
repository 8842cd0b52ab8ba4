/**
 * The audit log: who did what, when, from where, and how it went. Append-only: this module has no
 * update or delete, and the database's triggers refuse both (migration 2026-11-26T00-00_staff).
 */
import type { Db } from '../database';

export type AuditOutcome = 'ok' | 'denied' | 'failed';
export const AUDIT_OUTCOMES: readonly AuditOutcome[] = ['ok', 'denied', 'failed'];

export interface AuditEntry {
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
  /** The state before and after, stored as JSON (undefined: not recorded). */
  before?: unknown;
  after?: unknown;
}

export interface AuditRecord extends Omit<AuditEntry, 'before' | 'after'> {
  id: number;
  before: unknown;
  after: unknown;
}

export interface AuditFilter {
  actorId?: number;
  actorEmail?: string;
  action?: string;
  outcome?: AuditOutcome;
  /** From this instant (inclusive), UTC ISO. */
  from?: string;
  /** Before this instant (exclusive), UTC ISO. */
  to?: string;
  /** At most this many rows, newest first (default 200, at most 5000). */
  limit?: number;
}

export const AUDIT_DEFAULT_LIMIT = 200;
export const AUDIT_MAX_LIMIT = 5000;

const toJson = (value: unknown) => (value === undefined ? null : JSON.stringify(value));

export async function appendAudit(db: Db, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      at: entry.at,
      actor_id: entry.actorId,
      actor_email: entry.actorEmail,
      ip: entry.ip,
      action: entry.action,
      subject: entry.subject,
      outcome: entry.outcome,
      before_json: toJson(entry.before),
      after_json: toJson(entry.after),
    })
    .execute();
}

/** The entries that match every filter given, newest first. */
export async function listAudit(db: Db, filter: AuditFilter = {}): Promise<AuditRecord[]> {
  let query = db.selectFrom('audit_log').selectAll();
  if (filter.actorId !== undefined) query = query.where('actor_id', '=', filter.actorId);
  if (filter.actorEmail !== undefined) query = query.where('actor_email', '=', filter.actorEmail);
  if (filter.action !== undefined) query = query.where('action', '=', filter.action);
  if (filter.outcome !== undefined) query = query.where('outcome', '=', filter.outcome);
  if (filter.from !== undefined) query = query.where('at', '>=', filter.from);
  if (filter.to !== undefined) query = query.where('at', '<', filter.to);
  const limit = Math.min(Math.max(1, Math.trunc(filter.limit ?? AUDIT_DEFAULT_LIMIT)), AUDIT_MAX_LIMIT);
  const rows = await query.orderBy('at', 'desc').orderBy('id', 'desc').limit(limit).execute();
  return rows.map((row) => ({
    id: Number(row.id),
    at: row.at,
    actorId: row.actor_id === null ? null : Number(row.actor_id),
    actorEmail: row.actor_email,
    ip: row.ip,
    action: row.action,
    subject: row.subject,
    outcome: row.outcome,
    before: row.before_json === null ? null : (JSON.parse(row.before_json) as unknown),
    after: row.after_json === null ? null : (JSON.parse(row.after_json) as unknown),
  }));
}
