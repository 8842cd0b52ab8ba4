/**
 * Spreadsheet files both ways, for the programme's import and export: CSV read by csv-parse (in
 * the encoding sheet-encoding.ts finds, with commas, semicolons or tabs) and
 * written by server/csv.ts (UTF-8 with a BOM, so that Excel reads the accents), XLSX read by
 * read-excel-file and written by write-excel-file. What a file is, is decided by its content (an
 * XLSX is a ZIP), never by its name alone. Every cell comes back as trimmed text.
 *
 * An XLSX is unpacked by server/workers/xlsx-unzip.ts, which counts what it inflates and stops at
 * its limits, and only then read by read-excel-file (which would otherwise unpack it all first).
 * Reading runs in a worker thread (server/workers/heavy-jobs.ts), never on the event loop.
 */
import { parse } from 'csv-parse/sync';
import { zipSync } from 'fflate';
import { readSheet } from 'read-excel-file/universal';
import writeXlsxFile from 'write-excel-file/node';
import { SHEET_MESSAGES, type SheetEncoding } from '../../../src/common/gestao/programme-sheet';
import { toCsv } from '../../csv';
import { UnzipLimitError, unzipCounted } from '../../workers/xlsx-unzip';
import { GestaoError } from './gestao-error';
import { decodeSheetText } from './sheet-encoding';

export type SheetFormat = 'csv' | 'xlsx';

export interface SheetTable {
  headers: string[];
  /** The rows after the headers, each as long as it was in the file. */
  rows: string[][];
  /** The encoding a CSV was read in; null for an XLSX. */
  encoding: SheetEncoding | null;
}

const unreadable = (message: string = SHEET_MESSAGES.unreadable) => new GestaoError(400, { message });

const isZip = (data: Buffer) => data.length >= 4 && data.readUInt32LE(0) === 0x04034b50;
/** The old binary Excel format (an OLE compound file), which no library here reads. */
const isOldExcel = (data: Buffer) => data.length >= 8 && data.subarray(0, 8).equals(Buffer.from('d0cf11e0a1b11ae1', 'hex'));

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A spreadsheet's cell as text. A date typed as a date is YYYY-MM-DD, a time alone (Excel keeps
 * it on 1899-12-30) HH:MM; read-excel-file gives both as UTC dates.
 */
function cellText(value: unknown): string {
  if (value instanceof Date) {
    const time = `${pad(value.getUTCHours())}:${pad(value.getUTCMinutes())}`;
    if (value.getUTCFullYear() < 1901) return time;
    const date = `${value.getUTCFullYear()}-${pad(value.getUTCMonth() + 1)}-${pad(value.getUTCDate())}`;
    return time === '00:00' ? date : `${date} ${time}`;
  }
  if (typeof value === 'boolean') return value ? 'sim' : 'não';
  return typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '';
}

/** A CSV's text, or the one message about why it cannot be read as text. */
function csvText(data: Buffer): { text: string; encoding: SheetEncoding } {
  const decoded = decodeSheetText(data);
  if (!decoded.ok) throw unreadable(decoded.problem === 'encoding' ? SHEET_MESSAGES.encoding : SHEET_MESSAGES.unreadable);
  return decoded;
}

const DELIMITERS = [',', ';', '\t'] as const;

/**
 * The delimiter of the header line, the one it has most of: a comma (first on a tie), a
 * semicolon (Excel's "CSV" where the comma is the decimal sign, as in Portugal) or a tab
 * (Excel's "Texto Unicode").
 */
function delimiterOf(text: string): (typeof DELIMITERS)[number] {
  const first = text.split(/\r?\n/, 1)[0] ?? '';
  const count = (d: string) => first.split(d).length - 1;
  return DELIMITERS.reduce((best, d) => (count(d) > count(best) ? d : best));
}

/** server/csv.ts puts an apostrophe before a cell that a spreadsheet would run as a formula: taken off again. */
const unguarded = (cell: string) => (/^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell);

function readCsv(data: Buffer): { table: string[][]; encoding: SheetEncoding } {
  const { text, encoding } = csvText(data);
  try {
    const table = parse(text, { delimiter: delimiterOf(text), relax_column_count: true, skip_empty_lines: false }).map((row) =>
      row.map((cell) => unguarded(cell.trim())),
    );
    return { table, encoding };
  } catch {
    throw unreadable('Não foi possível ler este CSV: verifique as aspas e os separadores (vírgula ou ponto e vírgula).');
  }
}

async function readXlsx(data: Buffer): Promise<string[][]> {
  let stored: Uint8Array<ArrayBuffer>;
  try {
    // read-excel-file takes a whole ZIP, never unpacked parts: the parts counted here are handed
    // to it stored (level 0), which it takes apart without inflating anything again.
    stored = zipSync(unzipCounted(data), { level: 0 });
  } catch (error) {
    if (error instanceof UnzipLimitError) throw unreadable(error.message);
    throw unreadable();
  }
  try {
    const whole = stored.byteLength === stored.buffer.byteLength ? stored.buffer : stored.slice().buffer;
    const sheet = await readSheet(whole);
    return sheet.map((row) => row.map(cellText));
  } catch {
    throw unreadable();
  }
}

/** Reads an uploaded spreadsheet: its first line the headers, the others the rows. */
export async function readSheetFile(data: Buffer, fileName: string): Promise<SheetTable & { format: SheetFormat }> {
  if (data.length === 0) throw unreadable(SHEET_MESSAGES.empty);
  if (isOldExcel(data) || /\.xls$/i.test(fileName)) {
    throw unreadable('Este é o formato antigo do Excel (.xls): guarde a folha como .xlsx ou .csv e envie de novo.');
  }
  const format: SheetFormat = isZip(data) ? 'xlsx' : 'csv';
  // A .xlsx that is no ZIP, or a ZIP that is no spreadsheet, is refused as unreadable below.
  if (format === 'csv' && /\.xlsx$/i.test(fileName)) throw unreadable();
  const { table, encoding } = format === 'xlsx' ? { table: await readXlsx(data), encoding: null } : readCsv(data);
  const [headers, ...rows] = table;
  if (!headers || headers.every((h) => h === '')) throw unreadable(SHEET_MESSAGES.empty);
  return { format, headers, rows, encoding };
}

/** The CSV of a table: UTF-8 with a BOM. */
export function writeCsv(columns: readonly string[], rows: Record<string, string>[]): Buffer {
  return Buffer.from(`\uFEFF${toCsv([...columns], rows)}`, 'utf8');
}

/** The XLSX of a table: every cell text (a code, a date and a time stay as written, never reinterpreted). */
export async function writeXlsx(columns: readonly string[], rows: Record<string, string>[], sheet: string): Promise<Buffer> {
  const data = [
    columns.map((c) => ({ value: c, type: String, fontWeight: 'bold' as const })),
    ...rows.map((row) => columns.map((c) => ({ value: row[c] ?? '', type: String }))),
  ];
  return await writeXlsxFile(data, {
    sheet,
    columns: columns.map((c) => ({ width: c === 'filme' || c === 'motivo' ? 36 : 16 })),
  }).toBuffer();
}
