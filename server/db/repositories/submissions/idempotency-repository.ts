/**
 * Idempotent writes: a client-generated key is stored with the row it created, in the same
 * transaction, together with the answer. A replay of the key gets the first answer back; the
 * same key with another body is a conflict. This is what makes outbox replays safe.
 */
import type { Transaction } from 'kysely';
import type { SubmissionAck } from '../../../../src/common/api/api-types';
import type { Db } from '../../database';
import type { Database } from '../../schema';

export interface StoredAnswer {
  statusCode: number;
  /** The acknowledgement stored with the row, returned as is to every replay. */
  body: SubmissionAck;
}
type IdempotentResult = { kind: 'created'; answer: StoredAnswer } | { kind: 'replayed'; answer: StoredAnswer } | { kind: 'conflict' };

interface Request {
  key: string | null;
  route: string;
  bodyHash: string;
}

async function findKey(db: Db | Transaction<Database>, key: string) {
  return db.selectFrom('idempotency_keys').selectAll().where('key', '=', key).executeTakeFirst();
}

function compare(
  row: { route: string; body_hash: string; status_code: number; response_json: string },
  request: Request,
): IdempotentResult {
  if (row.route !== request.route || row.body_hash !== request.bodyHash) return { kind: 'conflict' };
  return { kind: 'replayed', answer: { statusCode: row.status_code, body: JSON.parse(row.response_json) as SubmissionAck } };
}

export async function writeOnce(
  db: Db,
  request: Request,
  write: (trx: Transaction<Database>) => Promise<StoredAnswer>,
): Promise<IdempotentResult> {
  const { key } = request;
  try {
    return await db.transaction().execute(async (trx) => {
      if (key) {
        const existing = await findKey(trx, key);
        if (existing) return compare(existing, request);
      }
      const answer = await write(trx);
      if (key) {
        await trx
          .insertInto('idempotency_keys')
          .values({
            key,
            route: request.route,
            body_hash: request.bodyHash,
            status_code: answer.statusCode,
            response_json: JSON.stringify(answer.body),
            created_at: new Date().toISOString(),
          })
          .execute();
      }
      return { kind: 'created', answer } as const;
    });
  } catch (error) {
    // Two requests with one key at the same instant (possible on PostgreSQL): the loser's insert
    // breaks the primary key and its transaction rolls back; it answers as a replay of the winner.
    if (key) {
      const existing = await findKey(db, key);
      if (existing) return compare(existing, request);
    }
    throw error;
  }
}

/** Whether a post with this key was already stored (its replay writes nothing). */
export async function isStoredKey(db: Db, key: string): Promise<boolean> {
  return (await findKey(db, key)) !== undefined;
}
