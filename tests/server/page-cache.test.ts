/**
 * The response cache (server/cache/response-cache.ts): pages and API GETs are made once per
 * content version, kept with their gzip and brotli variants and a strong ETag, and made again
 * when content is imported. Counts, never timings.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { ResponseCache } from '../../server/cache/response-cache';
import { importContent } from '../../server/content/import';
import { startTestServer, type TestServer } from './helper';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const get = (url: string, headers: Record<string, string> = {}) => server.app.inject({ method: 'GET', url, headers });
const made = (kind: 'page' | 'api') => server.app.responseCache.made.get(kind) ?? 0;
const decoded = (body: Buffer, encoding: string | undefined) =>
  encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body;

describe.each([
  ['page', '/programacao'],
  ['api', '/admin/api/movies_from_categ/0/festa'],
] as const)('the %s %s', (kind, url) => {
  it('is made once and then served from the cache', async () => {
    const first = await get(url);
    expect(first.statusCode).toBe(200);
    const before = made(kind);
    const second = await get(url);
    expect(made(kind)).toBe(before);
    expect(second.body).toBe(first.body);
    expect(second.headers.etag).toBe(first.headers.etag);
  });

  it('has a strong ETag and answers 304 to If-None-Match', async () => {
    const etag = (await get(url)).headers.etag as string;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    const again = await get(url, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // The security headers still apply to cached answers.
    expect(again.headers['x-content-type-options']).toBe('nosniff');
  });

  it('keeps gzip and brotli variants that decode to the same bytes', async () => {
    const plain = await get(url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const before = made(kind);
    for (const encoding of ['br', 'gzip']) {
      const response = await get(url, { 'accept-encoding': encoding });
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(String(response.headers.vary)).toMatch(/accept-encoding/i);
      expect(response.headers.etag).not.toBe(plain.headers.etag);
      expect(decoded(response.rawPayload, encoding).equals(plain.rawPayload)).toBe(true);
      // An ETag of one encoding revalidates the same content.
      const revalidated = await get(url, { 'accept-encoding': encoding, 'if-none-match': response.headers.etag as string });
      expect(revalidated.statusCode).toBe(304);
    }
    expect(made(kind)).toBe(before);
  });
});

describe('what a page depends on', () => {
  it('keeps one entry per scope cookie', async () => {
    const festa = await get('/', { cookie: 'escopo=festa' });
    const before = made('page');
    const distrib = await get('/', { cookie: 'escopo=distrib' });
    expect(made('page')).toBe(before + 1);
    expect(distrib.body).not.toBe(festa.body);
    expect((await get('/', { cookie: 'escopo=distrib; other=1' })).body).toBe(distrib.body);
    expect((await get('/', { cookie: 'escopo=festa' })).body).toBe(festa.body);
    expect(made('page')).toBe(before + 1);
  });

  it('gives every response of a page with a form its own idempotency key, from one render', async () => {
    const keyOf = (html: string) => /name="idempotency_key" value="([0-9a-f-]{36})"/.exec(html)?.[1];
    const first = await get('/newsletter');
    const before = made('page');
    const second = await get('/newsletter');
    expect(made('page')).toBe(before);
    expect(keyOf(first.body)).toBeDefined();
    expect(keyOf(second.body)).toBeDefined();
    expect(keyOf(second.body)).not.toBe(keyOf(first.body));
    expect(second.body.replaceAll(keyOf(second.body)!, '')).toBe(first.body.replaceAll(keyOf(first.body)!, ''));
  });

  it('sends a page with a form gzipped, its key inside, without compressing the page again', async () => {
    const keyOf = (html: string) => /name="idempotency_key" value="([0-9a-f-]{36})"/.exec(html)?.[1];
    const plain = await get('/newsletter');
    const before = made('page');
    const keys = new Set<string>();
    for (const acceptEncoding of ['gzip', 'gzip, deflate, br', 'br;q=1, gzip;q=0.5']) {
      const response = await get('/newsletter', { 'accept-encoding': acceptEncoding });
      expect(response.headers['content-encoding']).toBe('gzip');
      expect(String(response.headers.vary)).toMatch(/accept-encoding/i);
      const html = gunzipSync(response.rawPayload).toString();
      const key = keyOf(html)!;
      expect(key).toBeDefined();
      keys.add(key);
      expect(html.replaceAll(key, '')).toBe(plain.body.replaceAll(keyOf(plain.body)!, ''));
      expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    }
    expect(keys.size).toBe(3);
    expect(made('page')).toBe(before);
    // A client that accepts no compression gets the identity bytes.
    expect((await get('/newsletter', { 'accept-encoding': 'identity' })).headers['content-encoding']).toBeUndefined();
  });

  it('caches pages that answer 404', async () => {
    expect((await get('/filme/999999')).statusCode).toBe(404);
    const before = made('page');
    expect((await get('/filme/999999')).statusCode).toBe(404);
    expect(made('page')).toBe(before);
  });

  it('never serves a page rendered for a form post, and renders posts without the cache', async () => {
    const page = await get('/newsletter');
    const before = made('page');
    const posted = await server.app.inject({
      method: 'POST',
      url: '/newsletter',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=nao-e-email&city=Lisboa&idempotency_key=cache-test-key-0001',
    });
    expect(posted.statusCode).toBe(400);
    expect(made('page')).toBe(before);
    const after = await get('/newsletter');
    expect(after.body).not.toContain('nao-e-email');
    expect(after.body.length).toBe(page.body.length);
  });
});

describe('a new content version', () => {
  it('is read after an import and makes pages and API answers again', async () => {
    const version = (await get('/admin/homeprefs')).json<{ contentVersion: string }>().contentVersion;
    const page = await get('/programacao');
    const api = await get('/admin/api/movie/101');
    const pages = made('page');
    const apis = made('api');

    await importContent(server.db, { ...server.config, festivalStart: '2026-05-07' });
    await server.app.responseCache.refreshVersion();

    const newVersion = (await get('/admin/homeprefs')).json<{ contentVersion: string }>().contentVersion;
    expect(newVersion).not.toBe(version);
    const newPage = await get('/programacao');
    expect(made('page')).toBe(pages + 1);
    expect(newPage.body).not.toBe(page.body);
    expect(newPage.headers.etag).not.toBe(page.headers.etag);
    expect((await get('/programacao', { 'if-none-match': page.headers.etag as string })).statusCode).toBe(200);
    const newApi = await get('/admin/api/movie/101');
    expect(made('api')).toBeGreaterThan(apis);
    expect(newApi.body).not.toBe(api.body);
  });
});

describe('the cache itself', () => {
  const entry = async (cache: ResponseCache, key: string, size = 10, live = false) =>
    cache.answer('t', key, () => Promise.resolve({ status: 200, type: 'text/plain', body: Buffer.alloc(size, key), live }));

  it('holds at most maxEntries, dropping the least recently used', async () => {
    const cache = new ResponseCache({ readVersion: () => Promise.resolve('v1'), maxEntries: 3 });
    for (const key of ['a', 'b', 'c']) await entry(cache, key);
    await entry(cache, 'a'); // used again: now the most recent
    await entry(cache, 'd');
    expect(cache.size).toBe(3);
    expect(cache.made.get('t')).toBe(4);
    await entry(cache, 'a');
    expect(cache.made.get('t')).toBe(4);
    await entry(cache, 'b'); // was dropped
    expect(cache.made.get('t')).toBe(5);
    expect(cache.size).toBe(3);
  });

  it('holds at most maxBytes (bodies with their compressed variants)', async () => {
    const cache = new ResponseCache({ readVersion: () => Promise.resolve('v1'), maxBytes: 10_000 });
    for (let i = 0; i < 20; i++) await entry(cache, `k${i}`, 2000);
    expect(cache.totalBytes).toBeLessThanOrEqual(10_000);
    expect(cache.size).toBeGreaterThan(0);
    expect(cache.size).toBeLessThan(20);
  });

  it('keeps live answers for a short time only, and drops everything on a new version', async () => {
    let now = 0;
    let version = 'v1';
    const cache = new ResponseCache({ readVersion: () => Promise.resolve(version), now: () => now });
    await entry(cache, 'live', 10, true);
    await entry(cache, 'content');
    now += 29_000;
    await entry(cache, 'live', 10, true);
    expect(cache.made.get('t')).toBe(2);
    now += 2_000;
    await entry(cache, 'live', 10, true);
    await entry(cache, 'content');
    expect(cache.made.get('t')).toBe(3);
    version = 'v2';
    now += 2_000; // the version is re-read at most every second
    await entry(cache, 'content');
    expect(cache.made.get('t')).toBe(4);
    expect(cache.size).toBe(1);
  });

  it('makes an answer once for concurrent requests', async () => {
    const cache = new ResponseCache({ readVersion: () => Promise.resolve('v1') });
    await Promise.all(Array.from({ length: 10 }, () => entry(cache, 'same')));
    expect(cache.made.get('t')).toBe(1);
  });
});
