/**
 * Web Push with several instances on PostgreSQL: two apps on one database share the sending queue
 * (claimed with FOR UPDATE SKIP LOCKED), and each notification reaches the local push service
 * exactly once, decrypted with its device's own keys; and a server process killed (SIGKILL) in the
 * middle of sending leaves no device a second copy once another instance has taken its batch over.
 */
import { setTimeout as delay } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PushMessage } from '../../src/common/push/push-message';
import { buildApp } from '../../server/app';
import { systemClock } from '../../server/clock';
import { loadConfig } from '../../server/config';
import { openDatabase, type Db } from '../../server/db/database';
import { saveSubscription } from '../../server/db/repositories/push/push-repository';
import { enqueueChangeNotifications } from '../../server/publishing/change-notifications';
import { BATCH } from '../../server/push/push-sender';
import { futureSession, NOW, startTestServer, type TestServer } from './helper';
import { pushedChange } from './pushed-change';
import { decryptAes128gcm, deviceKeys, startLocalPushService, type DeviceKeys, type LocalPushService } from '../support/local-push-service';
import { startServer, type ServerProcess } from '../support/server-process';

let push: LocalPushService;
let server: TestServer;
let session: { id: string; movieId: string };

beforeAll(async () => {
  push = await startLocalPushService();
  server = await startTestServer({ PUSH_SERVICE_ORIGINS: push.origin });
  session = await futureSession(server.db);
}, 60_000);
afterAll(async () => {
  await server?.close();
  await push?.close();
});

describe('two instances on PostgreSQL', () => {
  it('send each notification exactly once', async () => {
    const second = openDatabase(server.config.database);
    const other = await buildApp({ db: second, config: server.config, clock: () => NOW });
    await other.ready();
    try {
      const devices = new Map<string, DeviceKeys>();
      for (let i = 0; i < 300; i += 1) {
        const device = deviceKeys();
        devices.set(`/push/pair-${i}`, device);
        // Straight into the table: 300 posts from one address would meet the API's rate limit.
        const { keys } = device.json('');
        await saveSubscription(server.db, { endpoint: push.endpoint(`pair-${i}`), ...keys }, [session.id], NOW.toISOString());
      }
      const already = push.deliveries.length;
      await server.db.transaction().execute((trx) => enqueueChangeNotifications(trx, [pushedChange(session, 'retimed', 48 * 60)]));
      server.app.pushSender.wake();
      other.pushSender.wake();
      await push.received(already + 300);
      await Promise.all([server.app.pushSender.idle(), other.pushSender.idle()]);
      const deliveries = push.deliveries.slice(already).filter((d) => d.path.startsWith('/push/pair-'));
      expect(deliveries).toHaveLength(300);
      expect(new Set(deliveries.map((d) => d.path)).size).toBe(300);
      for (const delivery of deliveries) {
        expect(JSON.parse(decryptAes128gcm(delivery.body, devices.get(delivery.path)!)) as PushMessage).toMatchObject({ kind: 'retimed' });
      }
    } finally {
      await other.close();
      await second.destroy();
    }
  }, 60_000);
});

/** The reviewer's cancel: 651 devices starred the session. */
const SUBSCRIBERS = 651;
/**
 * A's lease: short, so that B takes A's batch over within seconds. A's requests then have a quarter
 * of it each, 1 s, fifty times what the service takes: a busy machine must not make A give up on a
 * request the service had accepted (that notice would rightly be sent again, and counted twice).
 */
const LEASE_SECONDS = '4';
/** The push service goes quiet once this many requests have arrived: half way through A's second batch. */
const STALL_AT = BATCH + BATCH / 2;

/** How many of the queue's notices for these endpoints are marked sent. */
async function markedSent(db: Db, endpoints: readonly string[]): Promise<number> {
  const row = await db
    .selectFrom('push_notifications')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('sent_at', 'is not', null)
    .where('endpoint', 'in', endpoints)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * The reviewer's incident (issue 42): instance A killed with SIGKILL while sending a cancel to 651
 * phones; once A's lease has run out, instance B sends what A left. Every phone must get the notice
 * once: what the push service accepted from A, A had marked sent, and B sends only the rest.
 */
describe('an instance killed (SIGKILL) in the middle of sending', () => {
  let killService: LocalPushService | undefined;
  let a: ServerProcess | undefined;
  let bDb: Db | undefined;
  let b: FastifyInstance | undefined;

  afterAll(async () => {
    if (a && a.child.exitCode === null && a.child.signalCode === null) a.child.kill('SIGKILL');
    await b?.close();
    await bDb?.destroy();
    await killService?.close();
  }, 30_000);

  it('an instance killed (SIGKILL) with requests out, once it has marked what was accepted: every subscriber gets the notice once, after another instance has taken its batch over', async () => {
    killService = await startLocalPushService();
    const service = killService;
    // A push service that takes a moment to answer: the sender has its 32 requests out at once.
    service.answerAfter(20);
    // The file's in-process instance steps aside (its sender would be a third instance): its
    // database, migrated and with the content, is the two instances' own, and A starts without the import.
    await server.app.close();
    const common = {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      // Real clocks in A and B (neither CLOCK_AT nor the file's pinned one), so that the lease A
      // writes runs out for B when it says; no FESTIVAL_START, so the edition is today's (on the
      // real clock, the pinned one ended months ago, and its subscriptions would be deleted).
      DATABASE: server.config.database,
      PUSH_SERVICE_ORIGINS: service.origin,
    };
    // Instance A, the real server as a process of its own.
    a = await startServer({ ...common, PUSH_LEASE_SECONDS: LEASE_SECONDS });

    const other = await server.db
      .selectFrom('sessions')
      .select(['id', 'movie_id'])
      .where('id', '!=', Number(session.id))
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const cancelled = { id: String(other.id), movieId: String(other.movie_id) };
    const devices = new Map<string, DeviceKeys>();
    const at = new Date().toISOString();
    const subscriptions = Array.from({ length: SUBSCRIBERS }, (_, i) => {
      const device = deviceKeys();
      devices.set(`/push/kill-${i}`, device);
      return { endpoint: service.endpoint(`kill-${i}`), ...device.json('').keys, created_at: at, updated_at: at };
    });
    const endpoints = subscriptions.map((s) => s.endpoint);
    // Straight into the tables, in two statements: 651 posts would meet the API's rate limit, and
    // 651 transactions would take seconds.
    await server.db.insertInto('push_subscriptions').values(subscriptions).execute();
    await server.db
      .insertInto('push_subscription_sessions')
      .values(endpoints.map((endpoint) => ({ endpoint, session_id: cancelled.id })))
      .execute();
    // The cancel is published; A's loop (every 500 ms) finds it and sends.
    await server.db.transaction().execute((trx) => enqueueChangeNotifications(trx, [pushedChange(cancelled, 'cancelled', 90)]));

    // Some but not all have arrived: the service goes quiet with A's requests in flight.
    await service.received(STALL_AT);
    service.stall();
    const accepted = () => service.deliveries.filter((d) => d.status !== undefined && d.status >= 200 && d.status < 300);
    const acceptedFromA = accepted().length;
    expect(acceptedFromA).toBeGreaterThan(BATCH);
    expect(acceptedFromA).toBeLessThan(SUBSCRIBERS);
    // What A was told was accepted, A marks sent at once, with the rest of its batch still out: it is
    // killed then. A sender that marks only at its batch's end has marked none of it while a request
    // is out, and it is killed all the same as soon as it gives up on a first one (its timeout).
    const abandoned = () => service.deliveries.some((d) => d.abandoned);
    while ((await markedSent(server.db, endpoints)) < acceptedFromA && !abandoned()) await delay(20);
    const exited = new Promise((resolve) => a!.child.once('exit', resolve));
    a.child.kill('SIGKILL');
    await exited;
    service.resume();

    // Instance B sends the rest at once, and what A held once A's lease has run out. What B waits
    // for is A's lease; its own (the default, 60 s) gives each of its requests 15 s, and the test's
    // process, where B shares its turns with the push service, may be as busy as it likes.
    bDb = openDatabase(server.config.database);
    b = await buildApp({ db: bDb, config: loadConfig(common), clock: systemClock });
    await b.ready();
    while ((await markedSent(server.db, endpoints)) < SUBSCRIBERS) await delay(50);
    await b.pushSender.idle();

    const perEndpoint = new Map<string, number>();
    for (const delivery of accepted()) perEndpoint.set(delivery.path, (perEndpoint.get(delivery.path) ?? 0) + 1);
    const notOnce = [...perEndpoint].filter(([, count]) => count !== 1).map(([path]) => path);
    // Why, if any did: the queue's word on them (a try that failed, and its error).
    const notOnceRows =
      notOnce.length === 0
        ? []
        : await server.db
            .selectFrom('push_notifications')
            .select(['endpoint', 'attempts', 'last_error'])
            .where(
              'endpoint',
              'in',
              notOnce.map((path) => `${service.origin}${path}`),
            )
            .execute();
    expect(notOnce, `${notOnce.length} devices got the notice more than once: ${JSON.stringify(notOnceRows.slice(0, 5))}`).toEqual([]);
    expect(perEndpoint.size).toBe(SUBSCRIBERS);
    for (const delivery of accepted()) {
      expect(JSON.parse(decryptAes128gcm(delivery.body, devices.get(delivery.path)!)) as PushMessage).toMatchObject({ kind: 'cancelled' });
    }
  }, 60_000);
});
