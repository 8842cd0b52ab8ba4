/** Visitors' submissions: newsletter subscriptions, accreditation requests, ticket requests. */
import type { Transaction } from 'kysely';
import type { AccreditationInput, NewsletterInput } from '../../../src/common/schemas';
import type { Db } from '../database';
import type { Database } from '../schema';

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
