/** Visitors' submissions: newsletter subscriptions, accreditation requests, ticket requests. */
import type { Transaction } from 'kysely';
import type { AccreditationInput, NewsletterInput } from '../../../src/common/schemas';
import type { Db } from '../database';
import type { Database } from '../schema';

type Trx = Transaction<Database>;

export async function insertNewsletter(trx: Trx, id: string, input: NewsletterInput, createdAt: string) {
  await trx
    .insertInto('newsletter_subscriptions')
    .values({ id, email: input.email.toLowerCase(), city: input.city, created_at: createdAt })
    .execute();
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

export const SUBMISSION_KINDS = ['newsletter', 'accreditation', 'ticket'] as const;
export type SubmissionKind = (typeof SUBMISSION_KINDS)[number];

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
