/**
 * A "zip bomb" shaped as a spreadsheet, for the tests and the import benchmark: a valid .xlsx
 * (write-excel-file's, one header cell) whose sheet XML is padded with the same row again and
 * again until it inflates to the size asked, deflated by fflate as it is written, so that making a
 * 500 MB one never holds more than a megabyte of it (500 MB deflate to about 1.5 MB).
 *
 * `lying`: the ZIP's central directory declares the sheet a few KB, as a crafted file can, so
 * that only counting what is inflated can find it out.
 */
import { unzipSync, Zip, ZipDeflate } from 'fflate';
import writeXlsxFile from 'write-excel-file/node';

const SHEET = 'xl/worksheets/sheet1.xml';
const HEAD =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';
const TAIL = '</sheetData></worksheet>';
const ROW = '<row><c t="inlineStr"><is><t>codigo</t></is></c></row>';

export async function xlsxBomb(inflatedBytes: number, options: { lying?: boolean } = {}): Promise<Buffer> {
  const parts = unzipSync(await writeXlsxFile([[{ value: 'codigo', type: String }]]).toBuffer());
  if (!parts[SHEET]) throw new Error(`xlsxBomb: write-excel-file wrote no ${SHEET}`);
  const out: Uint8Array[] = [];
  const zip = new Zip((error, chunk) => {
    if (error) throw error;
    out.push(chunk);
  });
  const encode = (text: string) => new TextEncoder().encode(text);
  for (const [name, data] of Object.entries(parts)) {
    if (name === SHEET) continue;
    const part = new ZipDeflate(name, { level: 9 });
    zip.add(part);
    part.push(data, true);
  }
  const sheet = new ZipDeflate(SHEET, { level: 9 });
  zip.add(sheet);
  sheet.push(encode(HEAD));
  const block = encode(ROW.repeat(Math.floor((1024 * 1024) / ROW.length)));
  let size = HEAD.length + TAIL.length;
  for (; size + block.length <= inflatedBytes; size += block.length) sheet.push(block);
  sheet.push(encode(TAIL), true);
  zip.end();
  const file = Buffer.concat(out);
  if (options.lying) declareSize(file, SHEET, 4096);
  return file;
}

/** Rewrites the uncompressed size the central directory declares for `name`. */
function declareSize(zip: Buffer, name: string, size: number): void {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  let at = zip.readUInt32LE(end + 16);
  for (let i = 0; i < zip.readUInt16LE(end + 10); i++) {
    const nameLength = zip.readUInt16LE(at + 28);
    if (zip.toString('utf8', at + 46, at + 46 + nameLength) === name) zip.writeUInt32LE(size, at + 24);
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
}
