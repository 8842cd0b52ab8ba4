/**
 * `npm run bench:push` (issue 37): 1,000 devices starred one session; a move of it is queued as a
 * publish queues it (enqueueChangeNotifications in a transaction); two instances of the app on one
 * PostgreSQL database (BENCH_PG_URL, else TEST_PG_URL: a maintenance URL that may create databases)
 * send through a local push service, which decrypts each message with its device's keys. Prints the
 * time from the queued move to the last message received and to the last decrypted, and how many
 * each device got (1 each). The two instances are two server processes (server/main.ts, started as
 * the tests start one: tests/support/server-process.ts), so that their sending, the push service
 * and the decryption each have a process of their own, as in production.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase } from '../../server/db/database';
import { saveSubscription } from '../../server/db/repositories/push/push-repository';
import { enqueueChangeNotifications } from '../../server/publishing/change-notifications';
import { lisbonDateTime } from '../../src/common/time/lisbon-time';
import { decryptAes128gcm, deviceKeys, startLocalPushService, type DeviceKeys } from '../../tests/support/local-push-service';
import { startServer, type ServerProcess } from '../../tests/support/server-process';

const DEVICES = 1000;
const maintenance = process.env.BENCH_PG_URL ?? process.env.TEST_PG_URL;
if (!maintenance) {
  console.error('bench:push needs BENCH_PG_URL (or TEST_PG_URL)=postgres://user:password@host:port/postgres');
  process.exit(1);
}
const name = `festa_bench_push_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: maintenance });
await admin.connect();
await admin.query(`CREATE DATABASE ${name} TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C' LC_CTYPE 'C'`);
const url = new URL(maintenance);
url.pathname = `/${name}`;
const push = await startLocalPushService();
const now = new Date();
const db = openDatabase(url.toString());
const instances: ServerProcess[] = [];
try {
  // The first migrates the empty database and imports the content; the second finds it ready.
  const env = { NODE_ENV: 'test', LOG_LEVEL: 'warn', DATABASE: url.toString(), PUSH_SERVICE_ORIGINS: push.origin };
  instances.push(await startServer(env, { within: 180_000 }));
  instances.push(await startServer(env, { within: 180_000 }));
  const session = await db
    .selectFrom('sessions')
    .select(['id', 'movie_id', 'starts_at'])
    .orderBy('starts_at', 'desc')
    .executeTakeFirstOrThrow();
  const devices = new Map<string, DeviceKeys>();
  for (let i = 0; i < DEVICES; i += 1) {
    const device = deviceKeys();
    devices.set(`/push/d${i}`, device);
    await saveSubscription(db, { endpoint: push.endpoint(`d${i}`), ...device.json('').keys }, [String(session.id)], now.toISOString());
  }
  const place = { venue_id: 1, venue_name: 'Cinema Ideal', city_id: 1, city_name: 'Lisboa', status: '' as const, status_note: '' };
  const start = performance.now();
  // Queued as a publish queues it; the instances' loops find it at their next look (every PUSH_CHECK_MS).
  await db.transaction().execute((trx) =>
    enqueueChangeNotifications(trx, [
      {
        id: 1,
        release: 2,
        published_at: new Date().toISOString(),
        session_id: String(session.id),
        title: 'Bench',
        path: `/filme/${session.movie_id}`,
        kind: 'retimed',
        was: { ...place, starts_at: session.starts_at },
        now: { ...place, starts_at: lisbonDateTime(new Date(Date.now() + 86_400_000)) },
      },
    ]),
  );
  await push.received(DEVICES);
  const last = Math.max(...push.deliveries.map((d) => d.at));
  let decrypted = 0;
  for (const delivery of push.deliveries) {
    JSON.parse(decryptAes128gcm(delivery.body, devices.get(delivery.path)!));
    decrypted += 1;
  }
  const allDecrypted = performance.now();
  const perDevice = new Set(push.deliveries.map((d) => d.path)).size;
  // Anything sent twice would arrive in the moments after the last first message.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  console.log(`Web Push: ${DEVICES} subscrições, 2 instâncias (processos) em PostgreSQL`);
  console.log(`  da mudança publicada à última mensagem recebida: ${Math.round(last - start)} ms (alvo: < 5000 ms)`);
  console.log(`  … e decifrada: ${Math.round(allDecrypted - start)} ms`);
  console.log(
    `  mensagens recebidas: ${push.deliveries.length}, decifradas: ${decrypted}, dispositivos distintos: ${perDevice} (cada um uma vez: ${push.deliveries.length === perDevice})`,
  );
} finally {
  await Promise.all(instances.map((instance) => instance.stop()));
  await db.destroy();
  await push.close();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}
