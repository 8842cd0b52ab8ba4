/**
 * Gzip for an answer that carries a per-response token (a form's idempotency key): the parts
 * around the token are compressed once, and each response only frames its token and joins.
 *
 * Why it is valid: a raw deflate stream flushed with Z_SYNC_FLUSH ends on a byte boundary without
 * a final block, so independently made blocks can follow one another (as pigz does); only the last
 * piece ends the stream. The token goes in as a stored (uncompressed) block: five bytes of framing,
 * no compressor per response. The gzip trailer's CRC-32 covers the joined bytes: each part's CRC
 * is computed once, and a response combines them with its token's (as zlib's crc32_combine), so
 * no response hashes the page again.
 */
import { constants, crc32, deflateRawSync } from 'node:zlib';

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);

/** The parts of an answer, compressed once, with what a response needs to join them. */
export interface DeflatedParts {
  /** Raw deflate of each part: all but the last flushed open, the last one finishing the stream. */
  deflated: Buffer[];
  /** CRC-32 of each part. */
  crcs: number[];
  /** For each part, the operator that moves a CRC past that many bytes (crc32ShiftOperator). */
  shifts: number[];
  lengths: number[];
}

export function deflateParts(parts: Buffer[], level = 9): DeflatedParts {
  return {
    deflated: parts.map((part, i) =>
      deflateRawSync(part, { level, finishFlush: i < parts.length - 1 ? constants.Z_SYNC_FLUSH : constants.Z_FINISH }),
    ),
    // An empty part has CRC 0 (Node 20's crc32 was seen answering 0 for it anyway, once zlib had read it).
    crcs: parts.map((part) => (part.length > 0 ? crc32(part) : 0)),
    shifts: parts.map((part) => crc32ShiftOperator(part.length)),
    lengths: parts.map((part) => part.length),
  };
}

/** The gzip of the parts joined by `token`, as gunzip(joinParts(parts, token)) would give back. */
export const gzipJoin = (parts: DeflatedParts, token: Buffer): Buffer => Buffer.concat(gzipPieces(parts, token));

/** The same gzip as pieces in order, for a response that writes them without copying the page. */
export function gzipPieces(parts: DeflatedParts, token: Buffer): Buffer[] {
  const storedToken = storedBlock(token);
  const tokenCrc = token.length > 0 ? crc32(token) : 0;
  const tokenShift = crc32ShiftOperator(token.length);
  const pieces: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let length = 0;
  parts.deflated.forEach((deflated, i) => {
    if (i > 0) {
      pieces.push(storedToken);
      crc = crc32Combine(crc, tokenCrc, tokenShift);
      length += token.length;
    }
    pieces.push(deflated);
    crc = crc32Combine(crc, parts.crcs[i]!, parts.shifts[i]!);
    length += parts.lengths[i]!;
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(length % 2 ** 32, 4);
  pieces.push(trailer);
  return pieces;
}

/** A non-final stored deflate block (RFC 1951, 3.2.4), written at a byte boundary. */
function storedBlock(data: Buffer): Buffer {
  if (data.length > 0xffff) throw new RangeError('A stored deflate block holds at most 65535 bytes.');
  const header = Buffer.alloc(5);
  // BFINAL 0, BTYPE 00, then padding to the byte boundary: one zero byte.
  header.writeUInt16LE(data.length, 1);
  header.writeUInt16LE(~data.length & 0xffff, 3);
  return Buffer.concat([header, data]);
}

// CRC-32 arithmetic in GF(2) modulo its polynomial (reflected), as zlib's crc32_combine does it.
const POLY = 0xedb88320;
const X0 = 0x80000000; // the polynomial 1 (x^0), bit-reflected

function multModP(a: number, b: number): number {
  let product = 0;
  for (let m = X0; m !== 0; m >>>= 1) {
    if (a & m) {
      product ^= b;
      if ((a & (m - 1)) === 0) break;
    }
    b = b & 1 ? (b >>> 1) ^ POLY : b >>> 1;
  }
  return product >>> 0;
}

/** x^(2^k) mod p for k = 0..31. */
const X2N: number[] = [];
for (let k = 0, p = X0 >>> 1; k < 32; k++, p = multModP(p, p)) X2N.push(p);

/** The operator x^(8·bytes) mod p: multiplying a CRC by it moves the CRC past that many bytes. */
export function crc32ShiftOperator(bytes: number): number {
  let p = X0;
  for (let n = bytes, k = 3; n > 0; n = Math.floor(n / 2), k++) if (n % 2) p = multModP(X2N[k % 32]!, p);
  return p;
}

/** The CRC-32 of A followed by B, from CRC(A), CRC(B) and the operator for B's length. */
export function crc32Combine(crcA: number, crcB: number, shiftB: number): number {
  return (multModP(shiftB, crcA) ^ crcB) >>> 0;
}
