import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { openFestaDb } from '../../src/data/db';
import { dexiePersistence } from '../../src/data/persistence';
import { BATCH_JSON_CHARS, batchesOf, lastSyncedAt, storeProgramme } from '../../src/data/programme-sync';
import { DataStore } from '../../src/data/store';

const offline = () => Promise.reject(new TypeError('Failed to fetch'));

describe('the data store over IndexedDB', () => {
  it('keeps what it fetched, and gives it back after a restart without a connection', async () => {
    const db = openFestaDb('store-persist');
    const online = new DataStore(
      {},
      () => Promise.resolve({ status: 200, data: [{ id: '1', name: 'Lisboa' }] }),
      Date.now,
      dexiePersistence(db),
    );
    await online.load('/api/cities');
    await new Promise((resolve) => setTimeout(resolve, 10));

    const restarted = new DataStore({}, offline, Date.now, dexiePersistence(db));
    await restarted.load('/api/cities');
    expect(restarted.get('/api/cities')).toMatchObject({ status: 'ready', data: [{ id: '1', name: 'Lisboa' }], fetching: false });
    db.close();
  });

  it('reports an error, not a crash, for a path it never saw while offline', async () => {
    const db = openFestaDb('store-unknown');
    const store = new DataStore({}, offline, Date.now, dexiePersistence(db));
    await store.load('/api/news/301');
    expect(store.get('/api/news/301')).toMatchObject({ status: 'error', data: undefined });
    db.close();
  });

  it('stores the embedded server answers for offline use', async () => {
    const db = openFestaDb('store-snapshot');
    const store = new DataStore({ '/api/movie/101': { status: 200, data: { id: '101' } } }, offline, Date.now, dexiePersistence(db));
    await store.persistAll();
    expect(await db.answers.get('/api/movie/101')).toMatchObject({ data: { id: '101' } });
    db.close();
  });
});

describe('the programme sync', () => {
  it('writes every answer in batches, records when, and fills the page store', async () => {
    const db = openFestaDb('sync-store');
    const answers = Object.fromEntries(Array.from({ length: 130 }, (_, i) => [`/api/movie/${i + 1}`, { id: String(i + 1) }]));
    const store = new DataStore({}, offline);
    const report = await storeProgramme(db, { version: 'v1', generatedAt: '2026-04-05T12:00:00Z', answers }, 42, store);
    expect(report.paths).toBe(130);
    expect(await db.answers.count()).toBe(130);
    expect(await lastSyncedAt(db)).toBe(42);
    expect(store.get('/api/movie/77').data).toEqual({ id: '77' });

    const later = new DataStore({}, offline, Date.now, dexiePersistence(db));
    await later.load('/api/movie/130');
    expect(later.get('/api/movie/130').data).toEqual({ id: '130' });
    db.close();
  });

  it('a new content version replaces what the open page shows; the same version leaves its fresh answers alone', async () => {
    const db = openFestaDb('sync-new-version');
    const store = new DataStore({ '/api/films': { status: 200, data: ['antes'] } }, offline);
    await storeProgramme(db, { version: 'v1', generatedAt: '', answers: { '/api/films': ['v1'] } }, 1, store);
    expect(store.get('/api/films').data).toEqual(['v1']);
    store.set('/api/films', ['da página']);
    await storeProgramme(db, { version: 'v1', generatedAt: '', answers: { '/api/films': ['v1 outra vez'] } }, 2, store);
    expect(store.get('/api/films').data).toEqual(['da página']);
    await storeProgramme(db, { version: 'v2', generatedAt: '', answers: { '/api/films': ['v2', 'filme novo'] } }, 3, store);
    expect(store.get('/api/films').data).toEqual(['v2', 'filme novo']);
    db.close();
  });

  it('cuts the writes into small batches (no long task on a phone), a big answer alone, every row once and in order', () => {
    const sized = (path: string, chars: number) => ({ path, data: { text: 'x'.repeat(chars) }, updatedAt: 1 });
    const rows = [
      sized('/a', 1000),
      sized('/b', BATCH_JSON_CHARS * 2),
      sized('/c', 1000),
      ...Array.from({ length: 40 }, (_, i) => sized(`/small/${i}`, 2000)),
    ];
    const batches = [...batchesOf(rows)];
    expect(batches.flat().map((row) => row.path)).toEqual(rows.map((row) => row.path));
    expect(batches[0]!.map((row) => row.path)).toEqual(['/a']);
    expect(batches[1]!.map((row) => row.path)).toEqual(['/b']);
    for (const batch of batches.slice(2)) {
      expect(batch.reduce((sum, row) => sum + JSON.stringify(row.data).length, 0)).toBeLessThanOrEqual(BATCH_JSON_CHARS);
    }
    // 40 × 2 KB plus 1 KB: more than two batches of the budget, far fewer than one per row.
    expect(batches.length).toBeGreaterThanOrEqual(5);
    expect(batches.length).toBeLessThan(10);
  });
});
