/**
 * The text of a CSV as spreadsheets save it: a byte-order mark says UTF-8 or UTF-16 (Excel's
 * "Texto Unicode" is UTF-16 LE with one); without one, bytes that are valid UTF-8 are UTF-8
 * ("CSV UTF-8"), and any other are Windows-1252 (Excel's plain "CSV" on a Portuguese Windows).
 * Text that is none of these (another code page, UTF-16 without its mark) is refused with one
 * message about the encoding, never read into rows that then fail one by one; bytes that are no
 * text at all (a picture) are the generic "cannot read" of sheet-files.ts.
 */
import type { SheetEncoding } from '../../../src/common/gestao/programme-sheet';

/** The text and what it was read as; or why it is no text: `binary` (a picture, a program), `encoding` (text in none of these). */
export type DecodedSheet = { ok: true; text: string; encoding: SheetEncoding } | { ok: false; problem: 'binary' | 'encoding' };

/**
 * Windows-1252's bytes 0x80–0x9F (the rest is ISO-8859-1, the first 256 code points). Written
 * out because Node's TextDecoder('windows-1252') decodes them as ISO-8859-1's control characters
 * (Node 20, at least: an en dash, 0x96, came out as U+0096, and "Charlot – Auditório" matched no
 * venue). The five bytes the code page leaves undefined are null.
 */
// prettier-ignore
const CP1252_HIGH: readonly (number | null)[] = [
  0x20ac, null, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, null, 0x017d, null,
  null, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a, 0x0153, null, 0x017e, 0x0178,
];

/** A control character no spreadsheet writes into a CSV (tab, line feed and carriage return are its own). */
const ALLOWED_CONTROLS = new Set([0x09, 0x0a, 0x0d]);
const hasStrayControl = (text: string) => {
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if ((code < 0x20 && !ALLOWED_CONTROLS.has(code)) || code === 0x7f) return true;
  }
  return false;
};

function windows1252(data: Uint8Array): string | undefined {
  let text = '';
  for (const byte of data) {
    const code = byte >= 0x80 && byte <= 0x9f ? CP1252_HIGH[byte - 0x80] : byte;
    if (code === null || code === undefined) return undefined;
    text += String.fromCharCode(code);
  }
  return text;
}

function utf16(data: Uint8Array, order: 'le' | 'be'): string | undefined {
  if (data.length % 2 !== 0) return undefined;
  // UTF-16 BE is UTF-16 LE with each pair of bytes swapped (decoded without the mark).
  const bytes = order === 'le' ? data : Uint8Array.from(data, (_, i) => data[i ^ 1]!);
  try {
    return new TextDecoder('utf-16le', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

function utf8(data: Uint8Array): string | undefined {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(data);
  } catch {
    return undefined;
  }
}

const startsWith = (data: Uint8Array, ...bytes: number[]) => bytes.every((b, i) => data[i] === b);

/**
 * Text in UTF-16 without its mark: plain letters leave every other byte zero, on one side only.
 * Any other zero byte is no text a spreadsheet writes.
 */
function looksLikeUtf16(data: Uint8Array): boolean {
  const head = data.subarray(0, 512);
  let even = 0;
  let odd = 0;
  head.forEach((byte, i) => {
    if (byte === 0) {
      if (i % 2 === 0) even += 1;
      else odd += 1;
    }
  });
  const pairs = Math.floor(head.length / 2);
  return (even === 0 || odd === 0) && Math.max(even, odd) * 3 >= pairs;
}

/** Which encoding the bytes are in, and their text without the mark. */
export function decodeSheetText(data: Uint8Array): DecodedSheet {
  let decoded: { text: string | undefined; encoding: SheetEncoding };
  if (startsWith(data, 0xef, 0xbb, 0xbf)) decoded = { text: utf8(data.subarray(3)), encoding: 'utf-8' };
  else if (startsWith(data, 0xff, 0xfe)) decoded = { text: utf16(data.subarray(2), 'le'), encoding: 'utf-16le' };
  else if (startsWith(data, 0xfe, 0xff)) decoded = { text: utf16(data.subarray(2), 'be'), encoding: 'utf-16be' };
  else if (data.includes(0)) return { ok: false, problem: looksLikeUtf16(data) ? 'encoding' : 'binary' };
  else {
    const asUtf8 = utf8(data);
    decoded = asUtf8 === undefined ? { text: windows1252(data), encoding: 'windows-1252' } : { text: asUtf8, encoding: 'utf-8' };
  }
  if (decoded.text === undefined || hasStrayControl(decoded.text)) return { ok: false, problem: 'encoding' };
  return { ok: true, text: decoded.text, encoding: decoded.encoding };
}
