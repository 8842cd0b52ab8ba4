/**
 * A push service on this machine, in the role of FCM or Mozilla's autopush, for the server tests
 * and the Web Push benchmark: it keeps every request, answers each endpoint as told (201, or 410
 * for a subscription that is gone; at once or after a delay; or not at all, stalled), and decrypts each message with the subscription's own keys.
 * The decryption is written here from RFC 8291 (ECDH + HKDF + AES-128-GCM, aes128gcm of RFC 8188)
 * with node:crypto, independent of the web-push library the server encrypts with; so is the check
 * of the VAPID JWT's ES256 signature (RFC 8292).
 */
import { createDecipheriv, createECDH, createHmac, createPublicKey, randomBytes, verify, type ECDH } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A browser's side of a subscription: its key pair and auth secret, and what toJSON() gives. */
export interface DeviceKeys {
  ecdh: ECDH;
  auth: Buffer;
  json: (endpoint: string) => { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
}

export function deviceKeys(): DeviceKeys {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    auth,
    json: (endpoint) => ({
      endpoint,
      expirationTime: null,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
    }),
  };
}

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/** RFC 8291 §3.4 and RFC 8188 §2: one record, the last (delimiter 2). */
export function decryptAes128gcm(body: Buffer, device: DeviceKeys): string {
  const salt = body.subarray(0, 16);
  const idLength = body[20]!;
  const serverPublic = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  const ecdhSecret = device.ecdh.computeSecret(serverPublic);
  const prkKey = hmac(device.auth, ecdhSecret);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), device.ecdh.getPublicKey(), serverPublic, Buffer.from([1])]);
  const ikm = hmac(prkKey, keyInfo);
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('aes128gcm: the last record has no delimiter 2');
  return padded.subarray(0, end).toString('utf8');
}

export interface VapidClaims {
  aud: string;
  exp: number;
  sub: string;
}

/** `vapid t=<JWT>, k=<key>`: the JWT's ES256 signature checked with k; its claims and k. */
export function verifyVapid(authorization: string | undefined): { claims: VapidClaims; publicKey: string } {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? '');
  if (!match) throw new Error(`Authorization is not VAPID: ${authorization}`);
  const [, token, publicKey] = match as unknown as [string, string, string];
  const [header, payload, signature] = token.split('.') as [string, string, string];
  const point = Buffer.from(publicKey, 'base64url');
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33, 65).toString('base64url') },
    format: 'jwk',
  });
  const valid = verify(
    'sha256',
    Buffer.from(`${header}.${payload}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!valid) throw new Error('VAPID: the JWT signature does not verify with k');
  if ((JSON.parse(Buffer.from(header, 'base64url').toString()) as { alg: string }).alg !== 'ES256')
    throw new Error('VAPID: alg is not ES256');
  return { claims: JSON.parse(Buffer.from(payload, 'base64url').toString()) as VapidClaims, publicKey };
}

export interface PushDelivery {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** performance.now() when the request had arrived whole. */
  at: number;
  /** The status it was answered with; undefined while unanswered (held, stalled, delayed). */
  status?: number;
  /** The sender closed the connection before any answer came: it gave up (a timeout), or died. */
  abandoned?: boolean;
}

export interface LocalPushService {
  origin: string;
  /** The endpoint of a subscription named `name`. */
  endpoint: (name: string) => string;
  deliveries: PushDelivery[];
  /** Resolves once `count` requests have arrived. */
  received: (count: number) => Promise<void>;
  /** Resolves with the first request to this endpoint after the `after` first ones. */
  deliveryTo: (name: string, after: number) => Promise<PushDelivery>;
  /** What the next requests to this endpoint are answered (201 unless told), with these headers (a redirect's Location). */
  answer: (name: string, status: number, headers?: Record<string, string>) => void;
  /** Requests to this endpoint arrive (and are counted) but are answered only at `release`: a slow push service. */
  hold: (name: string) => void;
  release: (name: string) => void;
  /** Every answer from now on waits this long after its request has arrived (0: at once, the default). */
  answerAfter: (ms: number) => void;
  /**
   * From now on nothing is answered, the requests still waiting for their answer included: they
   * arrive and are counted, and stay unanswered (the service went quiet with the sender's requests
   * in flight). `resume` answers again the requests that arrive after it, never the stalled ones.
   */
  stall: () => void;
  resume: () => void;
  /** Resolves once `done` holds, tried at each request's arrival, answer and abandonment. */
  until: (done: () => boolean) => Promise<void>;
  close: () => Promise<void>;
}

export async function startLocalPushService(): Promise<LocalPushService> {
  const deliveries: PushDelivery[] = [];
  const statuses = new Map<string, { status: number; headers?: Record<string, string> }>();
  const held = new Map<string, (() => void)[]>();
  let delayMs = 0;
  let stalled = false;
  /** How many stalls have begun: a request is answered only if none began since it arrived. */
  let stalls = 0;
  const waiting: { done: () => boolean; resolve: () => void }[] = [];
  const until = (done: () => boolean) => (done() ? Promise.resolve() : new Promise<void>((resolve) => waiting.push({ done, resolve })));
  const wakeWaiting = () => {
    for (const w of waiting.filter((w) => w.done())) {
      waiting.splice(waiting.indexOf(w), 1);
      w.resolve();
    }
  };
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      const delivery: PushDelivery = { path, headers: request.headers, body: Buffer.concat(chunks), at: performance.now() };
      deliveries.push(delivery);
      response.on('close', () => {
        if (delivery.status !== undefined) return;
        delivery.abandoned = true;
        wakeWaiting();
      });
      const told = statuses.get(path);
      const reply = () => {
        // A sender that gave up on its request (a timeout, or killed) hears no answer: none is counted.
        if (request.socket.destroyed) return;
        response.writeHead(told?.status ?? 201, told?.headers).end();
        delivery.status = told?.status ?? 201;
        wakeWaiting();
      };
      const stallsBefore = stalls;
      const answer = () => {
        if (stalled || stalls !== stallsBefore) return;
        const queue = held.get(path);
        if (queue) queue.push(reply);
        else reply();
      };
      // Stalled, it is never answered: whether it arrives during the stall or its delay ends in it.
      if (!stalled) {
        if (delayMs > 0) setTimeout(answer, delayMs);
        else answer();
      }
      wakeWaiting();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    endpoint: (name) => `${origin}/push/${name}`,
    deliveries,
    received: (count) => until(() => deliveries.length >= count),
    deliveryTo: async (name, after) => {
      const find = () => deliveries.slice(after).find((d) => d.path === `/push/${name}`);
      await until(() => find() !== undefined);
      return find()!;
    },
    answer: (name, status, headers) => statuses.set(`/push/${name}`, { status, headers }),
    hold: (name) => held.set(`/push/${name}`, held.get(`/push/${name}`) ?? []),
    release: (name) => {
      const queue = held.get(`/push/${name}`) ?? [];
      held.delete(`/push/${name}`);
      for (const reply of queue) reply();
    },
    answerAfter: (ms) => {
      delayMs = ms;
    },
    stall: () => {
      stalled = true;
      stalls += 1;
    },
    resume: () => {
      stalled = false;
    },
    until,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
