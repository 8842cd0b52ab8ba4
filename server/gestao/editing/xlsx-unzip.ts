/**
 * The XML parts of an uploaded .xlsx (a ZIP), unpacked with their inflated size counted as it
 * comes. A 1.7 MB file can inflate to 500 MB (a "zip bomb"); a library that unpacks first and
 * looks after holds all of it. Here each entry's compressed bytes go to fflate's streaming inflate
 * a few KB at a time, every chunk it gives is counted, and the unpacking stops at the first chunk
 * past a limit: the whole file's inflated size, or an entry inflating far more than a spreadsheet
 * does. So at most one chunk (INPUT_SLICE × 1,032, deflate's ceiling) is ever held past the limit.
 *
 * Sizes come from the ZIP's central directory, never from an entry's local header (which a file
 * written as a stream leaves at zero); the sizes declared there are only an early refusal, since a
 * bomb may declare anything: what is counted decides.
 */
import { Inflate } from 'fflate';

const MIB = 1024 * 1024;

export interface UnzipLimits {
  /** Inflated bytes of every XML part together. */
  inflatedBytes: number;
  /** Inflated bytes per compressed byte of one entry, checked once it is past `ratioFrom`. */
  ratio: number;
  ratioFrom: number;
}

/**
 * A programme of 5,000 rows is a sheet of 2 to 4 MB of XML: 50 MB leaves room for a sheet typed
 * with more columns than ours, and a spreadsheet's XML compresses 5 to 20 times, never 100.
 */
export const XLSX_LIMITS: UnzipLimits = { inflatedBytes: 50 * MIB, ratio: 100, ratioFrom: 4 * MIB };

/** Compressed bytes given to the inflate at a time: the most one chunk can hold is about 1,032 times this. */
export const INPUT_SLICE = 4 * 1024;

const megabytes = (bytes: number) => `${Math.round(bytes / MIB)} MB`;

/** Why an .xlsx was refused while unpacking: the pt-PT message names the limit. */
export class UnzipLimitError extends Error {
  constructor(
    readonly limit: 'inflatedBytes' | 'ratio',
    message: string,
  ) {
    super(message);
  }
}

/** A file that is no ZIP, or a ZIP this reader does not read (encrypted, ZIP64, another method). */
export class NotAZipError extends Error {}

const tooLarge = (limits: UnzipLimits) =>
  new UnzipLimitError(
    'inflatedBytes',
    `A folha descomprimida passa de ${megabytes(limits.inflatedBytes)}, o limite de um ficheiro XLSX: guarde só a folha do programa (sem imagens nem outras folhas) ou envie-a em CSV.`,
  );
const tooCompressed = (limits: UnzipLimits) =>
  new UnzipLimitError(
    'ratio',
    `Este XLSX descomprime-se mais de ${limits.ratio} vezes, o limite de uma folha de cálculo: não foi lido. Guarde-o de novo no Excel ou envie a folha em CSV.`,
  );

interface Entry {
  name: string;
  method: number;
  compressedSize: number;
  declaredSize: number;
  localOffset: number;
}

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;

function centralDirectory(data: Uint8Array): Entry[] {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  // The end record is the last 22 bytes, unless a comment (up to 65,535 bytes) follows it.
  let end = -1;
  for (let at = data.length - 22; at >= Math.max(0, data.length - 22 - 0xffff); at--) {
    if (view.getUint32(at, true) === END_OF_DIRECTORY) {
      end = at;
      break;
    }
  }
  if (end < 0) throw new NotAZipError('no end of central directory');
  const count = view.getUint16(end + 10, true);
  const offset = view.getUint32(end + 16, true);
  // ZIP64 marks these 0xffff / 0xffffffff: no spreadsheet of a few MB needs it.
  if (count === 0xffff || offset === 0xffffffff) throw new NotAZipError('zip64');
  const entries: Entry[] = [];
  let at = offset;
  for (let i = 0; i < count; i++) {
    if (at + 46 > data.length || view.getUint32(at, true) !== DIRECTORY_ENTRY) throw new NotAZipError('bad central directory');
    const flags = view.getUint16(at + 8, true);
    if (flags & 1) throw new NotAZipError('encrypted');
    const nameLength = view.getUint16(at + 28, true);
    const skip = nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    entries.push({
      name: new TextDecoder().decode(data.subarray(at + 46, at + 46 + nameLength)),
      method: view.getUint16(at + 10, true),
      compressedSize: view.getUint32(at + 20, true),
      declaredSize: view.getUint32(at + 24, true),
      localOffset: view.getUint32(at + 42, true),
    });
    at += 46 + skip;
  }
  return entries;
}

/** The compressed bytes of an entry: after its local header, whose name and extra field may differ from the directory's. */
function compressedBytes(data: Uint8Array, entry: Entry): Uint8Array {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const at = entry.localOffset;
  if (at + 30 > data.length || view.getUint32(at, true) !== LOCAL_HEADER) throw new NotAZipError('bad local header');
  const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
  if (start + entry.compressedSize > data.length) throw new NotAZipError('entry past the end');
  return data.subarray(start, start + entry.compressedSize);
}

/** What read-excel-file reads of an .xlsx: its XML parts (pictures and printer settings are left packed). */
export const isXmlPart = (name: string) => name.endsWith('.xml') || name.endsWith('.xml.rels');

export interface UnzipOptions {
  limits?: UnzipLimits;
  /** Which entries to unpack. */
  wanted?: (name: string) => boolean;
  /** Told of every inflated chunk as it is counted (the tests watch the counting stop). */
  onChunk?: (entry: string, chunkBytes: number, totalBytes: number) => void;
}

/**
 * The wanted entries of a ZIP, inflated, or an UnzipLimitError as soon as a chunk passes a limit
 * (NotAZipError when it is no ZIP this reads; fflate's own error when an entry is corrupt).
 */
export function unzipCounted(data: Uint8Array, options: UnzipOptions = {}): Record<string, Uint8Array> {
  const limits = options.limits ?? XLSX_LIMITS;
  const wanted = options.wanted ?? isXmlPart;
  const entries = centralDirectory(data).filter((e) => wanted(e.name));
  // What the directory declares already past the limit is refused before inflating anything.
  if (entries.reduce((sum, e) => sum + e.declaredSize, 0) > limits.inflatedBytes) throw tooLarge(limits);

  const out: Record<string, Uint8Array> = {};
  let total = 0;
  for (const entry of entries) {
    const input = compressedBytes(data, entry);
    const count = (bytes: number) => {
      total += bytes;
      options.onChunk?.(entry.name, bytes, total);
      if (total > limits.inflatedBytes) throw tooLarge(limits);
    };
    if (entry.method === 0) {
      count(input.length);
      out[entry.name] = input.slice();
      continue;
    }
    if (entry.method !== 8) throw new NotAZipError(`method ${entry.method}`);
    const chunks: Uint8Array[] = [];
    let inflated = 0;
    let consumed = 0;
    const inflate = new Inflate((chunk) => {
      if (chunk.length === 0) return;
      inflated += chunk.length;
      count(chunk.length);
      if (inflated > limits.ratioFrom && inflated / Math.max(consumed, 1) > limits.ratio) throw tooCompressed(limits);
      chunks.push(chunk);
    });
    for (let at = 0; at < input.length; at += INPUT_SLICE) {
      const slice = input.subarray(at, Math.min(at + INPUT_SLICE, input.length));
      consumed += slice.length;
      inflate.push(slice, at + INPUT_SLICE >= input.length);
    }
    // An empty deflate stream is still two bytes: none at all is a corrupt entry, which fflate says.
    if (input.length === 0) inflate.push(input, true);
    const whole = new Uint8Array(inflated);
    let offset = 0;
    for (const chunk of chunks) {
      whole.set(chunk, offset);
      offset += chunk.length;
    }
    out[entry.name] = whole;
  }
  return out;
}
