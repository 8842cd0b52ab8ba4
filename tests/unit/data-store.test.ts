import { describe, expect, it } from 'vitest';
import { DataStore } from '../../src/data/store';

function countingFetcher(answers: Record<string, unknown>) {
  const calls: string[] = [];
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  const fetcher = async (path: string) => {
    calls.push(path);
    await gate;
    if (!(path in answers)) return { status: 404, data: undefined };
    return { status: 200, data: answers[path] };
  };
  return { calls, fetcher, release };
}

describe('DataStore', () => {
  it('starts from the server snapshot and does not fetch it again while fresh', async () => {
    const { calls, fetcher, release } = countingFetcher({});
    const store = new DataStore({ '/api/cities': { status: 200, data: [{ id: '1', name: 'Lisboa' }] } }, fetcher);
    release();
    await store.load('/api/cities');
    expect(calls).toEqual([]);
    expect(store.get('/api/cities')).toMatchObject({ status: 'ready', data: [{ id: '1', name: 'Lisboa' }] });
  });

  it('fetches a missing path once, however many readers ask at once', async () => {
    const { calls, fetcher, release } = countingFetcher({ '/a': 1 });
    const store = new DataStore({}, fetcher);
    const loads = [store.load('/a'), store.load('/a'), store.load('/a')];
    expect(store.get('/a').fetching).toBe(true);
    release();
    await Promise.all(loads);
    expect(calls).toEqual(['/a']);
    expect(store.get('/a')).toMatchObject({ status: 'ready', data: 1, fetching: false });
  });

  it('refetches when stale, marks 404 as missing, and keeps old data when the network fails', async () => {
    let now = 0;
    let fail = false;
    const store = new DataStore(
      {},
      (path) => {
        if (fail) return Promise.reject(new Error('offline'));
        return Promise.resolve(path === '/gone' ? { status: 404, data: undefined } : { status: 200, data: now });
      },
      () => now,
    );
    await store.load('/x');
    expect(store.get('/x').data).toBe(0);
    now = 1000;
    await store.load('/x', 5000);
    expect(store.get('/x').data).toBe(0);
    now = 10_000;
    fail = true;
    await store.load('/x', 5000);
    expect(store.get('/x')).toMatchObject({ status: 'ready', data: 0, error: 'offline' });
    fail = false;
    await store.load('/gone');
    expect(store.get('/gone').status).toBe('missing');
  });

  it('tells subscribers of changes to their path only', async () => {
    const store = new DataStore({}, () => Promise.resolve({ status: 200, data: 'ok' }));
    const seen: string[] = [];
    store.subscribe('/a', () => seen.push('a'));
    store.subscribe('/b', () => seen.push('b'));
    await store.load('/a');
    expect(seen).toEqual(['a', 'a']);
  });
});
