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
import { say, type MessageDescriptor } from './gestao-words';
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
  noFile: say(/*i18n*/ { id: 'gestao.sheet.noFile', message: 'Não chegou nenhum ficheiro: escolha um ficheiro CSV ou XLSX.' }),
  tooLarge: say(/*i18n*/ { id: 'gestao.sheet.tooLarge', message: 'O ficheiro é grande demais (máximo {max} MB).' }, { max: MAX_SHEET_MB }),
  unreadable: say(
    /*i18n*/ {
      id: 'gestao.sheet.unreadable',
      message: 'Não foi possível ler este ficheiro: envie uma folha de cálculo em CSV (UTF-8) ou XLSX.',
    },
  ),
  empty: say(
    /*i18n*/ {
      id: 'gestao.sheet.empty',
      message: 'O ficheiro não tem linhas: a primeira linha são os títulos das colunas, as seguintes as sessões.',
    },
  ),
  tooManyRows: say(
    /*i18n*/ { id: 'gestao.sheet.tooManyRows', message: 'O ficheiro tem linhas demais (máximo {max}).' },
    { max: MAX_SHEET_ROWS },
  ),
  encoding: say(
    /*i18n*/ {
      id: 'gestao.sheet.encoding',
      message:
        'O texto deste CSV não está em UTF-8, UTF-16 nem Windows-1252, e as letras acentuadas sairiam trocadas: no Excel, guarde-o como «CSV UTF-8 (delimitado por vírgulas)» e envie de novo.',
    },
  ),
} as const;

/** The encodings a CSV is read in (sheet-encoding.ts decides which); an XLSX has none of its own. */
export const SHEET_ENCODINGS = ['utf-8', 'utf-16le', 'utf-16be', 'windows-1252'] as const;
export type SheetEncoding = (typeof SHEET_ENCODINGS)[number];

/** What the screen says a CSV was read as, so a person sees why the accents are right (or not). */
export const SHEET_ENCODING_NOTES: Record<SheetEncoding, string> = {
  'utf-8': say(/*i18n*/ { id: 'gestao.sheet.readAs.utf8', message: 'Lido como UTF-8.' }),
  'utf-16le': say(/*i18n*/ { id: 'gestao.sheet.readAs.utf16le', message: 'Lido como UTF-16 (texto Unicode do Excel).' }),
  'utf-16be': say(/*i18n*/ { id: 'gestao.sheet.readAs.utf16be', message: 'Lido como UTF-16 (big-endian).' }),
  'windows-1252': say(/*i18n*/ { id: 'gestao.sheet.readAs.windows1252', message: 'Lido como Windows-1252 (Excel no Windows).' }),
};

const MAPPING_WORDS = {
  chooseColumn: /*i18n*/ {
    id: 'gestao.sheet.chooseColumn',
    message: 'Escolha a coluna do ficheiro para «{column}» (ou «não está no ficheiro»).',
  },
  mappingMissing: /*i18n*/ { id: 'gestao.sheet.mappingMissing', message: 'Indique a correspondência das colunas.' },
  requiredMissing: /*i18n*/ { id: 'gestao.sheet.requiredMissing', message: 'Faltam colunas obrigatórias.' },
  chooseColumns: /*i18n*/ { id: 'gestao.sheet.chooseColumns', message: 'Escolha a coluna do ficheiro para: {columns}.' },
  sameColumn: /*i18n*/ { id: 'gestao.sheet.sameColumn', message: 'Duas colunas do programa não podem ler a mesma coluna do ficheiro.' },
  format: /*i18n*/ { id: 'gestao.sheet.format', message: 'O formato é csv ou xlsx.' },
};

const columnIndex = (column: SheetColumn) =>
  number()
    .integer()
    .min(0)
    .nullable()
    .defined(say(MAPPING_WORDS.chooseColumn, { column }))
    .meta({ description: `A posição (0 = a primeira) da coluna do ficheiro com «${column}», ou null.` });

/** The body of a dry run and of applying an import: which of the file's columns is which. */
export const sheetMappingSchema = object({
  mapping: object(Object.fromEntries(SHEET_COLUMNS.map((c) => [c, columnIndex(c)])) as Record<SheetColumn, ReturnType<typeof columnIndex>>)
    .required(say(MAPPING_WORDS.mappingMissing))
    .test('required-columns', say(MAPPING_WORDS.requiredMissing), function check(mapping) {
      const missing = REQUIRED_SHEET_COLUMNS.filter((c) => mapping?.[c] === null || mapping?.[c] === undefined);
      return missing.length === 0 || this.createError({ message: say(MAPPING_WORDS.chooseColumns, { columns: missing.join(', ') }) });
    })
    .test('distinct-columns', say(MAPPING_WORDS.sameColumn), (mapping) => {
      const used = Object.values(mapping ?? {}).filter((v): v is number => typeof v === 'number');
      return new Set(used).size === used.length;
    }),
});

/** GET /programme/export: the file's format. */
export const SHEET_FORMATS = ['csv', 'xlsx'] as const;
export const sheetExportQuery = object({
  format: mixed<(typeof SHEET_FORMATS)[number]>()
    .oneOf([...SHEET_FORMATS], say(MAPPING_WORDS.format))
    .required(say(MAPPING_WORDS.format))
    .meta({ description: 'csv (UTF-8 com BOM) ou xlsx.' }),
});

/** What a row of the file does to the draft: the API's keys, each said by rowStateLabel. */
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

const SUMMARY_WORDS = {
  applied: /*i18n*/ {
    id: 'gestao.sheet.applied',
    message:
      'Aplicado: {created, plural, one {{created} sessão nova} other {{created} sessões novas}}, {changed, plural, one {{changed} alterada} other {{changed} alteradas}}',
  },
  errorsLeft: /*i18n*/ {
    id: 'gestao.sheet.errorsLeft',
    message: '{n, plural, one {{n} linha com erros ficou por aplicar} other {{n} linhas com erros ficaram por aplicar}}',
  },
  unchanged: /*i18n*/ { id: 'gestao.sheet.unchanged', message: '{n} sem alterações' },
};

const ROW_STATE_WORDS: Record<RowState, MessageDescriptor> = {
  erro: /*i18n*/ { id: 'gestao.sheet.rowState.error', message: '{n, plural, one {{n} com erro} other {{n} com erros}}' },
  novo: /*i18n*/ { id: 'gestao.sheet.rowState.new', message: '{n, plural, one {{n} nova} other {{n} novas}}' },
  alterado: /*i18n*/ { id: 'gestao.sheet.rowState.changed', message: '{n, plural, one {{n} alterada} other {{n} alteradas}}' },
  'sem alterações': SUMMARY_WORDS.unchanged,
};

/**
 * What an applied import did, in the result's caption: "Aplicado: 1 sessão nova, 3 alteradas; 2
 * linhas com erros ficaram por aplicar."
 */
export function appliedSummary(applied: { created: number; changed: number }, counts: Record<RowState, number>): string {
  const done = say(SUMMARY_WORDS.applied, applied);
  const left = [
    counts.erro > 0 ? say(SUMMARY_WORDS.errorsLeft, { n: counts.erro }) : '',
    counts['sem alterações'] > 0 ? say(SUMMARY_WORDS.unchanged, { n: counts['sem alterações'] }) : '',
  ].filter(Boolean);
  return `${done}${left.length > 0 ? `; ${left.join(', ')}` : ''}.`;
}

export const rowStateLabel = (state: RowState, n: number): string => say(ROW_STATE_WORDS[state], { n });
