/**
 * An answer that carries a per-response token (a form's idempotency key), kept as templates: its
 * bytes with room for the token, identity and gzip. A response copies a template (or reuses the
 * copy an earlier response handed back once the socket had taken it all), writes its own token in
 * (and, in gzip, the CRC-32), and is sent as one buffer, as Node's own http sends bytes it holds:
 * sent as pieces around the token, each piece was one more write through Node's streams.
 *
 * Why the gzip is valid: the parts around the token are compressed once as raw deflate, flushed
 * with Z_SYNC_FLUSH, which ends on a byte boundary without a final block, so independently made
 * blocks can follow one another (as pigz does); only the last part ends the stream. The token
 * goes in as a stored (uncompressed) block: five bytes of framing, no compressor per response.
 *
 * The trailer's CRC-32 covers the joined bytes, and a CRC is linear: CRC(A·B) = CRC(A)·x^(8|B|)
 * ⊕ CRC(B) (zlib's crc32_combine), so CRC(P0·T·P1·T·P2) is a constant of the parts ⊕ CRC(T)
 * times a constant operator (the sum of x^(8·bytes after each token)). A response hashes its
 * 36-byte token once and multiplies once; no response hashes the page.
 */
import { constants, crc32, deflateRawSync } from 'node:zlib';

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
/** A stored deflate block's framing before its data (RFC 1951, 3.2.4). */
const STORED_HEADER = 5;

/** An answer's bytes with room for a token of a given length, written per response by `withToken`. */
export interface TokenTemplate {
  /** The bytes; what the token slots hold is overwritten in every copy. */
  bytes: Buffer;
  tokenLength: number;
  /** Where the token goes (each occurrence). */
  slots: number[];
  /** In gzip: where the trailer's CRC-32 goes, the parts' share of it and the operator for the token's. */
  crc: { at: number; parts: number; token: number } | undefined;
  /** A copy handed back by `giveBack`, used by the next response instead of copying again. */
  spare: Buffer | undefined;
}

/** The identity template: the body as rendered (its own token in the slots), split as `parts`. */
export function identityTemplate(body: Buffer, parts: Buffer[], tokenLength: number): TokenTemplate {
  const slots: number[] = [];
  let at = 0;
  for (const part of parts.slice(0, -1)) {
    at += part.length;
    slots.push(at);
    at += tokenLength;
  }
  return { bytes: body, tokenLength, slots, crc: undefined, spare: undefined };
}

/** The gzip template of the parts joined by a token of `tokenLength` ASCII bytes (at most 65535). */
export function gzipTemplate(parts: Buffer[], tokenLength: number, level = 9): TokenTemplate {
  if (tokenLength > 0xffff) throw new RangeError('A stored deflate block holds at most 65535 bytes.');
  const storedHeader = Buffer.alloc(STORED_HEADER);
  // BFINAL 0, BTYPE 00, then padding to the byte boundary: one zero byte; LEN and NLEN.
  storedHeader.writeUInt16LE(tokenLength, 1);
  storedHeader.writeUInt16LE(~tokenLength & 0xffff, 3);
  const pieces: Buffer[] = [GZIP_HEADER];
  const slots: number[] = [];
  let at = GZIP_HEADER.length;
  // The joined length, then each piece's share of the CRC from the bytes that follow it.
  const total = parts.reduce((sum, part) => sum + part.length, 0) + tokenLength * (parts.length - 1);
  let after = total;
  let partsCrc = 0;
  let tokenOperator = 0;
  parts.forEach((part, i) => {
    if (i > 0) {
      pieces.push(storedHeader, Buffer.alloc(tokenLength));
      slots.push(at + STORED_HEADER);
      at += STORED_HEADER + tokenLength;
      after -= tokenLength;
      tokenOperator ^= crc32ShiftOperator(after);
    }
    const deflated = deflateRawSync(part, { level, finishFlush: i < parts.length - 1 ? constants.Z_SYNC_FLUSH : constants.Z_FINISH });
    pieces.push(deflated);
    at += deflated.length;
    after -= part.length;
    // An empty part has CRC 0 (Node 20's crc32 was seen answering 0 for it anyway, once zlib had read it).
    if (part.length > 0) partsCrc ^= multModP(crc32ShiftOperator(after), crc32(part));
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(total % 2 ** 32, 4);
  pieces.push(trailer);
  return { bytes: Buffer.concat(pieces), tokenLength, slots, crc: { at, parts: partsCrc >>> 0, token: tokenOperator }, spare: undefined };
}

/** The template's bytes with `token` (ASCII, as long as the template's) in every slot: a buffer of its own. */
export function withToken(template: TokenTemplate, token: string): Buffer {
  if (token.length !== template.tokenLength) throw new RangeError(`A token of ${template.tokenLength} characters was expected.`);
  const bytes = template.spare ?? Buffer.from(template.bytes);
  template.spare = undefined;
  for (const slot of template.slots) bytes.write(token, slot, 'latin1');
  const { crc } = template;
  if (crc) bytes.writeUInt32LE((multModP(crc.token, token.length > 0 ? crc32(token) : 0) ^ crc.parts) >>> 0, crc.at);
  return bytes;
}

/**
 * Hands back a buffer `withToken` gave, for the next response: only once nothing holds it any
 * more (the socket took every byte), since that response overwrites its token.
 */
export function giveBack(template: TokenTemplate, bytes: Buffer): void {
  template.spare = bytes;
}

/** The gzip of the parts joined by `token`, as gunzip(parts joined by token) would give back. */
export const gzipJoin = (parts: Buffer[], token: string): Buffer => withToken(gzipTemplate(parts, token.length), token);

// CRC-32 arithmetic in GF(2) modulo its polynomial (reflected), as zlib's crc32_combine does it.
const POLY = 0xedb88320;
const X0 = 0x80000000; // the polynomial 1 (x^0), bit-reflected

/** a·b modulo the polynomial; linear in each: (a ⊕ a')·b = a·b ⊕ a'·b. */
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
