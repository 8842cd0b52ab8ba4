/**
 * The XLSX unpacking that counts what it inflates (server/gestao/editing/xlsx-unzip.ts): a sheet unpacks
 * to the very bytes fflate's own unzip gives; a zip bomb whose directory lies about its size is
 * stopped at the first chunk past the limit, by size or by ratio, having counted at most the limit
 * and one chunk of what would have been 100 MB; a directory declaring too much is refused before
 * anything is inflated; what is no ZIP is said so.
 */
import { unzipSync } from 'fflate';
import writeXlsxFile from 'write-excel-file/node';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  INPUT_SLICE,
  isXmlPart,
  NotAZipError,
  unzipCounted,
  UnzipLimitError,
  XLSX_LIMITS,
  type UnzipLimits,
} from '../../server/gestao/editing/xlsx-unzip';
import { xlsxBomb } from '../support/xlsx-bomb';

const MIB = 1024 * 1024;
/** Deflate's ceiling: one compressed byte never inflates to more than this. */
const DEFLATE_MAX_RATIO = 1032;

/** Unpacks `zip`, keeping every chunk's size and the running total, and the error it ended in. */
function counted(zip: Uint8Array, limits: UnzipLimits) {
  const chunks: number[] = [];
  let total = 0;
  try {
    unzipCounted(zip, {
      limits,
      onChunk: (_entry, bytes, sum) => {
        chunks.push(bytes);
        total = sum;
      },
    });
    return { chunks, total, error: undefined };
  } catch (error) {
    return { chunks, total, error };
  }
}

describe('unzipCounted: an .xlsx unpacked with what it inflates counted', () => {
  /** 100 MB of sheet XML in about 300 KB, its directory declaring 4 KB. */
  let bomb: Buffer;
  beforeAll(async () => {
    bomb = await xlsxBomb(100 * MIB, { lying: true });
  });

  it("unpacks a spreadsheet's XML parts to the bytes fflate's unzip gives, counting them all", async () => {
    const rows = Array.from({ length: 2000 }, (_, i) => [
      { value: `N-${i}`, type: String },
      { value: `Filme ${i % 37}`, type: String },
      { value: 'Lisboa', type: String },
    ]);
    const file = await writeXlsxFile(rows).toBuffer();
    const expected = unzipSync(file, { filter: (f) => isXmlPart(f.name) });
    let total = 0;
    const parts = unzipCounted(file, { onChunk: (_entry, _bytes, sum) => (total = sum) });
    expect(Object.keys(parts).sort()).toEqual(Object.keys(expected).sort());
    for (const [name, data] of Object.entries(expected)) expect(Buffer.from(parts[name]!).equals(Buffer.from(data)), name).toBe(true);
    expect(total).toBe(Object.values(expected).reduce((sum, d) => sum + d.length, 0));
  });

  it('stops a bomb that declares a few KB at the first chunk past the inflated limit, never near its 100 MB', () => {
    // Ratio left out, so that the size limit is the one met.
    const limits = { inflatedBytes: 20 * MIB, ratio: Infinity, ratioFrom: 0 };
    const { chunks, total, error } = counted(bomb, limits);
    expect(error).toBeInstanceOf(UnzipLimitError);
    expect((error as UnzipLimitError).limit).toBe('inflatedBytes');
    expect((error as Error).message).toBe(
      'A folha descomprimida passa de 20 MB, o limite de um ficheiro XLSX: guarde só a folha do programa (sem imagens nem outras folhas) ou envie-a em CSV.',
    );
    const largest = Math.max(...chunks);
    expect(largest).toBeLessThanOrEqual(INPUT_SLICE * DEFLATE_MAX_RATIO);
    expect(total).toBeGreaterThan(limits.inflatedBytes);
    expect(total - chunks.at(-1)!).toBeLessThanOrEqual(limits.inflatedBytes);
    expect(total).toBeLessThanOrEqual(limits.inflatedBytes + largest);
  });

  it('stops an entry inflating more than 100 times its compressed size once it is past a few MB, with the limit named', () => {
    const { chunks, total, error } = counted(bomb, XLSX_LIMITS);
    expect(error).toBeInstanceOf(UnzipLimitError);
    expect((error as UnzipLimitError).limit).toBe('ratio');
    expect((error as Error).message).toBe(
      'Este XLSX descomprime-se mais de 100 vezes, o limite de uma folha de cálculo: não foi lido. Guarde-o de novo no Excel ou envie a folha em CSV.',
    );
    expect(total - chunks.at(-1)!).toBeLessThanOrEqual(XLSX_LIMITS.ratioFrom + INPUT_SLICE * DEFLATE_MAX_RATIO);
    expect(total).toBeLessThan(XLSX_LIMITS.inflatedBytes);
  });

  it('refuses what the directory honestly declares past the limit before inflating a byte', async () => {
    const bomb = await xlsxBomb(60 * MIB);
    const { chunks, error } = counted(bomb, XLSX_LIMITS);
    expect((error as UnzipLimitError).limit).toBe('inflatedBytes');
    expect(chunks).toEqual([]);
  });

  it('says a file is no ZIP it reads: text, a truncated ZIP', async () => {
    expect(() => unzipCounted(Buffer.from('codigo,filme\nA,B'))).toThrow(NotAZipError);
    const file = await writeXlsxFile([[{ value: 'codigo', type: String }]]).toBuffer();
    expect(() => unzipCounted(file.subarray(0, file.length - 30))).toThrow(NotAZipError);
  });
});
