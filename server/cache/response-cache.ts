/**
 * Answers made once per content version: a rendered page or an API GET's JSON is kept as bytes,
 * with its gzip and brotli variants (made once, with node:zlib, when the answer is first made)
 * and a strong ETag (a hash of the bytes). A cached request is a lookup: the encoding is chosen
 * from Accept-Encoding, the headers are set and the Buffer is sent; If-None-Match answers 304.
 *
 * Content changes only when it is imported (server/content/import.ts, `npm run seed`, possibly
 * in another process): every key holds the content version, re-read from the database at most
 * once a second; when it changes the whole cache is dropped. Answers that depend on the clock
 * (the registry's 'live' endpoints, and pages that read them) are kept for a short TTL only.
 *
 * Already encoded answers pass @fastify/compress untouched (it skips a reply with a
 * Content-Encoding), and @fastify/etag keeps an ETag already set (it only compares it).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createHash, randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type { Db } from '../db/database';
import { readContentVersion } from '../db/repositories/content/settings-repository';
import type { GetLimit } from '../plugins/rate-limits';
import { gzipTemplate, identityTemplate, withToken, type TokenTemplate } from './gzip-parts';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** Below this size an answer is sent as it is (the same threshold as @fastify/compress in app.ts). */
const COMPRESS_THRESHOLD = 1024;
/** How long an answer that depends on the clock is kept. */
const LIVE_TTL_MS = 30_000;
/** How often the content version is re-read from the database (an import may run in another process). */
const VERSION_TTL_MS = 1000;

/** What a producer made: the bytes and how to send them. */
interface Fresh {
  status: number;
  type: string;
  body: Buffer;
  /** Depends on the clock: kept for LIVE_TTL_MS only. */
  live?: boolean;
  /** Not kept at all (sent once, compressed by @fastify/compress as usual). */
  noStore?: boolean;
  /**
   * A per-response token inside the bytes (a form's idempotency key): the answer is kept as the
   * parts around it and every response gets a new token, so no two visitors share one.
   */
  token?: string;
  /** How the front door may answer it without Fastify (server/cache/front-door.ts); without it, only Fastify does. */
  door?: DoorPolicy;
}

/**
 * How a kept answer is sent, whichever path sends it (Fastify's route or the front door): the
 * route's security set, its own headers (Cache-Control, Vary) and its GET limit, if it has one.
 */
export interface DoorPolicy {
  security: 'page' | 'json';
  headers: Record<string, string>;
  limit?: GetLimit;
}

export interface CachedAnswer {
  status: number;
  type: string;
  identity: Buffer;
  gzip: Buffer | undefined;
  br: Buffer | undefined;
  /** Strong ETag: a hash of the identity bytes. */
  etag: string;
  /** An answer with a per-response token (see Fresh.token): templates the token is written into (gzip-parts.ts). */
  tokened: Tokened | undefined;
  expiresAt: number;
  size: number;
  door: DoorPolicy | undefined;
}

export interface Tokened {
  identity: TokenTemplate;
  /** Its parts deflated once, when the answer is large enough to compress. */
  gzip: TokenTemplate | undefined;
  /** The ETag up to the token: `"hash-` (the token and the closing quote follow). */
  etagPrefix: string;
}

/** A kept answer as one request gets it: 304, or the bytes in the encoding the client accepts. */
export interface Representation {
  status: number | undefined;
  etag: string;
  /** The encoding chosen (a 304's too, which sends no body). */
  encoding: Encoding | undefined;
  /** The answer exists in several encodings: Vary names Accept-Encoding. */
  varyOnEncoding: boolean;
  /** The bytes; none for a 304. A form page's is its own copy, with its token (see `template`). */
  body: Buffer | undefined;
  /**
   * A form page's template, the body made from it: once the socket has taken every byte of the
   * body, `giveBack(template, body)` lets the next response reuse that buffer instead of a copy.
   */
  template: TokenTemplate | undefined;
}

export interface ResponseCacheOptions {
  readVersion: () => Promise<string>;
  maxEntries?: number;
  maxBytes?: number;
  now?: () => number;
}

type Encoding = 'br' | 'gzip';

const BR_OR_GZIP: readonly Encoding[] = ['br', 'gzip'];
const GZIP_ONLY: readonly Encoding[] = ['gzip'];
const CHOSEN_MAX = 256;
/** Per list of encodings (one of the two above), the choice for each Accept-Encoding seen. */
const chosenAmong = new Map<readonly Encoding[], Map<string, Encoding | undefined>>();

/** The encoding to send among those available: brotli, then gzip, when the client accepts it (q > 0). */
function chooseEncoding(acceptEncoding: string | undefined, available: readonly Encoding[] = BR_OR_GZIP): Encoding | undefined {
  if (!acceptEncoding) return undefined;
  // Clients send a handful of distinct values: each is parsed once (no key built per request).
  let chosen = chosenAmong.get(available);
  if (!chosen) chosenAmong.set(available, (chosen = new Map<string, Encoding | undefined>()));
  if (chosen.has(acceptEncoding)) return chosen.get(acceptEncoding);
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    accepted.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const ok = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  const encoding = available.find(ok);
  if (chosen.size >= CHOSEN_MAX) chosen.clear();
  chosen.set(acceptEncoding, encoding);
  return encoding;
}

/**
 * If-None-Match against an answer's ETag, in any of its encodings (weak comparison, as RFC 9110
 * asks for If-None-Match): the client holds the same content.
 */
function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const base = etag.slice(1, -1);
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim().replace(/^W\//, '');
    return t === '*' || t === etag || t === `"${base}-br"` || t === `"${base}-gzip"`;
  });
}

const strongEtag = (bytes: Buffer) => `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 32)}"`;

async function compressBoth(body: Buffer): Promise<{ gzip: Buffer; br: Buffer }> {
  const [gz, br] = await Promise.all([
    gzipAsync(body, { level: 9 }),
    brotliAsync(body, {
      params: {
        [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
        // The best ratio for what is sent many times; large answers (the programme sync) a bit less.
        [zlib.BROTLI_PARAM_QUALITY]: body.length <= 256 * 1024 ? 11 : 7,
        [zlib.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
  ]);
  return { gzip: gz, br };
}

export class ResponseCache {
  readonly maxEntries: number;
  readonly maxBytes: number;
  /** How many answers were made (not found in the cache), by kind ('page', 'api'): for tests and the bench. */
  readonly made = new Map<string, number>();
  /** How many answers were found kept by answer() (the front door counts its own): for the metrics. */
  hits = 0;
  private readonly entries = new Map<string, CachedAnswer>();
  private readonly inflight = new Map<string, Promise<CachedAnswer>>();
  private readonly now: () => number;
  private readonly readVersion: () => Promise<string>;
  private bytes = 0;
  private version: string | undefined;
  private versionReadAt = -Infinity;
  private versionRead: Promise<string> | undefined;

  constructor(options: ResponseCacheOptions) {
    this.readVersion = options.readVersion;
    this.maxEntries = options.maxEntries ?? 500;
    this.maxBytes = options.maxBytes ?? 50 * 1024 * 1024;
    this.now = options.now ?? Date.now;
  }

  get size(): number {
    return this.entries.size;
  }

  get totalBytes(): number {
    return this.bytes;
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }

  /** The content version, re-read from the database at most every VERSION_TTL_MS. */
  async contentVersion(): Promise<string> {
    if (this.version !== undefined && this.now() - this.versionReadAt < VERSION_TTL_MS) return this.version;
    return this.refreshVersion();
  }

  /** Reads the content version now (one query shared by concurrent callers); a new version drops every entry. */
  refreshVersion(): Promise<string> {
    this.versionRead ??= this.readVersion()
      .then((version) => {
        if (version !== this.version) this.clear();
        this.version = version;
        this.versionReadAt = this.now();
        return version;
      })
      .finally(() => {
        this.versionRead = undefined;
      });
    return this.versionRead;
  }

  /**
   * The answer kept for `key`, without waiting: only while the content version was read less than
   * VERSION_TTL_MS ago (else undefined, and the next request through Fastify reads it again).
   */
  peek(kind: string, key: string): CachedAnswer | undefined {
    if (this.version === undefined || this.now() - this.versionReadAt >= VERSION_TTL_MS) return undefined;
    const hit = this.entries.get(`${this.version}\n${kind}\n${key}`);
    return hit && hit.expiresAt > this.now() ? hit : undefined;
  }

  /** The answer kept for `key` (under the current content version), or the one `make` produces (once for concurrent callers). */
  async answer(kind: string, key: string, make: () => Promise<Fresh>): Promise<CachedAnswer> {
    const fullKey = `${await this.contentVersion()}\n${kind}\n${key}`;
    const hit = this.entries.get(fullKey);
    if (hit && hit.expiresAt > this.now()) {
      // Most recently used last.
      this.entries.delete(fullKey);
      this.entries.set(fullKey, hit);
      this.hits++;
      return hit;
    }
    if (hit) this.remove(fullKey);
    const pending = this.inflight.get(fullKey);
    if (pending) return pending;
    const making = (async () => {
      this.made.set(kind, (this.made.get(kind) ?? 0) + 1);
      const fresh = await make();
      const entry = await this.prepare(fresh);
      if (!fresh.noStore) this.store(fullKey, entry);
      return entry;
    })().finally(() => this.inflight.delete(fullKey));
    this.inflight.set(fullKey, making);
    return making;
  }

  private async prepare(fresh: Fresh): Promise<CachedAnswer> {
    const { body, token } = fresh;
    const compress = !fresh.noStore && body.length >= COMPRESS_THRESHOLD;
    const etag = strongEtag(body);
    let tokened: Tokened | undefined;
    if (token) {
      const parts = splitBuffer(body, Buffer.from(token));
      tokened = {
        identity: identityTemplate(body, parts, token.length),
        gzip: compress ? gzipTemplate(parts, token.length) : undefined,
        etagPrefix: `"${etag.slice(1, -1)}-`,
      };
    }
    const variants = compress && !tokened ? await compressBoth(body) : undefined;
    return {
      status: fresh.status,
      type: fresh.type,
      identity: body,
      gzip: variants?.gzip,
      br: variants?.br,
      etag,
      tokened,
      expiresAt: fresh.live ? this.now() + LIVE_TTL_MS : Infinity,
      door: fresh.door,
      // A form page's templates and their spare copies (at most one each) count too.
      size: body.length + (variants ? variants.gzip.length + variants.br.length : 0) + (tokened ? tokenedSize(tokened) : 0),
    };
  }

  private store(key: string, entry: CachedAnswer): void {
    if (entry.size > this.maxBytes) return;
    this.remove(key);
    this.entries.set(key, entry);
    this.bytes += entry.size;
    for (const [oldest, old] of this.entries) {
      if (this.entries.size <= this.maxEntries && this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= old.size;
    }
  }

  private remove(key: string): void {
    const old = this.entries.get(key);
    if (!old) return;
    this.entries.delete(key);
    this.bytes -= old.size;
  }

  /**
   * Sends a kept answer: 304 when If-None-Match holds its ETag, else the variant the client
   * accepts. The status, type and any other headers are the caller's (set before).
   */
  send(request: FastifyRequest, reply: FastifyReply, entry: CachedAnswer): FastifyReply {
    const answer = representation(entry, request.headers);
    reply.type(entry.type);
    if (answer.varyOnEncoding) {
      const vary = reply.getHeader('vary');
      reply.header('vary', withEncodingVary(typeof vary === 'string' ? vary : undefined));
    }
    reply.header('etag', answer.etag);
    if (answer.status) reply.code(answer.status);
    // A 304 names its encoding only in its ETag.
    if (answer.encoding && answer.body) reply.header('content-encoding', answer.encoding);
    // Never handed back (Fastify may still hold it after send): a later response copies the template.
    return reply.send(answer.body);
  }
}

/** The answer exists in several encodings, so its responses vary on Accept-Encoding. */
export const variesOnEncoding = (entry: CachedAnswer) =>
  entry.tokened ? entry.tokened.gzip !== undefined : entry.gzip !== undefined && entry.br !== undefined;

/** A Vary value that adds Accept-Encoding to the route's own. */
export const withEncodingVary = (vary: string | undefined) => (vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');

/**
 * A kept answer for one request, read from its Accept-Encoding and If-None-Match: the one place
 * that decides it, for Fastify's routes (ResponseCache.send) and for the front door.
 */
export function representation(
  entry: CachedAnswer,
  headers: { 'accept-encoding'?: string | undefined; 'if-none-match'?: string | undefined },
): Representation {
  const { tokened } = entry;
  if (tokened) {
    // A fresh token per response: the ETag names it, so it never matches another response's.
    const token = randomUUID();
    const gzip = tokened.gzip && chooseEncoding(headers['accept-encoding'], GZIP_ONLY) ? tokened.gzip : undefined;
    const template = gzip ?? tokened.identity;
    return {
      status: undefined,
      etag: `${tokened.etagPrefix}${token}"`,
      encoding: gzip && 'gzip',
      varyOnEncoding: tokened.gzip !== undefined,
      body: withToken(template, token),
      template,
    };
  }
  const several = variesOnEncoding(entry);
  const encoding = several ? chooseEncoding(headers['accept-encoding']) : undefined;
  // Each encoding is its own representation, so its own strong ETag ("hash", "hash-br", "hash-gzip").
  const etag = encoding ? `"${entry.etag.slice(1, -1)}-${encoding}"` : entry.etag;
  if (matchesEtag(headers['if-none-match'], entry.etag))
    return { status: 304, etag, encoding, varyOnEncoding: several, body: undefined, template: undefined };
  return {
    status: undefined,
    etag,
    encoding,
    varyOnEncoding: several,
    body: encoding === 'br' ? entry.br! : encoding === 'gzip' ? entry.gzip! : entry.identity,
    template: undefined,
  };
}

function splitBuffer(body: Buffer, token: Buffer): Buffer[] {
  const parts: Buffer[] = [];
  let from = 0;
  for (let at = body.indexOf(token); at !== -1; at = body.indexOf(token, from)) {
    parts.push(body.subarray(from, at));
    from = at + token.length;
  }
  parts.push(body.subarray(from));
  return parts;
}

/** Beyond the body (the identity template is the body itself): its spare copy, the gzip template and its spare. */
const tokenedSize = (tokened: Tokened) => tokened.identity.bytes.length + 2 * (tokened.gzip?.bytes.length ?? 0);

declare module 'fastify' {
  interface FastifyInstance {
    responseCache: ResponseCache;
  }
}

/** Gives the app its response cache (app.responseCache), read by the API routes and the pages. */
export function installResponseCache(app: FastifyInstance, deps: { db: Db }, options: Partial<ResponseCacheOptions> = {}): ResponseCache {
  const cache = new ResponseCache({ readVersion: () => readContentVersion(deps.db), ...options });
  app.decorate('responseCache', cache);
  return cache;
}
