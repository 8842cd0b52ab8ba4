/**
 * Slow clients cannot hold connections: a request whose headers take more than 10 s, or whose
 * body trickles in for more than 30 s, is closed. Runs a real listening server on loopback.
 */
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEADERS_TIMEOUT_MS, REQUEST_TIMEOUT_MS } from '../../server/app';
import { startTestServer, type TestServer } from './helper';

let server: TestServer;
let port: number;
beforeAll(async () => {
  server = await startTestServer();
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const address = server.app.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
});
afterAll(() => server.close());

/** Opens a connection, then writes `chunk` every `everyMs` until the server closes it; resolves with the seconds it stayed open. */
function trickle(first: string, chunk: string, everyMs: number, giveUpMs: number): Promise<number> {
  return new Promise((resolve) => {
    const started = Date.now();
    const socket: Socket = connect(port, '127.0.0.1', () => socket.write(first));
    const timer = setInterval(() => {
      if (!socket.destroyed) socket.write(chunk);
    }, everyMs);
    const done = () => {
      clearInterval(timer);
      clearTimeout(giveUp);
      socket.destroy();
      resolve((Date.now() - started) / 1000);
    };
    const giveUp = setTimeout(done, giveUpMs);
    socket.on('close', done);
    socket.on('error', done);
    socket.resume();
  });
}

describe('slow clients', () => {
  it('closes a request whose headers never end', { timeout: 60_000 }, async () => {
    const seconds = await trickle('GET / HTTP/1.1\r\nHost: x\r\n', 'X-Slow: 1\r\n', 1000, 40_000);
    expect(seconds).toBeLessThan(HEADERS_TIMEOUT_MS / 1000 + 3);
  });

  it('closes a request whose body trickles in', { timeout: 60_000 }, async () => {
    const head = 'POST /admin/api/newsletter HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n';
    const seconds = await trickle(head, ' ', 2000, 50_000);
    expect(seconds).toBeLessThan(REQUEST_TIMEOUT_MS / 1000 + 3);
  });
});
