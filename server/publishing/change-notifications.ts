/**
 * Published programme changes as Web Push notifications (issue 37), queued in the release's own
 * transaction so that a notification exists if and only if its change was published; sending is
 * the sender's work (server/push/push-sender.ts), never the publish's.
 */
import { wordsIn } from '../../src/common/i18n/all-catalogs';
import { changesIn } from '../db/repositories/programme/programme-changes-repository';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../../src/common/i18n/locales';
import type { ProgrammeChange } from '../../src/common/programme/programme-change';
import { PUSHED_CHANGE_KINDS, pushMessageOf } from '../../src/common/push/push-message';
import { lisbonInstant } from '../../src/common/time/lisbon-time';
import type { Db } from '../db/database';
import { queueNotifications, type NotificationToQueue } from '../db/repositories/push/push-repository';

/** A cancellation this close to the session wakes the phone (Urgency: high). */
export const HIGH_URGENCY_WITHIN_MS = 3 * 60 * 60 * 1000;
/** Kept by the push service for a phone that is off until the session has begun, and an hour more. */
const KEPT_AFTER_START_S = 60 * 60;
const MIN_TTL_S = 5 * 60;
/** The push services' own ceiling: four weeks. */
const MAX_TTL_S = 28 * 24 * 60 * 60;

/** One notification per session on the push service: a second change replaces a first not yet delivered. */
export const topicOf = (sessionId: string) => `sessao-${sessionId}`.replace(/[^A-Za-z0-9_-]/g, '-').slice(0, 32);

/** The notification of a change for the subscriptions in `locale`: its words and the page it opens in their language. */
export function notificationOf(change: ProgrammeChange, locale: Locale = DEFAULT_LOCALE): NotificationToQueue {
  const publishedAt = Date.parse(change.published_at);
  // A cancelled session's time is its planned one; a moved one's, its new one.
  const startsAt = lisbonInstant(change.kind === 'cancelled' ? change.was.starts_at : change.now.starts_at).getTime();
  const untilStart = startsAt - publishedAt;
  const ttlSeconds = Math.min(MAX_TTL_S, Math.max(MIN_TTL_S, Math.round(untilStart / 1000) + KEPT_AFTER_START_S));
  const urgent = change.kind === 'cancelled' && untilStart <= HIGH_URGENCY_WITHIN_MS;
  return {
    sessionId: change.session_id,
    locale,
    topic: topicOf(change.session_id),
    payload: JSON.stringify(pushMessageOf(change, wordsIn(locale))),
    urgency: urgent ? 'high' : 'normal',
    ttlSeconds,
  };
}

/**
 * Queues the changes visitors are told of by push, for every subscription that starred each
 * session: one message per language per change, each for the subscriptions in its language.
 */
export async function enqueueChangeNotifications(trx: Db, changes: readonly ProgrammeChange[]): Promise<void> {
  const pushed = changes.filter((c) => PUSHED_CHANGE_KINDS.includes(c.kind));
  if (pushed.length === 0) return;
  const at = pushed.map((c) => c.published_at).sort()[0]!;
  // Each language's notifications name the work by its title in that language.
  const notifications = await Promise.all(
    LOCALES.map(async (locale) => (await changesIn(trx, pushed, locale)).map((change) => notificationOf(change, locale))),
  );
  await queueNotifications(trx, notifications.flat(), at);
}
