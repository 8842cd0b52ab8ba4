/**
 * The programme as a spreadsheet (CSV or XLSX): one row per session, its columns with pt-PT
 * headers, the words a mapping of a file's headers is proposed by, and the shapes the import's
 * routes take and answer. The export writes exactly these columns, so an exported file imported
 * again changes nothing. The server (server/gestao/editing/programme-spreadsheets.ts) and the screen
 * (src/gestao/screens/import-screen.tsx) read them here.
 */
// First, so that the schemas below are built with Yup's messages in pt-PT.
import '../forms/yup-locale';
import { mixed, number, object } from 'yup';
import { plural } from '../text/plural';
import { SESSIONS_SHEET } from './collections/sessions';
import type { SheetColumnSpec } from './collections/field-kit';

/** The columns, in the order the export writes them (the sessions' collection declares them). */
export type SheetColumn = keyof typeof SESSIONS_SHEET;
export const SHEET_COLUMNS = Object.keys(SESSIONS_SHEET) as SheetColumn[];

const byColumn = <T>(of: (column: SheetColumn) => T): Record<SheetColumn, T> =>
  Object.fromEntries(SHEET_COLUMNS.map((column) => [column, of(column)])) as Record<SheetColumn, T>;
const spec = (column: SheetColumn): SheetColumnSpec => SESSIONS_SHEET[column];

/** The columns an XLSX holds as date and time cells (a CSV has text only). */
export const SHEET_CELL_KINDS: Readonly<Partial<Record<SheetColumn, 'date' | 'time'>>> = Object.fromEntries(
  SHEET_COLUMNS.flatMap((column) => (spec(column).cell ? [[column, spec(column).cell]] : [])),
);

/** What the screen calls each column (the header itself is the key). */
export const SHEET_COLUMN_LABELS: Record<SheetColumn, string> = byColumn((column) => spec(column).label);

/** Columns a file must have. The others may be left out: a session then keeps what it has (a new one has none). */
export const REQUIRED_SHEET_COLUMNS: readonly SheetColumn[] = SHEET_COLUMNS.filter((column) => spec(column).required);

/** The headers a file may use for a column: its own first, then the others (folded as compared). */
export const SHEET_COLUMN_ALIASES: Record<SheetColumn, readonly string[]> = byColumn((column) => [
  column,
  ...spec(column).aliases.map(foldName),
]);

/** The column each field is read from (the first naming it: a session's date and time is "data" and "hora"). */
export const SHEET_COLUMN_OF_FIELD: Readonly<Record<string, SheetColumn>> = Object.fromEntries(
  [...SHEET_COLUMNS].reverse().flatMap((column): [string, SheetColumn][] => {
    const { field } = spec(column);
    return field ? [[field, column]] : [];
  }),
);

/** A header or a name as compared: no accents, no case, single spaces. */
export function foldName(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[\s_]+/g, ' ')
    .trim();
}

/** Which header each column is read from: its index among the file's headers, or null (not in the file). */
export type SheetMapping = Record<SheetColumn, number | null>;

/** The mapping proposed for a file's headers: each column the first header named like it. */
export function proposeMapping(headers: readonly string[]): SheetMapping {
  const folded = headers.map(foldName);
  const taken = new Set<number>();
  const mapping = {} as SheetMapping;
  for (const column of SHEET_COLUMNS) {
    const index = folded.findIndex((h, i) => !taken.has(i) && SHEET_COLUMN_ALIASES[column].includes(h));
    mapping[column] = index >= 0 ? index : null;
    if (index >= 0) taken.add(index);
  }
  return mapping;
}

/** The largest file the import reads (a festival's programme is a few hundred kilobytes). */
export const MAX_SHEET_MB = 5;
export const MAX_SHEET_BYTES = MAX_SHEET_MB * 1024 * 1024;
/** The most rows one file may bring. */
export const MAX_SHEET_ROWS = 5000;

export const SHEET_MESSAGES = {
  noFile: 'Não chegou nenhum ficheiro: escolha um ficheiro CSV ou XLSX.',
  tooLarge: `O ficheiro é grande demais (máximo ${MAX_SHEET_MB} MB).`,
  unreadable: 'Não foi possível ler este ficheiro: envie uma folha de cálculo em CSV (UTF-8) ou XLSX.',
  empty: 'O ficheiro não tem linhas: a primeira linha são os títulos das colunas, as seguintes as sessões.',
  tooManyRows: `O ficheiro tem linhas demais (máximo ${MAX_SHEET_ROWS}).`,
  encoding:
    'O texto deste CSV não está em UTF-8, UTF-16 nem Windows-1252, e as letras acentuadas sairiam trocadas: no Excel, guarde-o como «CSV UTF-8 (delimitado por vírgulas)» e envie de novo.',
} as const;

/** The encodings a CSV is read in (sheet-encoding.ts decides which); an XLSX has none of its own. */
export const SHEET_ENCODINGS = ['utf-8', 'utf-16le', 'utf-16be', 'windows-1252'] as const;
export type SheetEncoding = (typeof SHEET_ENCODINGS)[number];

/** What the screen says a CSV was read as, so a person sees why the accents are right (or not). */
export const SHEET_ENCODING_NOTES: Record<SheetEncoding, string> = {
  'utf-8': 'Lido como UTF-8.',
  'utf-16le': 'Lido como UTF-16 (texto Unicode do Excel).',
  'utf-16be': 'Lido como UTF-16 (big-endian).',
  'windows-1252': 'Lido como Windows-1252 (Excel no Windows).',
};

const columnIndex = (column: SheetColumn) =>
  number()
    .integer()
    .min(0)
    .nullable()
    .defined(`Escolha a coluna do ficheiro para «${column}» (ou «não está no ficheiro»).`)
    .meta({ description: `A posição (0 = a primeira) da coluna do ficheiro com «${column}», ou null.` });

/** The body of a dry run and of applying an import: which of the file's columns is which. */
export const sheetMappingSchema = object({
  mapping: object(Object.fromEntries(SHEET_COLUMNS.map((c) => [c, columnIndex(c)])) as Record<SheetColumn, ReturnType<typeof columnIndex>>)
    .required('Indique a correspondência das colunas.')
    .test('required-columns', 'Faltam colunas obrigatórias.', function check(mapping) {
      const missing = REQUIRED_SHEET_COLUMNS.filter((c) => mapping?.[c] === null || mapping?.[c] === undefined);
      return missing.length === 0 || this.createError({ message: `Escolha a coluna do ficheiro para: ${missing.join(', ')}.` });
    })
    .test('distinct-columns', 'Duas colunas do programa não podem ler a mesma coluna do ficheiro.', (mapping) => {
      const used = Object.values(mapping ?? {}).filter((v): v is number => typeof v === 'number');
      return new Set(used).size === used.length;
    }),
});

/** GET /programme/export: the file's format. */
export const SHEET_FORMATS = ['csv', 'xlsx'] as const;
export const sheetExportQuery = object({
  format: mixed<(typeof SHEET_FORMATS)[number]>()
    .oneOf([...SHEET_FORMATS], 'O formato é csv ou xlsx.')
    .required('O formato é csv ou xlsx.')
    .meta({ description: 'csv (UTF-8 com BOM) ou xlsx.' }),
});

/** What a row of the file does to the draft. */
export const ROW_STATES = ['erro', 'novo', 'alterado', 'sem alterações'] as const;
export type RowState = (typeof ROW_STATES)[number];

/** One change of an existing session, in the sheet's words: "hora: 21:30 → 22:00". */
export interface SheetChange {
  column: SheetColumn;
  before: string;
  after: string;
}

export interface DryRunRow {
  /** The row's line in the file (the headers are line 1). */
  line: number;
  code: string;
  state: RowState;
  changes: SheetChange[];
  /** Each "Linha 12: …", naming the field. */
  errors: string[];
}

export interface DryRun {
  rows: DryRunRow[];
  counts: Record<RowState, number>;
}

/** The file as uploaded: what the screen maps. */
export interface SheetUpload {
  id: number;
  fileName: string;
  headers: string[];
  rowCount: number;
  mapping: SheetMapping;
  /** The encoding a CSV was read in; null for an XLSX. */
  encoding: SheetEncoding | null;
}

export interface ImportSummary {
  id: number;
  fileName: string;
  appliedBy: string;
  appliedAt: string;
  created: number;
  changed: number;
  undoneAt: string | null;
  undoneBy: string | null;
}

/**
 * What an applied import did, in the result's caption: "Aplicado: 1 sessão nova, 3 alteradas; 2
 * linhas com erros ficaram por aplicar."
 */
export function appliedSummary(applied: { created: number; changed: number }, counts: Record<RowState, number>): string {
  const done = `Aplicado: ${plural(applied.created, { one: '{n} sessão nova', other: '{n} sessões novas' })}, ${plural(applied.changed, { one: '{n} alterada', other: '{n} alteradas' })}`;
  const left = [
    counts.erro > 0
      ? plural(counts.erro, { one: '{n} linha com erros ficou por aplicar', other: '{n} linhas com erros ficaram por aplicar' })
      : '',
    counts['sem alterações'] > 0 ? plural(counts['sem alterações'], { one: '{n} sem alterações', other: '{n} sem alterações' }) : '',
  ].filter(Boolean);
  return `${done}${left.length > 0 ? `; ${left.join(', ')}` : ''}.`;
}

export const rowStateLabel = (state: RowState, n: number): string => {
  if (state === 'erro') return n === 1 ? '1 com erro' : `${n} com erros`;
  if (state === 'novo') return n === 1 ? '1 nova' : `${n} novas`;
  if (state === 'alterado') return n === 1 ? '1 alterada' : `${n} alteradas`;
  return `${n} sem alterações`;
};
