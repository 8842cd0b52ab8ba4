/** A pushed change reads as the on-page notice names it (issue 37), and the device says where push cannot work. */
import { describe, expect, it } from 'vitest';
import { i18nIn } from '../../src/common/i18n/all-catalogs';
import type { ProgrammeChange, SessionPlace } from '../../src/common/programme/programme-change';
import { pushMessageOf } from '../../src/common/push/push-message';
import { pushSupport } from '../../src/agenda/push/push-support';
import { takeNudgeTurn } from '../../src/agenda/push/push-nudge';

const place: SessionPlace = {
  starts_at: '2026-11-28T18:00',
  venue_id: 1,
  venue_name: 'Cinema Ideal',
  city_id: 1,
  city_name: 'Lisboa',
  status: '',
  status_note: '',
};
const change = (kind: ProgrammeChange['kind'], now: Partial<SessionPlace>): ProgrammeChange => ({
  id: 1,
  release: 3,
  published_at: '2026-11-28T12:00:00.000Z',
  session_id: '42',
  title: 'Tudo por Uma Vespa',
  path: '/filme/7',
  kind,
  was: place,
  now: { ...place, ...now },
});

describe('the notification text', () => {
  it('names a new time on the day, as the notice does', () => {
    expect(pushMessageOf(change('retimed', { starts_at: '2026-11-28T19:15' }))).toMatchObject({
      title: 'Tudo por Uma Vespa',
      body: 'sábado 28: 18:00 → 19:15, Cinema Ideal',
      url: '/filme/7#sessao-42',
      tag: 'sessao-42',
    });
  });
  it('names both days when the day changes, the new venue, a cancellation with its reason, a sold-out session', () => {
    expect(pushMessageOf(change('retimed', { starts_at: '2026-11-29T21:30' })).body).toBe(
      'sábado 28, 18:00 → domingo 29, 21:30, Cinema Ideal',
    );
    expect(pushMessageOf(change('moved', { venue_id: 2, venue_name: 'Cinema São Jorge', status: 'moved' })).body).toBe(
      'sábado 28: 18:00, Cinema Ideal → Cinema São Jorge — Sessão mudou de sala',
    );
    expect(pushMessageOf(change('cancelled', { status: 'cancelled', status_note: 'cópia não chegou' })).body).toBe(
      'Cancelada (cópia não chegou) — sábado 28, 18:00, Cinema Ideal',
    );
    expect(pushMessageOf(change('sold_out', { status: 'sold_out' })).body).toBe('Esgotada — sábado 28, 18:00, Cinema Ideal');
  });

  it('is the same through the pt-PT catalog as in the source text', () => {
    const ptPT = i18nIn('pt-PT');
    for (const c of [
      change('retimed', { starts_at: '2026-11-29T21:30' }),
      change('moved', { venue_id: 2, venue_name: 'Cinema São Jorge', status: 'moved' }),
      change('cancelled', { status: 'cancelled', status_note: 'cópia não chegou' }),
      change('sold_out', { status: 'sold_out' }),
    ])
      expect(pushMessageOf(c, ptPT)).toEqual(pushMessageOf(c));
  });

  it('speaks English to an English subscription, and opens the English page', () => {
    const en = i18nIn('en');
    expect(pushMessageOf(change('retimed', { starts_at: '2026-11-28T19:15' }), en)).toMatchObject({
      title: 'Tudo por Uma Vespa',
      body: 'Saturday 28: 18:00 → 19:15, Cinema Ideal',
      url: '/en/filme/7#sessao-42',
      tag: 'sessao-42',
    });
    expect(pushMessageOf(change('retimed', { starts_at: '2026-11-29T21:30' }), en).body).toBe(
      'Saturday 28, 18:00 → Sunday 29, 21:30, Cinema Ideal',
    );
    expect(pushMessageOf(change('moved', { venue_id: 2, venue_name: 'Cinema São Jorge', status: 'moved' }), en).body).toBe(
      'Saturday 28: 18:00, Cinema Ideal → Cinema São Jorge — Screening moved to another venue',
    );
    expect(pushMessageOf(change('cancelled', { status: 'cancelled', status_note: 'print missing' }), en).body).toBe(
      'Cancelled (print missing) — Saturday 28, 18:00, Cinema Ideal',
    );
    expect(pushMessageOf(change('sold_out', { status: 'sold_out' }), en).body).toBe('Sold out — Saturday 28, 18:00, Cinema Ideal');
  });

  it('speaks Italian to an Italian subscription, and opens the Italian page', () => {
    const it_ = i18nIn('it');
    expect(pushMessageOf(change('retimed', { starts_at: '2026-11-28T19:15' }), it_)).toMatchObject({
      body: 'sabato 28: 18:00 → 19:15, Cinema Ideal',
      url: '/it/filme/7#sessao-42',
    });
    expect(pushMessageOf(change('retimed', { starts_at: '2026-11-29T21:30' }), it_).body).toBe(
      'sabato 28, 18:00 → domenica 29, 21:30, Cinema Ideal',
    );
    expect(pushMessageOf(change('moved', { venue_id: 2, venue_name: 'Cinema São Jorge', status: 'moved' }), it_).body).toBe(
      'sabato 28: 18:00, Cinema Ideal → Cinema São Jorge — La proiezione ha cambiato sala',
    );
    expect(pushMessageOf(change('cancelled', { status: 'cancelled' }), it_).body).toBe('Annullata — sabato 28, 18:00, Cinema Ideal');
    expect(pushMessageOf(change('sold_out', { status: 'sold_out' }), it_).body).toBe('Esaurita — sabato 28, 18:00, Cinema Ideal');
  });
});

/** A Storage kept in a Map, as localStorage behaves. */
const memoryStorage = (): Storage => {
  const items = new Map<string, string>();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
    clear: () => items.clear(),
    key: (index) => [...items.keys()][index] ?? null,
    get length() {
      return items.size;
    },
  };
};

describe('where push can work', () => {
  const fakeWindow = (opts: { ua: string; standalone?: boolean; push?: boolean; permission?: NotificationPermission }) =>
    ({
      localStorage: memoryStorage(),
      navigator: { userAgent: opts.ua, platform: '', maxTouchPoints: 0, ...(opts.push === false ? {} : { serviceWorker: {} }) },
      matchMedia: () => ({ matches: opts.standalone ?? false }),
      ...(opts.push === false ? {} : { PushManager: class {}, Notification: { permission: opts.permission ?? 'default' } }),
    }) as unknown as Window;
  it('says an iPhone needs the home screen, a browser without PushManager cannot, a refusal must be undone in the settings', () => {
    expect(pushSupport(fakeWindow({ ua: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)' }))).toBe('ios-needs-home-screen');
    expect(pushSupport(fakeWindow({ ua: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)', standalone: true }))).toBe('ready');
    expect(pushSupport(fakeWindow({ ua: 'Mozilla/5.0 (X11; Linux x86_64)', push: false }))).toBe('unsupported');
    expect(pushSupport(fakeWindow({ ua: 'Mozilla/5.0 (Linux; Android 14)', permission: 'denied' }))).toBe('denied');
    expect(pushSupport(fakeWindow({ ua: 'Mozilla/5.0 (Linux; Android 14)' }))).toBe('ready');
  });

  it('offers the notices once, gently, after the third star, and only where they can work and are not on', () => {
    const android = fakeWindow({ ua: 'Mozilla/5.0 (Linux; Android 14)' });
    expect(takeNudgeTurn(2, android)).toBe(false);
    expect(takeNudgeTurn(3, android)).toBe(true);
    expect(takeNudgeTurn(4, android)).toBe(false);
    expect(takeNudgeTurn(3, fakeWindow({ ua: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)' }))).toBe(false);
    expect(takeNudgeTurn(3, fakeWindow({ ua: 'Mozilla/5.0 (Linux; Android 14)', permission: 'denied' }))).toBe(false);
    const subscribed = fakeWindow({ ua: 'Mozilla/5.0 (Linux; Android 14)' });
    subscribed.localStorage.setItem('festa.push.endpoint', 'https://fcm.googleapis.com/fcm/send/abc');
    expect(takeNudgeTurn(3, subscribed)).toBe(false);
  });
});
