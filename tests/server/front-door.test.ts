/**
 * The front door (server/cache/front-door.ts): a kept GET is answered before Fastify, with exactly
 * the status, headers and bytes Fastify's route sends, the same 304, and the same GET limit counted
 * in the route's own store. Runs a real listening server on loopback (app.inject never meets the
 * door); counts answers, never timings.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { startTestServer, type TestServer } from './helper';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function listening(
  env: Record<string, string> = {},
): Promise<{ get: (url: string, headers?: Record<string, string>) => Promise<Answer> }> {
  server = await startTestServer(env);
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = server.app.server.address() as AddressInfo;
  const get = (url: string, headers: Record<string, string> = {}) =>
    new Promise<Answer>((resolve, reject) => {
      httpRequest({ host: '127.0.0.1', port, path: url, headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
        response.on('error', reject);
      })
        .on('error', reject)
        .end();
    });
  return { get };
}

const answered = () => server!.app.frontDoor.answered;
/**
 * The door answers while the content version was read less than a second ago: read it now, so a
 * slow render of the request before (a busy machine) never sends the next one to Fastify.
 */
const versionReadNow = () => server!.app.responseCache.refreshVersion();
const decoded = (answer: Answer) =>
  answer.headers['content-encoding'] === 'br'
    ? brotliDecompressSync(answer.body)
    : answer.headers['content-encoding'] === 'gzip'
      ? gunzipSync(answer.body)
      : answer.body;

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

/** A page's form token (an idempotency key, one per response, also named by its ETag) put back to one value. */
const untokened = (text: string) => text.replace(UUID, 'TOKEN');

/** The headers two answers must share: all but the date and the per-request counters. */
function comparable(answer: Answer): Record<string, unknown> {
  const { date: _date, 'x-ratelimit-remaining': _remaining, 'x-ratelimit-reset': _reset, etag, ...rest } = answer.headers;
  return { ...rest, etag: untokened(String(etag)) };
}

describe.each([
  ['an API answer', '/admin/api/movie/101'],
  ['a page', '/programacao'],
  ['a page with a form', '/filme/101'],
])('the front door, for %s (%s)', (_what, url) => {
  it.each([
    ['no Accept-Encoding', {}],
    ['gzip', { 'accept-encoding': 'gzip' }],
    ['brotli and gzip', { 'accept-encoding': 'gzip, deflate, br' }],
    ['a scope cookie', { cookie: 'escopo=distribuicao', 'accept-encoding': 'gzip' }],
  ])('sends what Fastify sent, with %s', async (_how, headers: Record<string, string>) => {
    const { get } = await listening();
    const before = answered();
    const fromFastify = await get(url, headers);
    expect(fromFastify.status).toBe(200);
    expect(answered()).toBe(before);
    await versionReadNow();
    const fromDoor = await get(url, headers);
    expect(answered()).toBe(before + 1);
    expect(fromDoor.status).toBe(200);
    expect(comparable(fromDoor)).toEqual(comparable(fromFastify));
    expect(untokened(decoded(fromDoor).toString())).toBe(untokened(decoded(fromFastify).toString()));
    expect(Number(fromDoor.headers['content-length'])).toBe(fromDoor.body.length);
  });
});

describe('the front door', () => {
  it('answers If-None-Match with the 304 Fastify sends', async () => {
    const { get } = await listening();
    const url = '/admin/api/movie/101';
    const first = await get(url, { 'accept-encoding': 'gzip' });
    const etag = String(first.headers.etag);
    const before = answered();
    await versionReadNow();
    const notModified = await get(url, { 'accept-encoding': 'gzip', 'if-none-match': etag });
    expect(answered()).toBe(before + 1);
    expect(notModified.status).toBe(304);
    expect(notModified.body.length).toBe(0);
    expect(notModified.headers.etag).toBe(etag);
  });

  it('counts an API GET in the route’s own limit, and leaves the 429 to Fastify', async () => {
    const { get } = await listening({ RATE_LIMIT_GETS: '3' });
    const url = '/admin/api/movie/101';
    const remaining: string[] = [];
    for (let i = 0; i < 3; i++) {
      await versionReadNow();
      const answer = await get(url);
      expect(answer.status).toBe(200);
      remaining.push(String(answer.headers['x-ratelimit-remaining']));
    }
    // One count per request, whichever path answered (the first Fastify, then the door).
    expect(remaining).toEqual(['2', '1', '0']);
    expect(answered()).toBe(2);
    await versionReadNow();
    const refused = await get(url);
    expect(refused.status).toBe(429);
    expect((JSON.parse(refused.body.toString()) as { message: string }).message).toBe(
      'Demasiados pedidos. Tente novamente dentro de um minuto.',
    );
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(answered()).toBe(2);
    // Another route has a count of its own, as before the door.
    expect((await get('/admin/homeprefs')).status).toBe(200);
  });

  it('counts each client behind a trusted proxy apart, as Fastify does', async () => {
    const { get } = await listening({ RATE_LIMIT_GETS: '2', TRUST_PROXY: 'true' });
    const url = '/admin/api/movie/101';
    const from = async (address: string) => {
      await versionReadNow();
      return get(url, { 'x-forwarded-for': address });
    };
    expect((await from('203.0.113.7')).status).toBe(200);
    expect((await from('203.0.113.7')).status).toBe(200);
    expect(answered()).toBe(1);
    expect((await from('203.0.113.7')).status).toBe(429);
    expect((await from('198.51.100.9')).status).toBe(200);
    expect(answered()).toBe(2);
  });

  it('answers nothing once the server is stopping, nor from a cache a new version dropped', async () => {
    const { get } = await listening();
    const url = '/programacao';
    await get(url);
    await versionReadNow();
    await get(url);
    expect(answered()).toBe(1);
    server!.app.responseCache.clear();
    await versionReadNow();
    expect((await get(url)).status).toBe(200);
    expect(answered()).toBe(1);
    // Kept again by that request; the door, closed, still leaves it to Fastify.
    server!.app.frontDoor.close();
    await versionReadNow();
    expect((await get(url)).status).toBe(200);
    expect(answered()).toBe(1);
  });

  it('leaves an encoding it does not keep (deflate) to @fastify/compress', async () => {
    const { get } = await listening();
    const url = '/admin/api/movie/101';
    await get(url);
    const before = answered();
    await versionReadNow();
    const deflate = await get(url, { 'accept-encoding': 'deflate' });
    expect(deflate.status).toBe(200);
    expect(deflate.headers['content-encoding']).toBe('deflate');
    expect(answered()).toBe(before);
  });
});
