/**
 * The outbox against the real server (in-process, real SQLite) over a network that drops
 * requests, drops answers, duplicates and reorders deliveries, while the page restarts: whatever
 * happens, every post is stored exactly once.
 */
import 'fake-indexeddb/auto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openFestaDb } from '../../src/data/db';
import { Outbox, type Transport } from '../../src/data/outbox';
import { startTestServer, type TestServer } from './helper';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_POSTS: '100000' });
});
afterAll(() => server.close());

type Fault = 'ok' | 'drop-request' | 'drop-answer' | 'duplicate' | 'delay';
type Step = { kind: 'enqueue' } | { kind: 'flush'; faults: Fault[] } | { kind: 'restart' } | { kind: 'deliver-delayed' };

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  { weight: 3, arbitrary: fc.constant<Step>({ kind: 'enqueue' }) },
  {
    weight: 3,
    arbitrary: fc
      .array(fc.constantFrom<Fault>('ok', 'drop-request', 'drop-answer', 'duplicate', 'delay'), { minLength: 1, maxLength: 6 })
      .map((faults): Step => ({ kind: 'flush', faults })),
  },
  { weight: 1, arbitrary: fc.constant<Step>({ kind: 'restart' }) },
  { weight: 1, arbitrary: fc.constant<Step>({ kind: 'deliver-delayed' }) },
);

let run = 0;

describe('outbox replays', () => {
  it('loses nothing and stores nothing twice under drops, duplicates, reorders and restarts', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(stepArb, { minLength: 1, maxLength: 25 }),
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        async (steps, seed) => {
          const runId = `run${++run}x${seed}`;
          const dbName = `outbox-${runId}`;
          let db = openFestaDb(dbName);
          const delayed: (() => Promise<unknown>)[] = [];
          let faults: Fault[] = [];

          const deliver = (url: string, init: Parameters<Transport>[1]) =>
            server.app.inject({ method: 'POST', url, headers: init.headers, payload: init.body });
          const faulty: Transport = async (url, init) => {
            const fault = faults.shift() ?? 'ok';
            if (fault === 'drop-request') throw new TypeError('network down');
            if (fault === 'delay') {
              // Delivered later, after newer requests: a reordering the client never hears about.
              delayed.push(() => deliver(url, init));
              throw new TypeError('timed out');
            }
            const response = await deliver(url, init);
            if (fault === 'duplicate') await deliver(url, init);
            if (fault === 'drop-answer') throw new TypeError('connection reset');
            return { status: response.statusCode, json: () => Promise.resolve().then(() => response.json<unknown>()) };
          };

          let outbox = new Outbox(db, faulty);
          const expected: string[] = [];
          for (const step of steps) {
            if (step.kind === 'enqueue') {
              const email = `${runId}-${expected.length}@example.pt`;
              expected.push(email);
              await outbox.enqueue('newsletter', { email, city: 'Lisboa' });
            } else if (step.kind === 'flush') {
              faults = [...step.faults];
              await outbox.flush({ force: true });
            } else if (step.kind === 'restart') {
              db.close();
              db = openFestaDb(dbName);
              outbox = new Outbox(db, faulty);
            } else {
              for (const send of delayed.splice(0).reverse()) await send();
            }
          }
          // The connection comes back for good.
          faults = [];
          for (const send of delayed.splice(0)) await send();
          await outbox.flush({ force: true });

          expect(await outbox.pending()).toEqual([]);
          const rows = await server.db
            .selectFrom('newsletter_subscriptions')
            .select('email')
            .where('email', 'like', `${runId}-%`)
            .execute();
          expect(rows.map((r) => r.email).sort()).toEqual([...expected].sort());
          db.close();
        },
      ),
      { numRuns: 40 },
    );
  }, 120_000);

  it('keeps a refused post as rejected with its message and never sends it again', async () => {
    const db = openFestaDb('outbox-rejected');
    let calls = 0;
    const transport: Transport = async (url, init) => {
      calls++;
      const response = await server.app.inject({ method: 'POST', url, headers: init.headers, payload: init.body });
      return { status: response.statusCode, json: () => Promise.resolve().then(() => response.json<unknown>()) };
    };
    const outbox = new Outbox(db, transport);
    await outbox.enqueue('newsletter', { email: 'not-an-email', city: 'Porto' });
    expect(await outbox.flush({ force: true })).toEqual([{ id: expect.any(String) as unknown, result: 'rejected' }]);
    const [rejected] = await outbox.rejected();
    expect(rejected).toMatchObject({
      status: 'rejected',
      message: 'Endereço de email inválido.',
      fields: { email: 'Endereço de email inválido.' },
    });
    await outbox.flush({ force: true });
    expect(calls).toBe(1);
    await outbox.dismiss(rejected!.id);
    expect(await outbox.rejected()).toEqual([]);
    db.close();
  });

  it('waits and retries after a server error or a rate limit, with backoff', async () => {
    const db = openFestaDb('outbox-backoff');
    let now = 1_000_000;
    const statuses = [503, 429, 201];
    const transport: Transport = () => {
      const status = statuses.shift()!;
      return Promise.resolve({
        status,
        json: () => Promise.resolve(status === 201 ? { ok: true, id: 'x', message: 'ok' } : { message: 'busy' }),
      });
    };
    const outbox = new Outbox(db, transport, () => now);
    await outbox.enqueue('newsletter', { email: 'a@b.pt', city: 'Faro' });
    expect((await outbox.flush())[0]?.result).toBe('retry');
    // Not due yet: a plain flush leaves it alone.
    expect(await outbox.flush()).toEqual([]);
    now += 10 * 60 * 1000;
    expect((await outbox.flush())[0]?.result).toBe('retry');
    expect((await outbox.flush({ force: true }))[0]?.result).toBe('sent');
    expect(await outbox.pending()).toEqual([]);
    expect(await db.sent.count()).toBe(1);
    db.close();
  });
});
