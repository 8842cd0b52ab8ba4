/**
 * The front door: a GET whose answer is already kept (server/cache/response-cache.ts) is answered
 * from the socket's request, before Fastify builds its request, reply, logger and hooks around it.
 * That work cost about 50 µs per request, more than twice what Node's own http needs to send the
 * same bytes; a kept answer needs none of it.
 *
 * It sends exactly what Fastify's route would: the same representation (ETag, 304, the encoding
 * the client accepts, chosen by `representation`), the route's security set and headers (the
 * entry's DoorPolicy, given by the route that made it), and an API route's GET limit, counted in
 * the same store as the route's own hook. Anything else goes to Fastify: another method, an
 * address not kept, a content version not read this second, a client over its limit (Fastify
 * answers its 429), an Accept-Encoding only @fastify/compress satisfies (deflate), and every request once
 * the server is stopping (main.ts answers those 503).
 */
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyBaseLogger } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { API_BASE } from '../../src/common/api/api-path';
import type { ProxyTrust } from '../config';
import type { SecurityHeaderSets } from '../plugins/security-headers';
import { pageCacheKey, scopeOfCookie } from '../render/page-html';
import { giveBack } from './gzip-parts';
import {
  representation,
  variesOnEncoding,
  withEncodingVary,
  type CachedAnswer,
  type DoorPolicy,
  type Representation,
  type ResponseCache,
} from './response-cache';

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

export interface FrontDoorOptions {
  cache: ResponseCache;
  security: SecurityHeaderSets;
  /** The very function Fastify is given as its trustProxy, so that both see one client address. */
  trustProxy: ProxyTrust | false;
  log: FastifyBaseLogger;
}

const API_PREFIX = `${API_BASE}/`;

export class FrontDoor {
  /** How many requests it answered (for tests and the bench): the rest went to Fastify. */
  answered = 0;
  private open = true;
  /** Per kept answer (dropped with it): its shared headers. */
  private readonly sharedHeaders = new WeakMap<CachedAnswer, string[]>();
  private readonly logRequests: boolean;

  constructor(private readonly options: FrontDoorOptions) {
    this.logRequests = ['trace', 'debug', 'info'].includes(options.log.level);
  }

  /** From now on every request goes to Fastify (the server is stopping). */
  close(): void {
    this.open = false;
  }

  /** Answers the request if its answer is kept, else hands it to Fastify. */
  serve(request: IncomingMessage, response: ServerResponse, fastify: Handler): void {
    const entry = this.open && request.method === 'GET' ? this.keptAnswer(request) : undefined;
    const door = entry?.door;
    if (!entry || !door || request.headers['x-no-compression'] !== undefined) {
      fastify(request, response);
      return;
    }
    const answer = representation(entry, request.headers);
    // Kept in br and gzip, asked in neither but in another encoding (deflate): @fastify/compress's.
    if (!answer.encoding && answer.varyOnEncoding && request.headers['accept-encoding']) {
      fastify(request, response);
      return;
    }
    if (!door.limit) {
      this.send(request, response, entry, answer, []);
      return;
    }
    const { trustProxy } = this.options;
    const ip = trustProxy ? proxyAddr(request, trustProxy) : (request.socket.remoteAddress ?? '');
    door.limit.count({ ip, headers: request.headers, method: 'GET' }).then(
      (verdict) => (verdict.exceeded ? fastify(request, response) : this.send(request, response, entry, answer, verdict.headers)),
      () => fastify(request, response),
    );
  }

  private keptAnswer(request: IncomingMessage): CachedAnswer | undefined {
    const url = request.url ?? '/';
    const { cache } = this.options;
    return url.startsWith(API_PREFIX)
      ? cache.peek('api', url)
      : cache.peek('page', pageCacheKey(scopeOfCookie(request.headers.cookie), url));
  }

  private send(
    request: IncomingMessage,
    response: ServerResponse,
    entry: CachedAnswer,
    answer: Representation,
    limitHeaders: [string, string][],
  ): void {
    const door = entry.door!;
    // The headers every answer of this entry shares, joined once (flat name, value pairs).
    const headers = (this.sharedHeaders.get(entry) ?? this.share(entry, door)).slice();
    for (const [name, value] of limitHeaders) headers.push(name, value);
    if (answer.varyOnEncoding) headers.push('vary', withEncodingVary(door.headers.vary));
    headers.push('etag', answer.etag);
    if (answer.encoding && answer.body) headers.push('content-encoding', answer.encoding);
    const status = answer.status ?? entry.status;
    const { body, template } = answer;
    if (status !== 304) headers.push('content-length', String(body?.length ?? 0));
    response.writeHead(status, headers);
    // One buffer: end() sends the head and the body in one write.
    response.end(body);
    // A form page's buffer, once the socket took all of it (on loopback or a fast client, at once),
    // is held by nothing: the next response writes its token into it instead of copying the page.
    if (template && body && response.writableFinished) giveBack(template, body);
    this.answered++;
    if (this.logRequests)
      this.options.log.info(
        { req: { method: 'GET', url: request.url }, res: { statusCode: status } },
        'request answered by the front door',
      );
  }

  private share(entry: CachedAnswer, door: DoorPolicy): string[] {
    const shared: Record<string, string> = { ...this.options.security[door.security], ...door.headers, 'content-type': entry.type };
    // An answer in several encodings gets its Vary per response (the route's, plus Accept-Encoding).
    if (variesOnEncoding(entry)) delete shared.vary;
    const flat = Object.entries(shared).flat();
    this.sharedHeaders.set(entry, flat);
    return flat;
  }
}
