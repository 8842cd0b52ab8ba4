/**
 * A device's starred sessions for its change notices (issue 37) go through the outbox: a list
 * changed offline waits there and goes when a flush can send it; only the latest list waits (the
 * server keeps the latest); it reaches the push subscription route, and the visitor is told
 * nothing of it, sent or refused. Turning the notices off drops what waits, and no form post.
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { openFestaDb } from '../../src/data/db';
import { Outbox, type Transport } from '../../src/data/outbox';

const subscription = { endpoint: 'https://fcm.googleapis.com/fcm/send/abc', expirationTime: null, keys: { p256dh: 'BNc', auth: 'tBH' } };

/** A network that is down until `online` is set, then answers `status`; the posts it was sent. */
function network(status: number) {
  const posts: { url: string; body: unknown }[] = [];
  const state = { online: false };
  const transport: Transport = (url, init) => {
    if (!state.online) return Promise.reject(new TypeError('Failed to fetch'));
    posts.push({ url, body: JSON.parse(init.body) });
    return Promise.resolve({ status, json: () => Promise.resolve(status === 200 ? { ok: true, sessions: 2 } : { message: 'Não.' }) });
  };
  return { transport, posts, state };
}

describe('the starred sessions in the outbox', () => {
  it('keeps only the latest list while offline, sends it to the subscription route once online, and tells the visitor nothing', async () => {
    const db = openFestaDb('push-stars-offline');
    const net = network(200);
    const outbox = new Outbox(db, net.transport, () => 1_000, undefined, { random: () => 0 });
    await outbox.enqueueStars({ ...subscription, sessions: ['12'] });
    expect(await outbox.flush()).toMatchObject([{ result: 'retry' }]);
    await outbox.enqueueStars({ ...subscription, sessions: ['12', '34'] });
    expect((await outbox.pending()).map((item) => item.body.sessions)).toEqual([['12', '34']]);

    net.state.online = true;
    expect(await outbox.flush({ reconnected: true })).toMatchObject([{ result: 'sent' }]);
    expect(net.posts).toEqual([{ url: '/admin/push/subscription', body: { ...subscription, sessions: ['12', '34'] } }]);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.sent.count()).toBe(0);
    db.close();
  });

  it('drops a list the server refuses instead of showing it as a refused post', async () => {
    const db = openFestaDb('push-stars-refused');
    const net = network(400);
    net.state.online = true;
    const outbox = new Outbox(db, net.transport);
    await outbox.enqueueStars({ ...subscription, sessions: ['12'] });
    expect(await outbox.flush()).toMatchObject([{ result: 'rejected' }]);
    expect(await db.outbox.count()).toBe(0);
    expect(await outbox.rejected()).toEqual([]);
    db.close();
  });

  it('drops the waiting list when the notices are turned off, and keeps a form post waiting beside it', async () => {
    const db = openFestaDb('push-stars-off');
    const outbox = new Outbox(db, network(200).transport);
    await outbox.enqueue('newsletter', { email: 'ana@example.pt' });
    await outbox.enqueueStars({ ...subscription, sessions: ['12'] });
    await outbox.dropStars();
    expect((await outbox.pending()).map((item) => item.kind)).toEqual(['newsletter']);
    db.close();
  });
});
