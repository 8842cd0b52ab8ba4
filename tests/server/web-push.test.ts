/**
 * Web Push for starred sessions (issue 37), end to end on this machine: a device subscribes through
 * the public API, a published change is queued, the server sends it to a local push service, which
 * checks the VAPID signature and headers and decrypts the message with the device's own keys
 * (tests/support/local-push-service.ts, independent of the web-push library). A subscription the
 * service reports gone is deleted; so is one the visitor turns off. (Two instances on PostgreSQL:
 * pg-web-push.test.ts.)
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ProgrammeChange } from '../../src/common/programme/programme-change';
import type { PushMessage } from '../../src/common/push/push-message';
import { findSubscription } from '../../server/db/repositories/push/push-repository';
import webpush from 'web-push';
import { enqueueChangeNotifications } from '../../server/publishing/change-notifications';
import { ConfigError, loadConfig } from '../../server/config';
import { MAX_PUSH_LEASE_SECONDS, MIN_PUSH_LEASE_SECONDS } from '../../server/push/push-config';
import { BATCH, CONCURRENCY, MAX_ATTEMPTS, requestTimeoutMs, vapidAuthorizations } from '../../server/push/push-sender';
import { TOO_MANY_DEVICES, UNKNOWN_PUSH_SERVICE } from '../../server/api/push-routes';
import { countRows, futureSession, NOW, startTestServer, type TestServer } from './helper';
import { pushedChange } from './pushed-change';
import {
  decryptAes128gcm,
  deviceKeys,
  startLocalPushService,
  verifyVapid,
  type DeviceKeys,
  type LocalPushService,
} from '../support/local-push-service';

let push: LocalPushService;
let server: TestServer;
let session: { id: string; movieId: string };

beforeAll(async () => {
  push = await startLocalPushService();
  server = await startTestServer({ PUSH_SERVICE_ORIGINS: `https://fcm.googleapis.com,${push.origin}` });
  session = await futureSession(server.db);
}, 60_000);
afterAll(async () => {
  await server?.close();
  await push?.close();
});

/** As the browser posts it: an old client sends no `locale` (pt-PT). */
async function subscribe(device: DeviceKeys, name: string, sessions: string[], locale?: string) {
  const payload = { ...device.json(push.endpoint(name)), sessions, ...(locale ? { locale } : {}) };
  return server.app.inject({ method: 'POST', url: '/admin/push/subscription', payload });
}

/** A change of the pinned session, published now: `minutes` after now it starts (or started, cancelled). */
const changeOf = (kind: ProgrammeChange['kind'], minutesAhead: number) => pushedChange(session, kind, minutesAhead);

async function publish(changes: ProgrammeChange[]) {
  await server.db.transaction().execute((trx) => enqueueChangeNotifications(trx, changes));
  server.app.pushSender.wake();
}

/** The newest notice queued for the device named `name`. */
function noticeTo(name: string) {
  return server.db
    .selectFrom('push_notifications')
    .selectAll()
    .where('endpoint', '=', push.endpoint(name))
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
}

describe('the VAPID signature', () => {
  it('is signed once per push service and made again when less than an hour of it is left', () => {
    // web-push refuses an expiry more than 24 h past the real clock: the test starts from it.
    let now = Math.floor(Date.now() / 1000);
    const authorizationOf = vapidAuthorizations({ ...webpush.generateVAPIDKeys(), subject: 'mailto:equipa@example.pt' }, () => now);
    const first = authorizationOf('https://fcm.googleapis.com/fcm/send/a');
    expect(authorizationOf('https://fcm.googleapis.com/fcm/send/b')).toBe(first);
    expect(verifyVapid(first).claims.exp).toBe(now + 12 * 60 * 60);
    const other = authorizationOf('https://updates.push.services.mozilla.com/wpush/v2/c');
    expect(verifyVapid(other).claims.aud).toBe('https://updates.push.services.mozilla.com');
    now += 11 * 60 * 60 - 1;
    expect(authorizationOf('https://fcm.googleapis.com/fcm/send/a')).toBe(first);
    now += 2;
    const renewed = authorizationOf('https://fcm.googleapis.com/fcm/send/a');
    expect(renewed).not.toBe(first);
    expect(verifyVapid(renewed).claims.exp).toBe(now + 12 * 60 * 60);
  });
});

describe('the subscription route', () => {
  it('keeps the subscription and the starred sessions that exist, and replaces the list when stars change', async () => {
    const device = deviceKeys();
    // Twice the same, one no session has, and one beyond any id a session can have.
    const first = await subscribe(device, 'stars', [session.id, '999999', session.id, '99999999999']);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ ok: true, sessions: 1 });
    expect(await findSubscription(server.db, push.endpoint('stars'))).toEqual({ sessions: [session.id], locale: 'pt-PT' });
    const none = await subscribe(device, 'stars', []);
    expect(none.json()).toMatchObject({ ok: true, sessions: 0 });
    expect(await findSubscription(server.db, push.endpoint('stars'))).toEqual({ sessions: [], locale: 'pt-PT' });
  });

  it('refuses an endpoint outside the known push services, in pt-PT, and keeps nothing', async () => {
    const before = await countRows(server.db, 'push_subscriptions');
    for (const endpoint of [
      'https://attacker.example/push/1',
      'http://fcm.googleapis.com/fcm/send/1',
      `${push.origin.replace('127.0.0.1', 'localhost')}/x`,
    ]) {
      const response = await server.app.inject({
        method: 'POST',
        url: '/admin/push/subscription',
        payload: { ...deviceKeys().json(endpoint), sessions: [] },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message: UNKNOWN_PUSH_SERVICE });
    }
    const malformed = await server.app.inject({
      method: 'POST',
      url: '/admin/push/subscription',
      payload: { endpoint: push.endpoint('x'), sessions: 'all' },
    });
    expect(malformed.statusCode).toBe(400);
    expect(await countRows(server.db, 'push_subscriptions')).toBe(before);
  });

  it('takes a bounded number of new devices from one address a day, says so in pt-PT, and lets a device already on change its stars', async () => {
    const bounded = await startTestServer({ PUSH_SERVICE_ORIGINS: push.origin, PUSH_DEVICES_PER_ADDRESS: '2' });
    try {
      const from = (remoteAddress: string, name: string, sessions: string[] = []) =>
        bounded.app.inject({
          method: 'POST',
          url: '/admin/push/subscription',
          remoteAddress,
          payload: { ...deviceKeys().json(push.endpoint(name)), sessions },
        });
      const venue = '198.51.100.7';
      expect((await from(venue, 'bound-1')).statusCode).toBe(200);
      expect((await from(venue, 'bound-2')).statusCode).toBe(200);
      const third = await from(venue, 'bound-3');
      expect([third.statusCode, third.json<{ message: string }>().message]).toEqual([429, TOO_MANY_DEVICES]);
      expect(Number(third.headers['retry-after'])).toBeGreaterThan(23 * 60 * 60);
      // A device already on is not a new one; another address has its own count.
      const again = await from(venue, 'bound-1', [session.id]);
      expect([again.statusCode, again.json<{ sessions: number }>().sessions]).toEqual([200, 1]);
      expect((await from('203.0.113.20', 'bound-3')).statusCode).toBe(200);
      expect(await countRows(bounded.db, 'push_subscriptions')).toBe(3);
    } finally {
      await bounded.close();
    }
  });

  it("keeps the page's language with the subscription, changes it with the next post, and refuses one the site has not", async () => {
    const device = deviceKeys();
    await subscribe(device, 'language', [session.id], 'en');
    expect(await findSubscription(server.db, push.endpoint('language'))).toEqual({ sessions: [session.id], locale: 'en' });
    await subscribe(device, 'language', [session.id], 'it');
    expect(await findSubscription(server.db, push.endpoint('language'))).toEqual({ sessions: [session.id], locale: 'it' });
    const unknown = await subscribe(deviceKeys(), 'language-fr', [session.id], 'fr');
    expect(unknown.statusCode).toBe(400);
    expect(await findSubscription(server.db, push.endpoint('language-fr'))).toBeUndefined();
  });

  it('turning it off deletes the row and its stars', async () => {
    await subscribe(deviceKeys(), 'off', [session.id]);
    const response = await server.app.inject({
      method: 'DELETE',
      url: '/admin/push/subscription',
      payload: { endpoint: push.endpoint('off') },
    });
    expect(response.statusCode).toBe(200);
    expect(await findSubscription(server.db, push.endpoint('off'))).toBeUndefined();
  });

  it('is described in /admin/openapi.json with the body the browser sends', async () => {
    const doc = (await server.app.inject({ method: 'GET', url: '/admin/openapi.json' })).json<{
      paths: Record<
        string,
        Record<string, { requestBody?: { content: Record<string, { schema: { properties: Record<string, unknown> } }> } }>
      >;
    }>();
    const body = doc.paths['/admin/push/subscription']!.post!.requestBody!.content['application/json']!.schema;
    expect(Object.keys(body.properties)).toEqual(['endpoint', 'expirationTime', 'keys', 'sessions', 'locale']);
    expect(body.properties.sessions).toMatchObject({ type: 'array', items: { type: 'string' } });
    expect(doc.paths['/admin/push/subscription']!.delete).toBeDefined();
  });
});

describe('sending a published change', () => {
  it('reaches the push service signed, with TTL, urgency and topic, and decrypts to the notice', async () => {
    const device = deviceKeys();
    await subscribe(device, 'phone', [session.id]);
    const key = (await server.app.inject({ method: 'GET', url: '/admin/push/key' })).json<{ public_key: string }>().public_key;
    const already = push.deliveries.length;
    await publish([changeOf('cancelled', 90)]);
    const delivery = await push.deliveryTo('phone', already);
    const vapid = verifyVapid(delivery.headers.authorization);
    expect(vapid.publicKey).toBe(key);
    expect(vapid.claims.aud).toBe(push.origin);
    expect(vapid.claims.sub).toMatch(/^(https:|mailto:)/);
    expect(vapid.claims.exp * 1000).toBeGreaterThan(Date.now());
    expect(delivery.headers).toMatchObject({ 'content-encoding': 'aes128gcm', urgency: 'high', topic: `sessao-${session.id}` });
    // Until the session has begun, and an hour more: 90 + 60 minutes.
    expect(Number(delivery.headers.ttl)).toBe(150 * 60);
    const message = JSON.parse(decryptAes128gcm(delivery.body, device)) as PushMessage;
    expect(message).toMatchObject({
      title: 'Tudo por Uma Vespa',
      url: `/filme/${session.movieId}#sessao-${session.id}`,
      kind: 'cancelled',
    });
    expect(message.body).toMatch(/^Cancelada \(cópia não chegou\) — domingo 5, 16:30, Cinema Ideal$/);
    await server.app.pushSender.idle();
    expect((await noticeTo('phone')).sent_at).not.toBeNull();
  });

  it("speaks each subscription's language: one message per language, the English one opening the English page", async () => {
    const [english, italian, portuguese] = [deviceKeys(), deviceKeys(), deviceKeys()];
    await subscribe(english, 'phone-en', [session.id], 'en');
    await subscribe(italian, 'phone-it', [session.id], 'it');
    await subscribe(portuguese, 'phone-pt', [session.id]);
    const already = push.deliveries.length;
    await publish([changeOf('cancelled', 90)]);
    const messageTo = async (name: string, device: DeviceKeys) =>
      JSON.parse(decryptAes128gcm((await push.deliveryTo(name, already)).body, device)) as PushMessage;
    const [en, it_, pt] = [
      await messageTo('phone-en', english),
      await messageTo('phone-it', italian),
      await messageTo('phone-pt', portuguese),
    ];
    // The work by its title in each language (the seed's English and Italian); pt-PT's, the one it was published with.
    const work = await server.db
      .selectFrom('movies')
      .select(['title_en', 'title_it'])
      .where('id', '=', Number(session.movieId))
      .executeTakeFirstOrThrow();
    expect(work.title_en).not.toBe('');
    expect(en).toMatchObject({ title: work.title_en, url: `/en/filme/${session.movieId}#sessao-${session.id}`, kind: 'cancelled' });
    expect(it_.title).toBe(work.title_it);
    expect(pt.title).toBe('Tudo por Uma Vespa');
    expect(en.body).toBe('Cancelled (cópia não chegou) — Sunday 5, 16:30, Cinema Ideal');
    expect(it_.url).toBe(`/it/filme/${session.movieId}#sessao-${session.id}`);
    expect(it_.body).toBe('Annullata (cópia não chegou) — domenica 5, 16:30, Cinema Ideal');
    expect(pt.url).toBe(`/filme/${session.movieId}#sessao-${session.id}`);
    expect(pt.body).toBe('Cancelada (cópia não chegou) — domingo 5, 16:30, Cinema Ideal');
    // Each device got its own language's message, once.
    expect(push.deliveries.slice(already).filter((d) => d.path === '/push/phone-en')).toHaveLength(1);
    await server.app.pushSender.idle();
  });

  it('marks a message sent as soon as its push service accepts it, while the rest of its batch is still out', async () => {
    await subscribe(deviceKeys(), 'slow-service', [session.id]);
    await subscribe(deviceKeys(), 'quick-service', [session.id]);
    push.hold('slow-service');
    const already = push.deliveries.length;
    try {
      await publish([changeOf('cancelled', 45)]);
      await push.deliveryTo('quick-service', already);
      await push.deliveryTo('slow-service', already);
      const sentAt = async (name: string) => (await noticeTo(name)).sent_at;
      // An instance killed now would send the quick one's notice again only if it were still unmarked.
      await vi.waitFor(async () => expect(await sentAt('quick-service')).not.toBeNull(), { timeout: 10_000 });
      expect(await sentAt('slow-service')).toBeNull();
      push.release('slow-service');
      await vi.waitFor(async () => expect(await sentAt('slow-service')).not.toBeNull(), { timeout: 10_000 });
    } finally {
      push.release('slow-service');
      await server.app.pushSender.idle();
    }
  });

  it('a batch whose every request times out still ends within its lease, whatever the lease, so no other instance sends it meanwhile', () => {
    for (const seconds of [MIN_PUSH_LEASE_SECONDS, 3, 10, 60, 61, MAX_PUSH_LEASE_SECONDS]) {
      const leaseMs = loadConfig({ PUSH_LEASE_SECONDS: String(seconds) }).pushLeaseMs;
      expect(leaseMs).toBe(seconds * 1000);
      expect(Math.ceil(BATCH / CONCURRENCY) * requestTimeoutMs(leaseMs), `${seconds} s`).toBeLessThan(leaseMs);
    }
    // The default: a minute's lease, 15 s for each request.
    expect(loadConfig({}).pushLeaseMs).toBe(60_000);
    expect(requestTimeoutMs(60_000)).toBe(15_000);
  });

  it('refuses at start-up, in pt-PT, a lease that is not a whole number of seconds between 2 and 3600', () => {
    for (const bad of ['abc', '1.5']) {
      expect(() => loadConfig({ PUSH_LEASE_SECONDS: bad }), bad).toThrow(ConfigError);
      expect(() => loadConfig({ PUSH_LEASE_SECONDS: bad }), bad).toThrow(/PUSH_LEASE_SECONDS tem de ser um número/);
    }
    expect(() => loadConfig({ PUSH_LEASE_SECONDS: '1' })).toThrow(
      'PUSH_LEASE_SECONDS tem de ser pelo menos 2: o tempo de cada pedido ao serviço de push é um quarto dele',
    );
    expect(() => loadConfig({ PUSH_LEASE_SECONDS: '7200' })).toThrow(/PUSH_LEASE_SECONDS não pode passar de 3600/);
  });

  it('a move names old and new time; a far-off change is not urgent; two quick changes leave one waiting', async () => {
    const device = deviceKeys();
    await subscribe(device, 'quick', [session.id]);
    // Queued twice before the sender can see the first (one transaction): the second replaces the first.
    await server.db.transaction().execute(async (trx) => {
      await enqueueChangeNotifications(trx, [changeOf('retimed', 24 * 60)]);
      await enqueueChangeNotifications(trx, [changeOf('retimed', 25 * 60)]);
    });
    const waiting = await server.db
      .selectFrom('push_notifications')
      .select('id')
      .where('endpoint', '=', push.endpoint('quick'))
      .where('sent_at', 'is', null)
      .execute();
    expect(waiting).toHaveLength(1);
    const already = push.deliveries.length;
    server.app.pushSender.wake();
    await push.received(already + 1);
    await server.app.pushSender.idle();
    const deliveries = push.deliveries.filter((d) => d.path === '/push/quick');
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0]!.headers.urgency).toBe('normal');
    const message = JSON.parse(decryptAes128gcm(deliveries[0]!.body, device)) as PushMessage;
    expect(message.body).toBe('segunda 6: 16:00 → 17:15, Cinema Ideal');
  });

  it('deletes a subscription the push service reports gone (410)', async () => {
    await subscribe(deviceKeys(), 'gone', [session.id]);
    push.answer('gone', 410);
    const already = push.deliveries.length;
    await publish([changeOf('delayed', 30)]);
    await push.received(already + 1);
    await server.app.pushSender.idle();
    expect(await findSubscription(server.db, push.endpoint('gone'))).toBeUndefined();
    const metrics = await server.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
    expect(metrics.body).toMatch(/festa_push_notifications_total\{outcome="gone"\} [1-9]/);
  });

  it('follows no redirect: a push service answering 302 is refused, and the address it names is never asked', async () => {
    const elsewhere = await startLocalPushService();
    try {
      await subscribe(deviceKeys(), 'redirects', [session.id]);
      push.answer('redirects', 302, { location: elsewhere.endpoint('stolen') });
      const already = push.deliveries.length;
      await publish([changeOf('cancelled', 30)]);
      await push.deliveryTo('redirects', already);
      await server.app.pushSender.idle();
      expect(await noticeTo('redirects')).toMatchObject({ sent_at: null, last_error: 'HTTP 302' });
      expect(elsewhere.deliveries).toEqual([]);
    } finally {
      await elsewhere.close();
    }
  });

  it('tries a busy push service again later, never at once', async () => {
    await subscribe(deviceKeys(), 'busy', [session.id]);
    push.answer('busy', 503);
    const already = push.deliveries.length;
    await publish([changeOf('moved', 30)]);
    await push.received(already + 1);
    await server.app.pushSender.idle();
    const row = await noticeTo('busy');
    expect(row).toMatchObject({ sent_at: null, attempts: 1, last_error: 'HTTP 503' });
    expect(Date.parse(row.next_attempt_at) - NOW.getTime()).toBe(10_000);
    // The gauge is read when scraped: the busy one is among those waiting.
    const metrics = await server.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
    // Waiting: not sent and still to be tried (a refusal, such as a redirect, is given up on).
    const waiting = (
      await server.db
        .selectFrom('push_notifications')
        .select('id')
        .where('sent_at', 'is', null)
        .where('attempts', '<', MAX_ATTEMPTS)
        .execute()
    ).length;
    expect(waiting).toBeGreaterThan(0);
    expect(metrics.body).toMatch(new RegExp(`^festa_push_notifications_waiting ${waiting}$`, 'm'));
  });

  it('does not push what visitors are not told of by push (a session back to "few seats")', async () => {
    await subscribe(deviceKeys(), 'few', [session.id]);
    await server.db.transaction().execute((trx) => enqueueChangeNotifications(trx, [changeOf('few_seats', 30)]));
    expect(await server.db.selectFrom('push_notifications').select('id').where('endpoint', '=', push.endpoint('few')).execute()).toEqual(
      [],
    );
  });
});
