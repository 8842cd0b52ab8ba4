/**
 * The audit log's hash chain (docs/operations.md, "O registo de auditoria"): each entry stores the
 * hash of the entry before it (prev_hash) and its own hash, SHA-256 over a canonical JSON of its
 * content and prev_hash. Changing, removing or inserting an entry breaks the chain from there on,
 * which `npm run audit:verify` reports.
 *
 * The same serialization is written three times and must never drift apart: here (SQLite's writes
 * and the verification on both engines), in PostgreSQL's audit_log_entry_hash() (its trigger
 * chains every insert), and in the frozen copy of migration 2026-11-27T07-00_audit-chain (which
 * chained the entries written before it). tests/server/audit-chain.test.ts checks them against
 * each other with awkward text (quotes, control characters, accents, emoji).
 */
import { createHash } from 'node:crypto';

/** The prev_hash of the first entry. */
export const AUDIT_GENESIS_HASH = '0'.repeat(64);

/** What an entry's hash covers: every column but its id (the chain, not the id, says where it stands). */
export interface AuditChainContent {
  at: string;
  actor_id: number | null;
  actor_email: string | null;
  ip: string | null;
  action: string;
  subject: string | null;
  outcome: string;
  before_json: string | null;
  after_json: string | null;
  prev_hash: string;
}

/**
 * Keys in sorted order, every one present (null, never left out), the JSON columns hashed as the
 * text stored (not re-serialized), and a version so that a later format can be told apart.
 * JSON.stringify escapes strings exactly as PostgreSQL's to_json() does, which the trigger uses.
 */
export function auditCanonicalText(entry: AuditChainContent): string {
  return JSON.stringify({
    action: entry.action,
    actor_email: entry.actor_email ?? null,
    actor_id: entry.actor_id === null || entry.actor_id === undefined ? null : Number(entry.actor_id),
    after_json: entry.after_json ?? null,
    at: entry.at,
    before_json: entry.before_json ?? null,
    ip: entry.ip ?? null,
    outcome: entry.outcome,
    prev_hash: entry.prev_hash,
    subject: entry.subject ?? null,
    v: 1,
  });
}

/** SHA-256 (hex) of the canonical text, UTF-8. */
export function auditEntryHash(entry: AuditChainContent): string {
  return createHash('sha256').update(auditCanonicalText(entry), 'utf8').digest('hex');
}
