/**
 * The front door (server/cache/front-door.ts): a kept GET is answered before Fastify, with exactly
 * the status, headers and bytes Fastify's route sends, the same 304, and the same GET limit counted
 * in the route's own store. Runs a real listening server on loopback (app.inject never meets the
 * door); counts answers, never timings.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { request as httpRequest } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
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
    const { get } = await listening({ RATE_LIMIT_GETS: '2', TRUST_PROXY: '1' });
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

  describe('a page with a form (/filme/101)', () => {
    const url = '/filme/101';
    /** The token the ETag names ("hash-token"), and every UUID of the body: one and the same. */
    const tokensOf = (answer: Answer) => ({
      named: /-([0-9a-f-]{36})"$/.exec(String(answer.headers.etag))?.[1],
      inBody: [...new Set(decoded(answer).toString().match(UUID))],
    });

    it('gives every response its own token, the one its ETag names, in identity and gzip alike, many at once', async () => {
      const { get } = await listening();
      const identity = untokened((await get(url)).body.toString());
      const tokens = new Set<string>();
      const before = answered();
      // Batches answered at once: responses in flight together, each in its own buffer.
      for (let batch = 0; batch < 4; batch++) {
        await versionReadNow();
        const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => get(url, i % 2 ? { 'accept-encoding': 'gzip' } : {})));
        for (const [i, answer] of answers.entries()) {
          expect(answer.status).toBe(200);
          expect(answer.headers['content-encoding']).toBe(i % 2 ? 'gzip' : undefined);
          const { named, inBody } = tokensOf(answer);
          expect(inBody).toEqual([named]);
          tokens.add(named!);
          // The gzip decodes (its CRC checked by gunzip) to the identity bytes with that token.
          expect(untokened(decoded(answer).toString())).toBe(identity);
        }
      }
      expect(answered()).toBe(before + 40);
      expect(tokens.size).toBe(40);
    });

    it('sends each of pipelined requests its own token, though the socket still holds the ones before', async () => {
      const { get } = await listening();
      const identity = untokened((await get(url)).body.toString());
      const { port } = server!.app.server.address() as AddressInfo;
      const before = answered();
      await versionReadNow();
      // Four requests in one write: the answers after the first wait in their response, not in the socket.
      const answers = await pipelined(port, [
        ...Array.from({ length: 4 }, (_, i) => `GET ${url} HTTP/1.1\r\nHost: festa\r\n${i % 2 ? 'Accept-Encoding: gzip\r\n' : ''}\r\n`),
      ]);
      expect(answered()).toBe(before + 4);
      const tokens = new Set<string>();
      for (const answer of answers) {
        expect(answer.status).toBe(200);
        const { named, inBody } = tokensOf(answer);
        expect(inBody).toEqual([named]);
        tokens.add(named!);
        expect(untokened(decoded(answer).toString())).toBe(identity);
      }
      expect(tokens.size).toBe(4);
    });
  });
});

/** Sends the requests in one write on one connection and reads as many answers (each with a Content-Length). */
function pipelined(port: number, requests: string[]): Promise<Answer[]> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(requests.join('')));
    let received = Buffer.alloc(0);
    const answers: Answer[] = [];
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      for (;;) {
        const end = received.indexOf('\r\n\r\n');
        if (end === -1) return;
        const [statusLine = '', ...lines] = received.subarray(0, end).toString('latin1').split('\r\n');
        const headers: Record<string, string> = {};
        for (const line of lines) headers[line.slice(0, line.indexOf(':')).toLowerCase()] = line.slice(line.indexOf(':') + 1).trim();
        const length = Number(headers['content-length']);
        if (received.length < end + 4 + length) return;
        answers.push({ status: Number(statusLine.split(' ')[1]), headers, body: received.subarray(end + 4, end + 4 + length) });
        received = received.subarray(end + 4 + length);
        if (answers.length === requests.length) {
          socket.end();
          resolve(answers);
          return;
        }
      }
    });
    socket.on('error', reject);
  });
}
