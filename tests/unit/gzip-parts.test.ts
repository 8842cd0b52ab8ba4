/**
 * gzip-parts (server/cache/gzip-parts.ts): parts compressed once and joined around a fresh token
 * per response decode, with any gunzip, to exactly the joined bytes.
 */
import { describe, expect, it } from 'vitest';
import { gunzipSync } from 'node:zlib';
import { crc32 } from 'node:zlib';
import { crc32Combine, crc32ShiftOperator, deflateParts, gzipJoin } from '../../server/cache/gzip-parts';

const page = (n: number) => Buffer.from(`<p>Sessão ${n} — «Il sorpasso» às 21:30, São Jorge</p>\n`.repeat(200 + n));

describe('gzipJoin', () => {
  it.each([
    ['token in the middle', [page(1), page(2)]],
    ['token twice', [page(1), page(2), page(3)]],
    ['token at both ends', [Buffer.alloc(0), page(4), Buffer.alloc(0)]],
    ['no token', [page(5)]],
  ])('decodes to the parts joined by the token: %s', (_name, parts) => {
    const deflated = deflateParts(parts);
    for (const token of ['0b9f2c0e-6f0a-4c86-9d1e-2b8f0c7d5a11', 'ffffffff-ffff-4fff-bfff-ffffffffffff', '']) {
      const gz = gzipJoin(deflated, Buffer.from(token));
      expect(gunzipSync(gz).equals(Buffer.concat(parts.flatMap((part, i) => (i > 0 ? [Buffer.from(token), part] : [part]))))).toBe(true);
    }
  });

  it('is refused by gunzip when a byte of the body is wrong (the CRC covers the joined bytes)', () => {
    const parts = [page(1), page(2)];
    const gz = gzipJoin(deflateParts(parts), Buffer.from('0b9f2c0e-6f0a-4c86-9d1e-2b8f0c7d5a11'));
    const tampered = Buffer.from(gz);
    tampered.writeUInt32LE((tampered.readUInt32LE(tampered.length - 8) ^ 1) >>> 0, tampered.length - 8);
    expect(() => gunzipSync(tampered)).toThrow();
  });

  it('a token as long as a stored block can hold is joined too, and a longer one is refused', () => {
    const parts = [page(1), page(2)];
    const longest = Buffer.alloc(0xffff, 'k');
    expect(gunzipSync(gzipJoin(deflateParts(parts), longest)).equals(Buffer.concat([parts[0]!, longest, parts[1]!]))).toBe(true);
    expect(() => gzipJoin(deflateParts(parts), Buffer.alloc(0x10000, 'k'))).toThrow(RangeError);
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
