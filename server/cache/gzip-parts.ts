/**
 * Gzip for an answer that carries a per-response token (a form's idempotency key): the parts
 * around the token are compressed once, and each response only compresses its token and joins.
 *
 * Why it is valid: a raw deflate stream flushed with Z_SYNC_FLUSH ends on a byte boundary without
 * a final block, so independently compressed pieces can follow one another (as pigz does); only
 * the last piece ends the stream. The gzip trailer's CRC-32 covers the joined bytes, computed per
 * response by node:zlib's crc32 (hashing is far cheaper than compressing), continued across the pieces.
 */
import { constants, crc32, deflateRawSync } from 'node:zlib';

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);

/** The parts, deflated once: all but the last flushed open, the last one finishing the stream. */
export function deflateParts(parts: Buffer[], level = 9): Buffer[] {
  return parts.map((part, i) =>
    deflateRawSync(part, { level, finishFlush: i < parts.length - 1 ? constants.Z_SYNC_FLUSH : constants.Z_FINISH }),
  );
}

/** The gzip of the parts joined by `token`, as gunzip(joinParts(parts, token)) would give back. */
export function gzipJoin(parts: Buffer[], deflated: Buffer[], token: Buffer): Buffer {
  const deflatedToken = deflateRawSync(token, { level: 1, finishFlush: constants.Z_SYNC_FLUSH });
  const pieces: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let length = 0;
  parts.forEach((part, i) => {
    if (i > 0) {
      pieces.push(deflatedToken);
      crc = crc32(token, crc);
      length += token.length;
    }
    pieces.push(deflated[i]!);
    // An empty part leaves the CRC as it is; skipped because Node 20's crc32 answers 0 for an
    // empty Buffer once zlib has read it (seen on v20.20).
    if (part.length > 0) crc = crc32(part, crc);
    length += part.length;
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(length % 2 ** 32, 4);
  pieces.push(trailer);
  return Buffer.concat(pieces);
}
