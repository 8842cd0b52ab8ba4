/**
 * Web Push with several instances on PostgreSQL: two apps on one database share the sending queue
 * (claimed with FOR UPDATE SKIP LOCKED), and each notification reaches the local push service
 * exactly once, decrypted with its device's own keys.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PushMessage } from '../../src/common/push/push-message';
import { buildApp } from '../../server/app';
import { openDatabase } from '../../server/db/database';
import { saveSubscription } from '../../server/db/repositories/push/push-repository';
import { enqueueChangeNotifications } from '../../server/publishing/change-notifications';
import { futureSession, NOW, startTestServer, type TestServer } from './helper';
import { pushedChange } from './pushed-change';
import { decryptAes128gcm, deviceKeys, startLocalPushService, type DeviceKeys, type LocalPushService } from '../support/local-push-service';

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
