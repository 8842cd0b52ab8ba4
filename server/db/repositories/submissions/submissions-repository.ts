/** Visitors' submissions: newsletter subscriptions, accreditation requests, ticket requests. */
import type { Transaction } from 'kysely';
import type { AccreditationInput, NewsletterInput } from '../../../../src/common/forms/form-schemas';
import type { Db } from '../../database';
import type { Database } from '../../schema';
import {
  SUBMISSION_KINDS,
  SUBMISSION_STATUSES,
  type SubmissionEntry,
  type SubmissionKind,
  type SubmissionStatus,
} from '../../../../src/common/gestao/submissions';

export { SUBMISSION_KINDS, SUBMISSION_STATUSES, type SubmissionKind, type SubmissionStatus };

type Trx = Transaction<Database>;

/**
 * Subscribes an email to a city's newsletter once: a repeated (email, city) keeps the first row
 * (the unique index newsletter_email_city_uq) and answers its id, so a repeat looks exactly like
 * a first subscription. Race-safe: a concurrent twin's insert does nothing and reads the winner.
 */
export async function insertNewsletter(trx: Trx, id: string, input: NewsletterInput, createdAt: string): Promise<string> {
  const email = input.email.trim().toLowerCase();
  const city = input.city.trim();
  await trx
    .insertInto('newsletter_subscriptions')
    .values({ id, email, city, created_at: createdAt })
    .onConflict((oc) => oc.columns(['email', 'city']).doNothing())
    .execute();
  const stored = await trx
    .selectFrom('newsletter_subscriptions')
    .select('id')
    .where('email', '=', email)
    .where('city', '=', city)
    .executeTakeFirstOrThrow();
  return stored.id;
}

export async function insertAccreditation(trx: Trx, id: string, input: AccreditationInput, createdAt: string) {
  await trx
    .insertInto('accreditation_requests')
    .values({ id, ...input, created_at: createdAt })
    .execute();
}

export async function insertTicketRequest(
  trx: Trx,
  id: string,
  input: { session_id: number; session_label: string; name: string; email: string; tickets: number },
  createdAt: string,
) {
  await trx
    .insertInto('ticket_requests')
    .values({ id, ...input, created_at: createdAt })
    .execute();
}

/** The columns of each kind, in the CSV exports' order. */
export const SUBMISSION_COLUMNS: Record<SubmissionKind, string[]> = {
  newsletter: ['id', 'created_at', 'email', 'city'],
  accreditation: ['id', 'created_at', 'name', 'company', 'email', 'telf'],
  ticket: ['id', 'created_at', 'session_id', 'session_label', 'name', 'email', 'tickets'],
};

/** Every submission of a kind, oldest first, as plain rows (for the CSV export). */
export async function listSubmissions(db: Db, kind: SubmissionKind): Promise<Record<string, string | number>[]> {
  switch (kind) {
    case 'newsletter':
      return db
        .selectFrom('newsletter_subscriptions')
        .select(['id', 'created_at', 'email', 'city'])
        .orderBy('created_at')
        .orderBy('id')
        .execute();
    case 'accreditation':
      return db
        .selectFrom('accreditation_requests')
        .select(['id', 'created_at', 'name', 'company', 'email', 'telf'])
        .orderBy('created_at')
        .orderBy('id')
        .execute();
    case 'ticket':
      return db
        .selectFrom('ticket_requests')
        .select(['id', 'created_at', 'session_id', 'session_label', 'name', 'email', 'tickets'])
        .orderBy('created_at')
        .orderBy('id')
        .execute();
  }
}

const SUBMISSION_TABLES = {
  newsletter: 'newsletter_subscriptions',
  accreditation: 'accreditation_requests',
  ticket: 'ticket_requests',
} as const;

/** The forms inbox of a kind: every submission, newest first, with its status. */
export async function submissionInbox(db: Db, kind: SubmissionKind): Promise<SubmissionEntry[]> {
  const [rows, statuses] = await Promise.all([
    listSubmissions(db, kind),
    db.selectFrom('submission_status').select(['submission_id', 'status']).where('kind', '=', kind).execute(),
  ]);
  const byId = new Map(statuses.map((s) => [s.submission_id, s.status as SubmissionStatus]));
  return rows.reverse().map((row) => ({ ...row, status: byId.get(String(row.id)) ?? 'novo' }));
}

/** Sets a submission's status; false when there is no such submission. */
export async function setSubmissionStatus(
  db: Db,
  kind: SubmissionKind,
  id: string,
  status: SubmissionStatus,
  by: string,
  at: string,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const exists = await trx.selectFrom(SUBMISSION_TABLES[kind]).select('id').where('id', '=', id).executeTakeFirst();
    if (!exists) return false;
    await trx.deleteFrom('submission_status').where('kind', '=', kind).where('submission_id', '=', id).execute();
    await trx.insertInto('submission_status').values({ kind, submission_id: id, status, handled_by: by, handled_at: at }).execute();
    return true;
  });
}

/** Deletes everything a person sent (by email, in every kind), with its statuses: how many of each. */
export async function deletePersonSubmissions(db: Db, email: string): Promise<Record<SubmissionKind, number>> {
  const folded = email.trim().toLowerCase();
  return db.transaction().execute(async (trx) => {
    const counts = {} as Record<SubmissionKind, number>;
    for (const kind of SUBMISSION_KINDS) {
      const table = SUBMISSION_TABLES[kind];
      const ids = (await trx.selectFrom(table).select(['id', 'email']).execute())
        .filter((r) => r.email.trim().toLowerCase() === folded)
        .map((r) => r.id);
      counts[kind] = ids.length;
      if (ids.length === 0) continue;
      await trx.deleteFrom('submission_status').where('kind', '=', kind).where('submission_id', 'in', ids).execute();
      await trx.deleteFrom(table).where('id', 'in', ids).execute();
    }
    return counts;
  });
}
