/**
 * gzip-parts (server/cache/gzip-parts.ts): an answer with a per-response token kept as templates;
 * every copy with its token written in decodes, with any gunzip, to exactly the parts joined by
 * that token, and a buffer handed back is reused with the next token, never anything of the last.
 */
import { describe, expect, it } from 'vitest';
import { crc32, gunzipSync } from 'node:zlib';
import {
  crc32Combine,
  crc32ShiftOperator,
  giveBack,
  gzipJoin,
  gzipTemplate,
  identityTemplate,
  withToken,
} from '../../server/cache/gzip-parts';

const page = (n: number) => Buffer.from(`<p>Sessão ${n} — «Il sorpasso» às 21:30, São Jorge</p>\n`.repeat(200 + n));
const joined = (parts: Buffer[], token: string) => Buffer.concat(parts.flatMap((part, i) => (i > 0 ? [Buffer.from(token), part] : [part])));
const TOKENS = ['0b9f2c0e-6f0a-4c86-9d1e-2b8f0c7d5a11', 'ffffffff-ffff-4fff-bfff-ffffffffffff', '00000000-0000-4000-8000-000000000000'];

describe('gzipJoin', () => {
  it.each([
    ['token in the middle', [page(1), page(2)]],
    ['token twice', [page(1), page(2), page(3)]],
    ['token at both ends', [Buffer.alloc(0), page(4), Buffer.alloc(0)]],
    ['no token', [page(5)]],
  ])('decodes to the parts joined by the token: %s', (_name, parts) => {
    for (const token of [...TOKENS, '']) expect(gunzipSync(gzipJoin(parts, token)).equals(joined(parts, token))).toBe(true);
  });

  it('is refused by gunzip when a byte of the body is wrong (the CRC covers the joined bytes)', () => {
    const gz = gzipJoin([page(1), page(2)], TOKENS[0]!);
    const tampered = Buffer.from(gz);
    tampered.writeUInt32LE((tampered.readUInt32LE(tampered.length - 8) ^ 1) >>> 0, tampered.length - 8);
    expect(() => gunzipSync(tampered)).toThrow();
    // A token byte changed without its CRC: refused too.
    const other = Buffer.from(gz);
    const at = other.indexOf(TOKENS[0]!);
    other.writeUInt8(other.readUInt8(at) ^ 1, at);
    expect(() => gunzipSync(other)).toThrow();
  });

  it('a token as long as a stored block can hold is joined too, and a longer one is refused', () => {
    const parts = [page(1), page(2)];
    const longest = 'k'.repeat(0xffff);
    expect(gunzipSync(gzipJoin(parts, longest)).equals(joined(parts, longest))).toBe(true);
    expect(() => gzipJoin(parts, 'k'.repeat(0x10000))).toThrow(RangeError);
  });
});

describe('withToken', () => {
  const parts = [page(1), page(2), page(3)];
  const body = joined(parts, TOKENS[0]!);

  it('writes each token into its own copy, in identity and gzip, leaving the template as it was', () => {
    const identity = identityTemplate(body, parts, 36);
    const gzip = gzipTemplate(parts, 36);
    const template = Buffer.from(gzip.bytes);
    const copies = TOKENS.map((token) => ({ token, identity: withToken(identity, token), gzip: withToken(gzip, token) }));
    for (const copy of copies) {
      expect(copy.identity.equals(joined(parts, copy.token))).toBe(true);
      expect(gunzipSync(copy.gzip).equals(joined(parts, copy.token))).toBe(true);
    }
    expect(identity.bytes.equals(body)).toBe(true);
    expect(gzip.bytes.equals(template)).toBe(true);
  });

  it('reuses a buffer handed back, with the new token and its CRC in place of the old', () => {
    const identity = identityTemplate(body, parts, 36);
    const gzip = gzipTemplate(parts, 36);
    const first = { identity: withToken(identity, TOKENS[1]!), gzip: withToken(gzip, TOKENS[1]!) };
    giveBack(identity, first.identity);
    giveBack(gzip, first.gzip);
    const second = { identity: withToken(identity, TOKENS[2]!), gzip: withToken(gzip, TOKENS[2]!) };
    expect(second.identity).toBe(first.identity);
    expect(second.gzip).toBe(first.gzip);
    expect(second.identity.equals(joined(parts, TOKENS[2]!))).toBe(true);
    expect(gunzipSync(second.gzip).equals(joined(parts, TOKENS[2]!))).toBe(true);
    // Not handed back: the next response gets a copy of its own.
    expect(withToken(gzip, TOKENS[0]!)).not.toBe(second.gzip);
  });

  it('refuses a token of another length than the template’s', () => {
    expect(() => withToken(identityTemplate(body, parts, 36), 'curto')).toThrow(RangeError);
  });
});

describe('crc32Combine', () => {
  it.each([0, 1, 7, 36, 1000, 65_537, 1_000_003])('gives the CRC-32 of two pieces joined, the second of %i bytes', (size) => {
    const a = Buffer.from('Il sorpasso, 1962 — Dino Risi');
    const b = Buffer.alloc(size, 'ç');
    const crcB = size > 0 ? crc32(b) : 0;
    expect(crc32Combine(crc32(a), crcB, crc32ShiftOperator(size))).toBe(crc32(Buffer.concat([a, b])));
  });
});
