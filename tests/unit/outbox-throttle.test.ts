/**
 * The outbox under a throttling server: a 429 with Retry-After sets the next attempt that far
 * ahead and stops the flush; without Retry-After the wait grows, jittered, within bounds; and a
 * timer sends again while the page is open, without a reload. Only the visitor's "Enviar agora"
 * sends before the server's wait is over: a new form sent meanwhile waits too, and says so.
 */
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openFestaDb } from '../../src/data/db';
import { heldMessage } from '../../src/data/queued-message';
import { pageOutbox, submitForm } from '../../src/data/submit';
import { deliveryLine } from '../../src/forms/use-queued-delivery';
import { pendingLine } from '../../src/pwa/outbox-status';
import {
  BACKOFF_BASE_MS,
  BACKOFF_CAP_MS,
  BACKOFF_FLOOR_MS,
  backoffDelay,
  Outbox,
  parseRetryAfter,
  type Scheduler,
  type Transport,
} from '../../src/data/outbox';

type Answer = { status: number; retryAfter?: string };

/** A server that answers from a script, recording the keys it was sent. */
function scriptedTransport(script: Answer[], fallback: Answer = { status: 201 }) {
  const keys: string[] = [];
  const transport: Transport = (_url, init) => {
    keys.push(init.headers['idempotency-key']!);
    const { status, retryAfter } = script.shift() ?? fallback;
    return Promise.resolve({
      status,
      headers: { get: (name: string) => (name.toLowerCase() === 'retry-after' ? (retryAfter ?? null) : null) },
      json: () =>
        Promise.resolve(
          status === 201 ? { ok: true, id: 'x', message: 'Obrigado.' } : { statusCode: status, message: 'Demasiados pedidos.' },
        ),
    });
  };
  return { transport, keys };
}

/** A scheduler the test drives: one pending timer at most is what the outbox should keep. */
function manualScheduler() {
  const timers = new Map<number, { run: () => void; ms: number }>();
  let next = 0;
  const scheduler: Scheduler = {
    set: (run, ms) => {
      timers.set(++next, { run, ms });
      return next;
    },
    clear: (handle) => {
      timers.delete(handle as number);
    },
  };
  /** The one pending timer (the test fails if there is not exactly one). */
  const only = () => {
    expect(timers.size).toBe(1);
    const [timer] = [...timers.values()];
    return timer!;
  };
  return { scheduler, timers, only };
}

const settle = async () => {
  for (let i = 0; i < 20; i++) await new Promise((resolve) => setTimeout(resolve, 0));
};

describe('the outbox against a throttling server', () => {
  it('follows Retry-After on a 429 and stops the flush', async () => {
    const db = openFestaDb('throttle-retry-after');
    const now = 5_000_000;
    const { transport, keys } = scriptedTransport([{ status: 201 }, { status: 429, retryAfter: '2' }]);
    const outbox = new Outbox(db, transport, () => now, undefined, { random: () => 0 });
    for (let i = 0; i < 5; i++) await outbox.enqueue('newsletter', { email: `f${i}@example.pt`, city: 'Lisboa' });

    const outcomes = await outbox.flush();
    expect(outcomes.map((o) => o.result)).toEqual(['sent', 'retry']);
    // Stopped at the 429: two requests, not five.
    expect(keys).toHaveLength(2);
    const pending = await outbox.pending();
    expect(pending).toHaveLength(4);
    expect(pending[0]).toMatchObject({ id: outcomes[1]!.id, attempts: 1 });
    // About 2 s later, for the throttled post and for those behind it.
    for (const item of pending) {
      expect(item.nextAttemptAt - now).toBeGreaterThanOrEqual(2000);
      expect(item.nextAttemptAt - now).toBeLessThan(2500);
    }
    // Nothing is due before then.
    expect(await outbox.flush()).toEqual([]);
    db.close();
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    expect(parseRetryAfter('2', 0)).toBe(2000);
    expect(parseRetryAfter(new Date(10_000).toUTCString(), 4000)).toBe(6000);
    expect(parseRetryAfter(null, 0)).toBeNull();
    expect(parseRetryAfter('soon', 0)).toBeNull();
  });

  it('without Retry-After, backs off exponentially with full jitter, within bounds', async () => {
    for (let attempts = 1; attempts <= 12; attempts++) {
      const ceiling = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** (attempts - 1));
      expect(backoffDelay(attempts, () => 0)).toBe(BACKOFF_FLOOR_MS);
      expect(backoffDelay(attempts, () => 0.999_999)).toBeLessThanOrEqual(ceiling);
      expect(backoffDelay(attempts, () => 0.999_999)).toBeGreaterThan(ceiling * 0.99);
    }
    expect(backoffDelay(30, () => 0.999_999)).toBeLessThanOrEqual(BACKOFF_CAP_MS);

    // Through the outbox: 503s without Retry-After; each wait lies within its attempt's bounds,
    // the ceilings grow, and the waits are spread (jittered), not one fixed value.
    const db = openFestaDb('throttle-backoff');
    let now = 1_000_000;
    const { transport } = scriptedTransport([], { status: 503 });
    const outbox = new Outbox(db, transport, () => now);
    await outbox.enqueue('newsletter', { email: 'b@example.pt', city: 'Porto' });
    const waits: number[] = [];
    for (let attempts = 1; attempts <= 8; attempts++) {
      await outbox.flush({ force: true });
      const [item] = await outbox.pending();
      const wait = item!.nextAttemptAt - now;
      const ceiling = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** (attempts - 1));
      expect(item!.attempts).toBe(attempts);
      expect(wait).toBeGreaterThanOrEqual(BACKOFF_FLOOR_MS);
      expect(wait).toBeLessThanOrEqual(ceiling);
      waits.push(wait);
      now = item!.nextAttemptAt;
    }
    expect(new Set(waits).size).toBeGreaterThan(1);
    db.close();
  });

  it('flushes again by timer, without a reload, until the queue is empty; then keeps no timer', async () => {
    const db = openFestaDb('throttle-timer');
    let now = 9_000_000;
    // A venue budget of 20, then the server says: come back in 1 s.
    const script: Answer[] = [];
    for (let i = 0; i < 20; i++) script.push({ status: 201 });
    script.push({ status: 429, retryAfter: '1' });
    for (let i = 0; i < 20; i++) script.push({ status: 201 });
    script.push({ status: 429, retryAfter: '1' });
    const { transport } = scriptedTransport(script);
    const { scheduler, timers, only } = manualScheduler();
    const outbox = new Outbox(db, transport, () => now, undefined, { scheduler, random: () => 0.5 });
    for (let i = 0; i < 50; i++) await outbox.enqueue('newsletter', { email: `t${i}@example.pt`, city: 'Lisboa' });

    /** Until the flush under way has ended: a timer is set while posts wait, none once the queue is empty. */
    const idle = () =>
      vi.waitFor(
        async () => {
          const waiting = (await outbox.pending()).length;
          expect(timers.size).toBe(waiting === 0 ? 0 : 1);
        },
        { timeout: 10_000, interval: 5 },
      );
    await outbox.flush({ force: true });
    await idle();
    expect(await db.sent.count()).toBe(20);
    // One timer, set for the Retry-After.
    const first = only();
    expect(first.ms).toBeGreaterThanOrEqual(1000);
    expect(first.ms).toBeLessThan(1300);

    for (let round = 0; round < 5 && timers.size > 0; round++) {
      const timer = only();
      now += timer.ms;
      timers.clear();
      timer.run();
      await idle();
    }
    expect(await db.sent.count()).toBe(50);
    expect(await outbox.pending()).toEqual([]);
    expect(timers.size).toBe(0);
    db.close();
  });

  it('keeps a refused post refused, and never retries it', async () => {
    const db = openFestaDb('throttle-refused');
    const { transport, keys } = scriptedTransport([{ status: 400 }]);
    const { scheduler, timers } = manualScheduler();
    const outbox = new Outbox(db, transport, Date.now, undefined, { scheduler });
    await outbox.enqueue('newsletter', { email: 'x', city: 'Lisboa' });
    expect((await outbox.flush({ force: true }))[0]?.result).toBe('rejected');
    await settle();
    expect(timers.size).toBe(0);
    await outbox.flush({ force: true });
    expect(keys).toHaveLength(1);
    expect(await outbox.rejected()).toHaveLength(1);
    db.close();
  });
});

describe('the language of a kept post', () => {
  it("sends each post to the address of its page's language, whenever it goes", async () => {
    const db = openFestaDb('outbox-language');
    const urls: string[] = [];
    const { transport } = scriptedTransport([]);
    const outbox = new Outbox(
      db,
      (url, init) => (urls.push(url), transport(url, init)),
      () => 1_000,
    );
    await outbox.enqueue('newsletter', { email: 'ada@example.com', city: 'Lisboa' }, 'en');
    await outbox.enqueue('ticket', { session_id: '204', name: 'Ada', email: 'ada@example.it', tickets: 1 }, 'it');
    await outbox.enqueue('accreditation', { name: 'Rita', company: 'Público', email: 'rita@example.pt', telf: '912345678' });
    await outbox.flush();
    expect(urls.sort()).toEqual(['/admin/api/accreditation', '/admin/api/newsletter?lang=en', '/admin/api/ticket?lang=it']);
  });
});

describe('the wait the server asked for', () => {
  afterEach(() => {
    pageOutbox()?.stop();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('holds a form sent during Retry-After: nothing reaches the network until it ends, then the timer sends both', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'], now: Date.parse('2026-11-22T20:00:00Z') });
    vi.stubGlobal('navigator', { onLine: true });
    const { transport, keys } = scriptedTransport([{ status: 429, retryAfter: '30' }]);
    vi.stubGlobal('fetch', transport);

    const first = await submitForm('newsletter', { email: 'primeira@example.pt', city: 'Lisboa' });
    expect(first).toMatchObject({ ok: true, queued: true });
    expect(keys).toHaveLength(1);
    const heldUntil = await pageOutbox()!.heldUntil();
    expect(heldUntil - Date.now()).toBeGreaterThanOrEqual(30_000);

    // A new post while the server's wait lasts waits too, and says until when.
    const second = await submitForm('newsletter', { email: 'segunda@example.pt', city: 'Porto' });
    expect(second).toMatchObject({ ok: true, queued: true, message: heldMessage(heldUntil) });
    expect(second.ok && second.message).toMatch(/^O servidor pediu para aguardar: guardado, será enviado às \d{2}:\d{2}\.$/);
    expect(keys).toHaveLength(1);

    await vi.advanceTimersByTimeAsync(29_000);
    expect(keys).toHaveLength(1);

    await vi.advanceTimersByTimeAsync(2_000);
    await vi.waitFor(async () => expect(await pageOutbox()!.pending()).toEqual([]));
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(2);
  });

  it('holds every non-forced flush, a returning connection included; "Enviar agora" alone sends at once', async () => {
    const db = openFestaDb('throttle-hold');
    let now = 7_000_000;
    const { transport, keys } = scriptedTransport([{ status: 503, retryAfter: '20' }]);
    const outbox = new Outbox(db, transport, () => now, undefined, { random: () => 0 });
    await outbox.enqueue('accreditation', { name: 'Rita' });
    expect((await outbox.flush())[0]?.result).toBe('retry');
    expect(await outbox.heldUntil()).toBe(now + 20_000);

    const later = await outbox.enqueue('ticket', { name: 'Nuno' });
    expect((await db.outbox.get(later))?.nextAttemptAt).toBe(now + 20_000);
    now += 19_000;
    expect(await outbox.flush()).toEqual([]);
    expect(await outbox.flush({ reconnected: true })).toEqual([]);
    expect(keys).toHaveLength(1);

    expect((await outbox.flush({ force: true })).map((o) => o.result)).toEqual(['sent', 'sent']);
    expect(await outbox.heldUntil()).toBe(0);
    db.close();
  });

  it('sends what waited only for the network as soon as the connection returns, not what the server held', async () => {
    const db = openFestaDb('throttle-reconnected');
    const now = 3_000_000;
    let online = false;
    const keys: string[] = [];
    const transport: Transport = (_url, init) => {
      keys.push(init.headers['idempotency-key']!);
      return online
        ? Promise.resolve({ status: 201, json: () => Promise.resolve({ ok: true, id: 'x', message: 'Obrigado.' }) })
        : Promise.reject(new TypeError('Failed to fetch'));
    };
    const outbox = new Outbox(db, transport, () => now, undefined, { random: () => 0.99 });
    const id = await outbox.enqueue('newsletter', { email: 'rede@example.pt', city: 'Lisboa' });
    expect(await outbox.flush()).toEqual([{ id, result: 'retry' }]);
    expect((await db.outbox.get(id))?.nextAttemptAt).toBeGreaterThan(now);
    // No hold for a network failure: a new post is due at once.
    expect(await outbox.heldUntil()).toBe(0);

    online = true;
    expect(await outbox.flush()).toEqual([]);
    expect(await outbox.flush({ reconnected: true })).toEqual([{ id, result: 'sent' }]);
    expect(keys).toHaveLength(2);
    db.close();
  });

  it('tells the visitor the post waits for the server, and until when', () => {
    const until = Date.parse('2026-11-22T20:05:00Z');
    expect(deliveryLine({ state: 'waiting', heldUntil: until })).toBe('O servidor pediu para aguardar: guardado, será enviado às 20:05.');
    expect(pendingLine(1, until)).toBe('1 envio guardado: o servidor pediu para aguardar, será enviado às 20:05.');
    expect(pendingLine(3, until)).toBe('3 envios guardados: o servidor pediu para aguardar, serão enviados às 20:05.');
  });
});
