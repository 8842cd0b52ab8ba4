/**
 * The audit log: who did what, when, from where, and how it went. Append-only: this module has no
 * update or delete, and the database's triggers refuse both (migration 2026-11-26T00-00_staff).
 * Tamper-evident: every entry is a link of a hash chain (server/db/audit-chain.ts, migration
 * 2026-11-27T07-00_audit-chain) that `npm run audit:verify` walks, and sealed, in the same
 * transaction, with the key the database handle carries (server/db/audit-seal.ts, migration
 * 2026-11-27T15-10_audit-seals), which the database's own roles do not have.
 */
import { PostgresAdapter, sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import { auditEntryHash, type AuditChainContent } from '../../audit-chain';
import { auditKeysOfHandle, auditSeal } from '../../audit-seal';
import type { Db } from '../../database';
import type { AuditLogTable, Database } from '../../schema';
import { AUDIT_MAX_LIMIT, AUDIT_OUTCOMES, type AuditOutcome, type AuditRecord } from '../../../../src/common/gestao/audit-log';

export { AUDIT_MAX_LIMIT, AUDIT_OUTCOMES, type AuditOutcome, type AuditRecord };

/** An entry to append: a stored record without its id; before and after undefined when not recorded. */
export type AuditEntry = Omit<AuditRecord, 'id' | 'before' | 'after'> & { before?: unknown; after?: unknown };

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

const toJson = (value: unknown) => (value === undefined ? null : JSON.stringify(value));

type Executor = Kysely<Database> | Transaction<Database>;

const onPostgres = (db: Executor) => db.getExecutor().adapter instanceof PostgresAdapter;

/** Seals entry `id`, whose hash is `hash`, with the handle's signing key (none: left unsealed). */
async function seal(trx: Executor, id: number, hash: string): Promise<void> {
  const keys = auditKeysOfHandle(trx);
  if (!keys) return;
  const { id: keyId, secret } = keys.signing;
  await trx
    .insertInto('audit_log_seal')
    .values({ entry_id: id, key_id: keyId, mac: auditSeal(secret, keyId, id, hash) })
    .execute();
}

/**
 * Appends an entry as the next link of the chain, and seals it in the same transaction. On
 * PostgreSQL the table's trigger links it (as the owner, under a row lock on audit_chain_head, so
 * that instances inserting at once stay in one line) and hands back the id and hash it gave; on
 * SQLite this transaction links it: its first statement takes the database's write lock, so no
 * other writer, in this process or another, can slip an entry between reading the head and moving
 * it.
 */
export async function appendAudit(db: Executor, entry: AuditEntry): Promise<void> {
  const content = {
    at: entry.at,
    actor_id: entry.actorId,
    actor_email: entry.actorEmail,
    ip: entry.ip,
    action: entry.action,
    subject: entry.subject,
    outcome: entry.outcome,
    before_json: toJson(entry.before),
    after_json: toJson(entry.after),
  };
  const link = async (trx: Executor) => {
    if (onPostgres(trx)) {
      const written = await trx.insertInto('audit_log').values(content).returning(['id', 'hash']).executeTakeFirstOrThrow();
      await seal(trx, Number(written.id), written.hash);
      return;
    }
    const head = await trx
      .updateTable('audit_chain_head')
      .set({ last_id: sql<number>`last_id` })
      .where('id', '=', 1)
      .returning(['last_hash'])
      .executeTakeFirstOrThrow(() => new Error('audit_chain_head não tem linha: o encadeamento do registo não pode continuar.'));
    const hash = auditEntryHash({ ...content, prev_hash: head.last_hash });
    const { id } = await trx
      .insertInto('audit_log')
      .values({ ...content, prev_hash: head.last_hash, hash })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx.updateTable('audit_chain_head').set({ last_id: id, last_hash: hash }).where('id', '=', 1).execute();
    await seal(trx, Number(id), hash);
  };
  if (db.isTransaction) await link(db);
  else await db.transaction().execute(link);
}

/** An entry as stored, every column but the chain's: what the CSV export gives, column for column. */
export const AUDIT_COLUMNS = [
  'id',
  'at',
  'actor_id',
  'actor_email',
  'ip',
  'action',
  'subject',
  'outcome',
  'before_json',
  'after_json',
] as const;

export type AuditRow = Omit<Selectable<AuditLogTable>, 'prev_hash' | 'hash'>;

// PostgreSQL's bigint columns arrive as text.
const withNumbers = <R extends { id: number; actor_id: number | null }>(row: R): R => ({
  ...row,
  id: Number(row.id),
  actor_id: row.actor_id === null ? null : Number(row.actor_id),
});

/** The stored entries that match every filter given, newest first. */
export async function listAuditRows(db: Db, filter: AuditFilter = {}): Promise<AuditRow[]> {
  let query = db.selectFrom('audit_log').select(AUDIT_COLUMNS);
  if (filter.actorId !== undefined) query = query.where('actor_id', '=', filter.actorId);
  if (filter.actorEmail !== undefined) query = query.where('actor_email', '=', filter.actorEmail);
  if (filter.action !== undefined) query = query.where('action', '=', filter.action);
  if (filter.outcome !== undefined) query = query.where('outcome', '=', filter.outcome);
  if (filter.from !== undefined) query = query.where('at', '>=', filter.from);
  if (filter.to !== undefined) query = query.where('at', '<', filter.to);
  const limit = Math.min(Math.max(1, Math.trunc(filter.limit ?? AUDIT_DEFAULT_LIMIT)), AUDIT_MAX_LIMIT);
  const rows = await query.orderBy('at', 'desc').orderBy('id', 'desc').limit(limit).execute();
  return rows.map(withNumbers);
}

/** The entries that match every filter given, newest first, as the back office reads them. */
export async function listAudit(db: Db, filter: AuditFilter = {}): Promise<AuditRecord[]> {
  return (await listAuditRows(db, filter)).map((row) => ({
    id: row.id,
    at: row.at,
    actorId: row.actor_id,
    actorEmail: row.actor_email,
    ip: row.ip,
    action: row.action,
    subject: row.subject,
    outcome: row.outcome,
    before: row.before_json === null ? null : (JSON.parse(row.before_json) as unknown),
    after: row.after_json === null ? null : (JSON.parse(row.after_json) as unknown),
  }));
}

/** An entry as the chain sees it: its id, what its hash covers, its hash, and its seal if it has one. */
export interface AuditChainRow extends AuditChainContent {
  id: number;
  hash: string;
  seal: { keyId: string; mac: string } | null;
}

/** audit_chain_head: the id and hash of the last entry the app (or PostgreSQL's trigger) wrote. */
export interface AuditChainHead {
  lastId: number;
  lastHash: string;
}

export interface AuditChainReader {
  /** undefined: the row is gone. */
  head: AuditChainHead | undefined;
  /** Every entry in id order, in batches. */
  rows: () => AsyncGenerator<AuditChainRow[]>;
}

const CHAIN_BATCH = 1000;

/**
 * Reads the head and the entries as one snapshot (an entry written meanwhile by a running instance
 * is neither half seen nor taken for one added behind the app's back).
 */
export async function readAuditChain<T>(db: Db, read: (chain: AuditChainReader) => Promise<T>): Promise<T> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const headRow = await trx.selectFrom('audit_chain_head').select(['last_id', 'last_hash']).where('id', '=', 1).executeTakeFirst();
      async function* rows(): AsyncGenerator<AuditChainRow[]> {
        let after: number | undefined;
        for (;;) {
          let query = trx
            .selectFrom('audit_log')
            .leftJoin('audit_log_seal', 'audit_log_seal.entry_id', 'audit_log.id')
            .select([...AUDIT_COLUMNS.map((column) => `audit_log.${column}` as const), 'prev_hash', 'hash', 'key_id', 'mac']);
          // No lower bound at first: a row slipped in with an id of 0 or below is read too.
          if (after !== undefined) query = query.where('audit_log.id', '>', after);
          const batch = await query.orderBy('audit_log.id').limit(CHAIN_BATCH).execute();
          if (batch.length === 0) return;
          yield batch.map(({ key_id, mac, ...row }) => ({
            ...withNumbers(row),
            seal: key_id === null || mac === null ? null : { keyId: key_id, mac },
          }));
          after = Number(batch.at(-1)!.id);
        }
      }
      const head = headRow && { lastId: Number(headRow.last_id), lastHash: headRow.last_hash };
      return read({ head, rows });
    });
}
