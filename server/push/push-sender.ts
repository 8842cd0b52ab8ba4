/**
 * Sends the queued Web Push notifications (issue 37): every instance runs this loop, claims a batch
 * no other instance holds (server/db/repositories/push/push-repository.ts), encrypts each message
 * for its subscription and signs the request with the site's VAPID key (the web-push library), and
 * posts it to the push service. A subscription the service says is gone (404, 410) is deleted; a
 * busy or unreachable service is tried again later, each time after a longer wait. A publish only
 * queues (server/publishing/change-notifications.ts) and wakes this instance's loop: it never waits for a push.
 */
import type { FastifyInstance } from 'fastify';
import webpush from 'web-push';
import { lisbonDate, addDays } from '../clock';
import type { Db } from '../db/database';
import {
  claimDueNotifications,
  deleteAllSubscriptions,
  deleteSubscription,
  markNotificationFailed,
  markNotificationsSent,
  type ClaimedNotification,
} from '../db/repositories/push/push-repository';
import type { AppDeps } from '../deps';
import { isKnownPushService } from './push-config';
import { vapidKeys, type VapidKeys } from './vapid-keys';

export const PUSH_CHECK_MS = 500;
/** Requests in flight at once from one instance. */
export const CONCURRENCY = 32;
/** Requests each worker sends in one batch, one after another. */
export const ROUNDS = 3;
export const BATCH = ROUNDS * CONCURRENCY;
/** The longest a push service is given to answer, whatever the lease. */
export const MAX_REQUEST_TIMEOUT_MS = 15_000;
/**
 * How long one request may take, from the lease (PUSH_LEASE_SECONDS: how long a claimed batch is
 * this instance's; if it dies, another instance takes the rest over after it): a quarter of it, at
 * most 15 s. A batch whose every request times out takes three quarters; the last is the database's.
 */
export const requestTimeoutMs = (leaseMs: number) => Math.min(MAX_REQUEST_TIMEOUT_MS, Math.floor(leaseMs / (ROUNDS + 1)));
export const MAX_ATTEMPTS = 8;
/** 10 s, 20 s, 40 s… up to an hour. */
export const backoffMs = (attempts: number) => Math.min(60 * 60_000, 10_000 * 2 ** (attempts - 1));
/** Subscriptions are deleted this many days after the festival's last day. */
export const KEEP_AFTER_FESTIVAL_DAYS = 30;

type Outcome = 'sent' | 'gone' | 'retry' | 'failed' | 'refused';

/** A VAPID token is good for this long (the push services accept up to 24 h)… */
const VAPID_TOKEN_S = 12 * 60 * 60;
/** …and is made again when less than this is left. */
const VAPID_RENEW_S = 60 * 60;

/**
 * The VAPID Authorization header of each push service, signed once and reused until it nears its
 * expiry, rather than signed again for every message (what it saves alone was not measured).
 */
export function vapidAuthorizations(keys: VapidKeys, nowSeconds: () => number): (endpoint: string) => string {
  const byAudience = new Map<string, { authorization: string; expires: number }>();
  return (endpoint) => {
    const audience = new URL(endpoint).origin;
    const now = nowSeconds();
    const held = byAudience.get(audience);
    if (held && held.expires - now > VAPID_RENEW_S) return held.authorization;
    const expires = now + VAPID_TOKEN_S;
    const { Authorization } = webpush.getVapidHeaders(audience, keys.subject, keys.publicKey, keys.privateKey, 'aes128gcm', expires);
    byAudience.set(audience, { authorization: Authorization, expires });
    return Authorization;
  };
}

async function post(
  notification: ClaimedNotification,
  authorization: string,
  timeoutMs: number,
): Promise<{ status: number; retryAfter: string | null }> {
  const { subscription } = notification;
  const details = webpush.generateRequestDetails(
    { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
    notification.payload,
    {
      headers: { Authorization: authorization },
      TTL: notification.ttlSeconds,
      urgency: notification.urgency,
      topic: notification.topic,
      contentEncoding: 'aes128gcm',
    },
  );
  // web-push's own sender speaks https only; fetch sends the same request to any origin allowed.
  const response = await fetch(details.endpoint, {
    method: details.method,
    headers: details.headers as Record<string, string>,
    body: details.body === null ? null : new Uint8Array(details.body),
    // A push service answers; it never sends the server on: a redirect followed would make the
    // server ask an address off the allow-list (a loopback one, say). A 3xx is a refusal.
    redirect: 'manual',
    signal: AbortSignal.timeout(timeoutMs),
  });
  await response.body?.cancel();
  return { status: response.status, retryAfter: response.headers.get('retry-after') };
}

async function sendOne(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config'>,
  notification: ClaimedNotification,
  authorizationOf: (endpoint: string) => string,
): Promise<Outcome> {
  const { db, clock, config } = deps;
  const endpoint = notification.subscription.endpoint;
  // Stored while the list allowed it: the list may have changed since.
  if (!isKnownPushService(endpoint, config.pushServiceOrigins)) {
    await deleteSubscription(db, endpoint);
    return 'refused';
  }
  const attempts = notification.attempts + 1;
  let failure: { error: string; retryAfterMs?: number; final?: boolean };
  try {
    const { status, retryAfter } = await post(notification, authorizationOf(endpoint), requestTimeoutMs(config.pushLeaseMs));
    // Marked by the caller at once (sendDueNotifications), with whatever else was accepted meanwhile.
    if (status >= 200 && status < 300) return 'sent';
    if (status === 404 || status === 410) {
      await deleteSubscription(db, endpoint);
      return 'gone';
    }
    const seconds = retryAfter !== null && /^\d+$/.test(retryAfter) ? Number(retryAfter) : undefined;
    // 429 and 5xx pass; any other refusal (400 bad request, 413 too large) would be refused again.
    failure = {
      error: `HTTP ${status}`,
      retryAfterMs: seconds === undefined ? undefined : seconds * 1000,
      final: status !== 429 && status < 500,
    };
  } catch (error) {
    failure = { error: error instanceof Error ? error.message : String(error) };
  }
  const wait = Math.max(backoffMs(attempts), failure.retryAfterMs ?? 0);
  await markNotificationFailed(db, notification.id, {
    attempts: failure.final ? MAX_ATTEMPTS : attempts,
    nextAttemptAt: new Date(clock().getTime() + wait).toISOString(),
    error: failure.error,
  });
  return failure.final || attempts >= MAX_ATTEMPTS ? 'failed' : 'retry';
}

/** Sends what is due now, batch after batch; how many were sent. */
export async function sendDueNotifications(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config' | 'metrics'>,
  authorizationOf: (endpoint: string) => string,
): Promise<number> {
  let sent = 0;
  for (;;) {
    const now = deps.clock();
    const batch = await claimDueNotifications(deps.db, {
      now: now.toISOString(),
      leaseUntil: new Date(now.getTime() + deps.config.pushLeaseMs).toISOString(),
      limit: BATCH,
      maxAttempts: MAX_ATTEMPTS,
    });
    if (batch.length === 0) return sent;
    let next = 0;
    const marks = sentMarks(deps);
    const worker = async () => {
      while (next < batch.length) {
        const notification = batch[next++]!;
        const outcome = await sendOne(deps, notification, authorizationOf);
        deps.metrics?.pushNotifications.inc({ outcome });
        if (outcome === 'sent') {
          marks.add(notification.id);
          sent += 1;
        }
      }
    };
    try {
      await Promise.all(Array.from({ length: Math.min(CONCURRENCY, batch.length) }, worker));
    } finally {
      await marks.settled();
    }
  }
}

/**
 * Marks each accepted message sent as soon as the push service has accepted it: an instance killed
 * mid-batch leaves unmarked only what was accepted in the last write's round trip, never the whole
 * batch, for the next instance to send again. Messages accepted while a write is out go together
 * in the next one, so a thousand phones are not a thousand statements.
 */
function sentMarks(deps: Pick<AppDeps, 'db' | 'clock'>): { add: (id: number) => void; settled: () => Promise<void> } {
  let waiting: number[] = [];
  let writing: Promise<void> | undefined;
  let failed: Error | undefined;
  const write = async () => {
    while (waiting.length > 0) {
      const ids = waiting;
      waiting = [];
      await markNotificationsSent(deps.db, ids, deps.clock().toISOString());
    }
  };
  return {
    add: (id) => {
      waiting.push(id);
      // A write that fails leaves its messages to the lease, and is reported once the batch ends.
      writing ??= write()
        .catch((error: unknown) => {
          failed ??= error instanceof Error ? error : new Error(String(error));
        })
        .finally(() => (writing = undefined));
    },
    settled: async () => {
      while (writing) await writing;
      if (failed !== undefined) throw failed;
    },
  };
}

/** After the festival's last day and 30 more, every subscription goes (the privacy text promises it). */
export async function deleteSubscriptionsAfterFestival(deps: Pick<AppDeps, 'db' | 'clock' | 'config'>): Promise<number> {
  const lastDay = addDays(deps.config.festivalStart, deps.config.festivalDays - 1);
  if (lisbonDate(deps.clock()) <= addDays(lastDay, KEEP_AFTER_FESTIVAL_DAYS)) return 0;
  return deleteAllSubscriptions(deps.db);
}

export interface PushSender {
  /** The site's VAPID public key, for the browser's subscribe call. */
  publicKey(): Promise<string>;
  /** Looks for due notifications now (after a publish on this instance) rather than at the next tick. */
  wake(): void;
  /** Resolves when the loop has nothing in hand (tests). */
  idle(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    pushSender: PushSender;
  }
}

/** The loop of this instance: started when the app is ready, stopped when it closes. */
export function startPushSender(app: FastifyInstance, deps: AppDeps): void {
  let keys: Promise<VapidKeys> | undefined;
  const keysOf = (db: Db) => (keys ??= vapidKeys(db, deps.config.vapid, deps.clock().toISOString()));
  let authorizations: Promise<(endpoint: string) => string> | undefined;
  const authorizationsOf = (db: Db) =>
    // The push service checks the token's expiry against its own clock: real time, not the app's (pinned in tests).
    (authorizations ??= keysOf(db).then((k) => vapidAuthorizations(k, () => Math.floor(Date.now() / 1000))));
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let closed = false;
  const run = async () => {
    try {
      await deleteSubscriptionsAfterFestival(deps);
      await sendDueNotifications(deps, await authorizationsOf(deps.db));
    } catch (error) {
      if (!closed) app.log.error({ err: error }, 'push notifications: sending failed');
    }
  };
  const tick = () => {
    if (closed) return;
    if (running) {
      again = true;
      return;
    }
    running = run().finally(() => {
      running = undefined;
      if (again) {
        again = false;
        tick();
      }
    });
  };
  app.decorate('pushSender', {
    publicKey: async () => (await keysOf(deps.db)).publicKey,
    wake: tick,
    idle: async () => {
      while (running) await running;
    },
  } satisfies PushSender);
  app.addHook('onReady', (done) => {
    timer = setInterval(tick, PUSH_CHECK_MS);
    timer.unref();
    tick();
    done();
  });
  app.addHook('onClose', async () => {
    closed = true;
    clearInterval(timer);
    await running;
  });
}
