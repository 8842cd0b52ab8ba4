/**
 * Web Push (issue 37): the browsers' subscriptions with the sessions each starred, and the queue of
 * notifications to send. A notification is claimed by one instance for a short lease (on
 * PostgreSQL with FOR UPDATE SKIP LOCKED, so instances never wait for each other's rows; SQLite
 * has one writer), then marked sent, or given another try later.
 */
import { PostgresAdapter } from 'kysely';
import { DEFAULT_LOCALE, LOCALES, isLocale, type Locale } from '../../../../src/common/i18n/locales';
import type { Db } from '../../database';

export interface StoredSubscription {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** A notification to queue for everyone who starred a session and reads `locale`. */
export interface NotificationToQueue {
  sessionId: string;
  /** The subscriptions' language it is written in: one notification per language per change. */
  locale: Locale;
  topic: string;
  payload: string;
  urgency: 'very-low' | 'low' | 'normal' | 'high';
  ttlSeconds: number;
}

export interface ClaimedNotification {
  id: number;
  subscription: StoredSubscription;
  topic: string;
  payload: string;
  urgency: NotificationToQueue['urgency'];
  ttlSeconds: number;
  attempts: number;
}

const onPostgres = (db: Db) => db.getExecutor().adapter instanceof PostgresAdapter;

/** The largest id a sessions row can have (an integer column): a longer number names none. */
const MAX_SESSION_ID = 2_147_483_647;

/**
 * Stores a subscription with the sessions it starred (the list replaces the last one) and its
 * language (the last page's that sent it), keeping only the ids of sessions that exist: a device
 * cannot make the server keep ids that name nothing. Resolves with how many it kept.
 */
export async function saveSubscription(
  db: Db,
  subscription: StoredSubscription,
  sessionIds: readonly string[],
  now: string,
  locale: Locale = DEFAULT_LOCALE,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await trx
      .insertInto('push_subscriptions')
      .values({ ...subscription, locale, created_at: now, updated_at: now })
      .onConflict((oc) =>
        oc.column('endpoint').doUpdateSet({ p256dh: subscription.p256dh, auth: subscription.auth, locale, updated_at: now }),
      )
      .execute();
    await trx.deleteFrom('push_subscription_sessions').where('endpoint', '=', subscription.endpoint).execute();
    const asked = [...new Set(sessionIds.map(Number))].filter((id) => Number.isSafeInteger(id) && id > 0 && id <= MAX_SESSION_ID);
    const existing =
      asked.length === 0
        ? []
        : (await trx.selectFrom('sessions').select('id').where('id', 'in', asked).execute()).map((row) => String(row.id));
    if (existing.length > 0) {
      await trx
        .insertInto('push_subscription_sessions')
        .values(existing.map((session_id) => ({ endpoint: subscription.endpoint, session_id })))
        .execute();
    }
    return existing.length;
  });
}

/** Deletes a subscription, its stars and its waiting notifications; false when there was none. */
export async function deleteSubscription(db: Db, endpoint: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await trx.deleteFrom('push_notifications').where('endpoint', '=', endpoint).execute();
    await trx.deleteFrom('push_subscription_sessions').where('endpoint', '=', endpoint).execute();
    const result = await trx.deleteFrom('push_subscriptions').where('endpoint', '=', endpoint).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  });
}

/** Every subscription, once the festival is over (its notifications and stars with it); how many went. */
export async function deleteAllSubscriptions(db: Db): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await trx.deleteFrom('push_notifications').execute();
    await trx.deleteFrom('push_subscription_sessions').execute();
    const result = await trx.deleteFrom('push_subscriptions').executeTakeFirst();
    return Number(result.numDeletedRows);
  });
}

export async function subscriptionExists(db: Db, endpoint: string): Promise<boolean> {
  return (await db.selectFrom('push_subscriptions').select('endpoint').where('endpoint', '=', endpoint).executeTakeFirst()) !== undefined;
}

export async function findSubscription(db: Db, endpoint: string): Promise<{ sessions: string[]; locale: Locale } | undefined> {
  const row = await db.selectFrom('push_subscriptions').select('locale').where('endpoint', '=', endpoint).executeTakeFirst();
  if (!row) return undefined;
  const sessions = await db
    .selectFrom('push_subscription_sessions')
    .select('session_id')
    .where('endpoint', '=', endpoint)
    .orderBy('session_id')
    .execute();
  return { sessions: sessions.map((s) => s.session_id), locale: isLocale(row.locale) ? row.locale : DEFAULT_LOCALE };
}

/**
 * Queues a notification for every subscription in its language that starred each session, inside
 * the caller's transaction (the release's: a notification exists if and only if its change was
 * published). A notification still waiting for the same subscription and topic is replaced: the
 * later change says where the session now is.
 */
export async function queueNotifications(trx: Db, items: readonly NotificationToQueue[], now: string): Promise<void> {
  for (const item of items) {
    // The subscriptions in the item's language that starred its session (a language no subscription
    // has, such as one a later version dropped, reads as pt-PT: every subscription hears of its stars).
    const inLanguage = trx
      .selectFrom('push_subscriptions')
      .select('endpoint')
      .$call((qb) =>
        item.locale === DEFAULT_LOCALE
          ? qb.where(
              'locale',
              'not in',
              LOCALES.filter((l) => l !== DEFAULT_LOCALE),
            )
          : qb.where('locale', '=', item.locale),
      );
    const starred = trx
      .selectFrom('push_subscription_sessions')
      .select('endpoint')
      .where('session_id', '=', item.sessionId)
      .where('endpoint', 'in', inLanguage);
    await trx
      .deleteFrom('push_notifications')
      .where('sent_at', 'is', null)
      .where('topic', '=', item.topic)
      .where('endpoint', 'in', starred)
      .execute();
    await trx
      .insertInto('push_notifications')
      .columns(['endpoint', 'topic', 'payload_json', 'urgency', 'ttl_seconds', 'created_at', 'next_attempt_at'])
      .expression(
        trx
          .selectFrom('push_subscription_sessions')
          .select((eb) => [
            'endpoint',
            eb.val(item.topic).as('topic'),
            eb.val(item.payload).as('payload_json'),
            eb.val(item.urgency).as('urgency'),
            eb.val(item.ttlSeconds).as('ttl_seconds'),
            eb.val(now).as('created_at'),
            eb.val(now).as('next_attempt_at'),
          ])
          .where('session_id', '=', item.sessionId)
          .where('endpoint', 'in', inLanguage),
      )
      .execute();
  }
}

/**
 * Up to `limit` notifications due at `now` that no other instance holds, each now held by this
 * caller until `leaseUntil` (if it dies sending, another takes the row over after that).
 */
export async function claimDueNotifications(
  db: Db,
  opts: { now: string; leaseUntil: string; limit: number; maxAttempts: number },
): Promise<ClaimedNotification[]> {
  const due = db
    .selectFrom('push_notifications')
    .select('id')
    .where('sent_at', 'is', null)
    .where('attempts', '<', opts.maxAttempts)
    .where('next_attempt_at', '<=', opts.now)
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', opts.now)]))
    .orderBy('id')
    .limit(opts.limit)
    .$if(onPostgres(db), (qb) => qb.forUpdate().skipLocked());
  const claimed = await db
    .updateTable('push_notifications')
    .set({ claimed_until: opts.leaseUntil })
    .where('id', 'in', due)
    .returning(['id', 'endpoint', 'topic', 'payload_json', 'urgency', 'ttl_seconds', 'attempts'])
    .execute();
  if (claimed.length === 0) return [];
  const subscriptions = await db
    .selectFrom('push_subscriptions')
    .select(['endpoint', 'p256dh', 'auth'])
    .where('endpoint', 'in', [...new Set(claimed.map((c) => c.endpoint))])
    .execute();
  const byEndpoint = new Map(subscriptions.map((s) => [s.endpoint, s]));
  return claimed
    .filter((c) => byEndpoint.has(c.endpoint))
    .sort((a, b) => a.id - b.id)
    .map((c) => ({
      id: c.id,
      subscription: byEndpoint.get(c.endpoint)!,
      topic: c.topic,
      payload: c.payload_json,
      urgency: c.urgency as NotificationToQueue['urgency'],
      ttlSeconds: c.ttl_seconds,
      attempts: c.attempts,
    }));
}

export async function markNotificationsSent(db: Db, ids: readonly number[], at: string): Promise<void> {
  if (ids.length === 0) return;
  await db.updateTable('push_notifications').set({ sent_at: at, claimed_until: null, last_error: null }).where('id', 'in', ids).execute();
}

/** Another try at `nextAttemptAt` (after the last one, none: the row stays with its error, for the record). */
export async function markNotificationFailed(
  db: Db,
  id: number,
  failure: { attempts: number; nextAttemptAt: string; error: string },
): Promise<void> {
  await db
    .updateTable('push_notifications')
    .set({
      attempts: failure.attempts,
      next_attempt_at: failure.nextAttemptAt,
      claimed_until: null,
      last_error: failure.error.slice(0, 500),
    })
    .where('id', '=', id)
    .execute();
}

/** Notifications not yet sent and not given up on: the metrics' gauge. */
export async function countWaitingNotifications(db: Db, maxAttempts: number): Promise<number> {
  const row = await db
    .selectFrom('push_notifications')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('sent_at', 'is', null)
    .where('attempts', '<', maxAttempts)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
