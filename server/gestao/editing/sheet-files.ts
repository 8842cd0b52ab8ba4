/**
 * Spreadsheet files both ways, for the programme's import and export: CSV read by csv-parse (in
 * the encoding sheet-encoding.ts finds, with commas, semicolons or tabs) and
 * written by server/csv.ts (UTF-8 with a BOM, so that Excel reads the accents), XLSX read by
 * read-excel-file and written by write-excel-file (the day and the time as date cells). What a
 * file is, is decided by its content (an XLSX is a ZIP), never by its name alone. Every cell comes
 * back as trimmed text.
 *
 * An XLSX is unpacked by xlsx-unzip.ts (beside it), which counts what it inflates and stops at
 * its limits, and only then read by read-excel-file (which would otherwise unpack it all first).
 * Reading runs in a worker thread (server/workers/heavy-jobs.ts), never on the event loop.
 */
import { parse } from 'csv-parse/sync';
import { zipSync } from 'fflate';
import { readSheet } from 'read-excel-file/universal';
import writeXlsxFile from 'write-excel-file/node';
import { SHEET_MESSAGES, type SheetEncoding } from '../../../src/common/gestao/programme-sheet';
import { clockTime, wallDate, wallMinutes, wallTimeOf } from '../../../src/common/time/lisbon-time';
import { toCsv } from '../../csv';
import { UnzipLimitError, unzipCounted } from './xlsx-unzip';
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

/** The day Excel keeps a time alone on (serial 0): a cell of that day is a time, not a date. */
const TIME_ALONE_DAY = '1899-12-30';

/**
 * A spreadsheet's date and time cells have no zone: their Date is the Lisbon wall clock's digits
 * as if in UTC (the count of src/common/time's wallMinutes), which write-excel-file stores and
 * read-excel-file gives back as they are, whatever the server's or the person's zone.
 */
const cellDate = (wall: string) => new Date(wallMinutes(wall) * 60_000);
/** The wall clock of a date cell, to the nearest minute (a time is a fraction of a day, read back a hair off). */
const wallOfCell = (value: Date) => wallTimeOf(Math.round(value.getTime() / 60_000));

/** A spreadsheet's cell as text. A date cell is YYYY-MM-DD (with its HH:MM when not midnight), a time cell HH:MM. */
function cellText(value: unknown): string {
  if (value instanceof Date) {
    const wall = wallOfCell(value);
    if (wall === '') return '';
    if (wallDate(wall) <= TIME_ALONE_DAY) return clockTime(wall);
    return clockTime(wall) === '00:00' ? wallDate(wall) : `${wallDate(wall)} ${clockTime(wall)}`;
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

/** Which columns of a table hold a day ('YYYY-MM-DD') or a time ('HH:MM'), written as date and time cells. */
export type CellKinds = Readonly<Partial<Record<string, 'date' | 'time'>>>;

/** A cell of the XLSX: a day or a time as a real date cell (Excel sorts, filters and edits it as one), anything else text. */
function xlsxCell(value: string, kind: 'date' | 'time' | undefined) {
  if (kind === 'date' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return { value: cellDate(value), type: Date, format: 'dd/mm/yyyy' };
  if (kind === 'time' && /^\d{2}:\d{2}$/.test(value)) return { value: cellDate(`${TIME_ALONE_DAY}T${value}`), type: Date, format: 'hh:mm' };
  // A code and the other text stay as written, never reinterpreted.
  return { value, type: String };
}

/** The XLSX of a table: text cells, but date and time cells for the columns `kinds` names. */
export async function writeXlsx(
  columns: readonly string[],
  rows: Record<string, string>[],
  sheet: string,
  kinds: CellKinds = {},
): Promise<Buffer> {
  const data = [
    columns.map((c) => ({ value: c, type: String, fontWeight: 'bold' as const })),
    ...rows.map((row) => columns.map((c) => xlsxCell(row[c] ?? '', kinds[c]))),
  ];
  return await writeXlsxFile(data, {
    sheet,
    columns: columns.map((c) => ({ width: c === 'filme' || c === 'motivo' ? 36 : 16 })),
  }).toBuffer();
}
