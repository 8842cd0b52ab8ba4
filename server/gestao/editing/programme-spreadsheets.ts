/**
 * The programme to and from a spreadsheet: the export of the draft's sessions, one row each, and
 * the import of such a file as session drafts, with a dry run first and one action to undo it.
 *
 * How a row is read:
 * - `codigo` is the session's stable code: a row is matched to the session holding it (never by
 *   its position); a code no session holds makes a new session with that code. A row without a
 *   code, two rows with one code, and a new code shaped like the site's own (S-{number}) are errors.
 * - `filme` is a film's (or activity's) number, or its title compared without accents or case; an
 *   unknown film, or a title two films share, is an error (the export writes the number for those,
 *   and for a title of digits alone).
 * - `sala` is a venue's name within the `cidade` named (both compared without accents or case).
 * - `data` is YYYY-MM-DD or DD/MM/AAAA and `hora` HH:MM, Lisbon's clock: a 00:30 session is on
 *   the calendar day it starts (the next one after the evening's).
 * - `estado` is one of the words visitors read (Cancelada, Esgotada…) or empty; `motivo` the reason.
 * - A column left out of the file (convidados, estado, motivo, motivo_en, motivo_it) keeps what each session has.
 *
 * Every row is then saved by saveRecordIn (records.ts), the forms' own rules, roles and versions,
 * all in one transaction: the dry run is that very transaction, rolled back.
 *
 * These run in a worker thread (server/workers/import-job.ts). On SQLite they run there on a copy
 * of what an import reads, so that the file's one writer is never held for the seconds a large
 * file takes; an application is then written from the copy in one short transaction
 * (appliedWrites, writeApplied), when the database still reads as the copy did (importedState).
 */
import { createHash } from 'node:crypto';
import { sourceColumn, sourceFingerprint, TRANSLATED_LOCALES, translationColumn } from '../../../src/common/gestao/translations';
import {
  foldName,
  MAX_SHEET_ROWS,
  proposeMapping,
  ROW_STATES,
  SHEET_CELL_KINDS,
  SHEET_COLUMNS,
  SHEET_COLUMN_OF_FIELD,
  SHEET_MESSAGES,
  type DryRun,
  type DryRunRow,
  type ImportSummary,
  type RowState,
  type SheetChange,
  type SheetColumn,
  type SheetMapping,
  type SheetUpload,
} from '../../../src/common/gestao/programme-sheet';
import { RECORD_SCHEMAS, recordFields, type RecordFields } from '../../../src/common/gestao/record-schemas';
import { clockTime, wallDate } from '../../../src/common/time/lisbon-time';
import { isSessionStatus, SESSION_STATUSES, STATUS_LABELS, type SessionStatus } from '../../../src/common/programme/session-status';
import type { Db } from '../../db/database';
import {
  currentVersions,
  discardDraft,
  draftedRows,
  drafts,
  draftVersions,
  highestId,
  liveRows,
  recordHistory,
  recordId,
  saveDraft,
  type Row,
  type SaveVersion,
} from '../../db/repositories/publishing/drafts-repository';
import {
  findProgrammeImport,
  forgetUnappliedUploads,
  insertProgrammeUpload,
  markProgrammeImportApplied,
  markProgrammeImportUndone,
  recentProgrammeImports,
  type ProgrammeImport,
  type TouchedSession,
} from '../../db/repositories/programme/programme-imports-repository';
import { changedFields } from '../../publishing/changelog';
import { GestaoError } from './gestao-error';
import { saveRecordIn, type Actor } from './records';
import { readSheetFile, writeCsv, writeXlsx, type SheetFormat, type SheetTable } from './sheet-files';

/** The codes the site gives sessions made without one (sessionCode): a new row may not take one. */
const SITE_CODE = /^S-\d+$/;

/** An upload never applied is forgotten after a day. */
const UPLOAD_KEPT_MS = 24 * 60 * 60 * 1000;

/** A column's value as the sheet writes it. */
const text = (value: unknown): string => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');

/** The draft's programme, read once for a whole file. */
interface Programme {
  sessions: Row[];
  byCode: Map<string, Row>;
  movies: Row[];
  moviesById: Map<number, Row>;
  /** The films by their title folded (foldName), in the order of `movies`: folded once, not once per row. */
  moviesByTitle: Map<string, Row[]>;
  cities: Row[];
  venues: Row[];
  venuesById: Map<number, Row>;
  citiesById: Map<number, Row>;
}

async function readProgramme(db: Db): Promise<Programme> {
  const [sessions, movies, cities, venues] = await Promise.all([
    draftedRows(db, 'sessions'),
    draftedRows(db, 'movies'),
    draftedRows(db, 'cities'),
    draftedRows(db, 'venues'),
  ]);
  return {
    sessions,
    byCode: new Map(sessions.map((s) => [String(s.code), s])),
    movies,
    moviesById: new Map(movies.map((m) => [Number(m.id), m])),
    moviesByTitle: movies.reduce((byTitle, m) => {
      const title = foldName(String(m.title));
      return byTitle.set(title, [...(byTitle.get(title) ?? []), m]);
    }, new Map<string, Row[]>()),
    cities,
    venues,
    venuesById: new Map(venues.map((v) => [Number(v.id), v])),
    citiesById: new Map(cities.map((c) => [Number(c.id), c])),
  };
}

/** A film as the sheet names it: its title, or its number when another film has the same title (or the title is a number). */
function filmName(programme: Programme, movieId: number): string {
  const movie = programme.moviesById.get(movieId);
  if (!movie) return String(movieId);
  const title = foldName(String(movie.title));
  // A title of digits alone ("1917") would be read back as a film's number.
  const ambiguous = /^\d+$/.test(title) || (programme.moviesByTitle.get(title)?.length ?? 0) > 1;
  return ambiguous ? String(movie.id) : String(movie.title);
}

/** A session as its row of the sheet. */
function sheetRow(programme: Programme, session: Row): Record<SheetColumn, string> {
  const venue = programme.venuesById.get(Number(session.venue_id));
  const city = venue && programme.citiesById.get(Number(venue.city_id));
  const startsAt = String(session.starts_at);
  const status = isSessionStatus(session.status) ? session.status : '';
  return {
    codigo: text(session.code),
    filme: filmName(programme, Number(session.movie_id)),
    cidade: city ? String(city.name) : '',
    sala: venue ? String(venue.name) : '',
    data: wallDate(startsAt),
    hora: clockTime(startsAt),
    convidados: text(session.guest),
    estado: STATUS_LABELS[status],
    motivo: text(session.status_note),
    motivo_en: text(session.status_note_en),
    motivo_it: text(session.status_note_it),
    linguas: text(session.spoken_languages),
    legendas: text(session.subtitle_languages),
    idade: text(session.age_rating),
    acessibilidade: text(session.access_features),
  };
}

/** The draft's programme as a file: every session, by day, time and code. */
export async function exportProgramme(db: Db, format: SheetFormat): Promise<Buffer> {
  const programme = await readProgramme(db);
  const rows = [...programme.sessions]
    .sort((a, b) => String(a.starts_at).localeCompare(String(b.starts_at)) || String(a.code).localeCompare(String(b.code)))
    .map((s) => sheetRow(programme, s));
  return format === 'csv' ? writeCsv(SHEET_COLUMNS, rows) : await writeXlsx(SHEET_COLUMNS, rows, 'Programa', SHEET_CELL_KINDS);
}

type UploadedFile = { data: Buffer; name: string };

/**
 * Reads an uploaded file and keeps it for its mapping, dry run and application. The route reads it
 * in a worker thread (`read`: server/workers/heavy-jobs.ts), with the same readSheetFile.
 */
export async function uploadProgramme(
  db: Db,
  actor: Actor,
  now: Date,
  file: UploadedFile,
  read: (file: UploadedFile) => Promise<SheetTable & { format: SheetFormat }> = (f) => readSheetFile(f.data, f.name),
): Promise<SheetUpload> {
  const table = await read(file);
  if (table.rows.length > MAX_SHEET_ROWS) throw new GestaoError(400, { message: SHEET_MESSAGES.tooManyRows });
  await forgetUnappliedUploads(db, new Date(now.getTime() - UPLOAD_KEPT_MS).toISOString());
  const fileName = file.name || `programa.${table.format}`;
  const id = await insertProgrammeUpload(db, {
    fileName,
    headers: table.headers,
    cells: table.rows,
    by: actor.email,
    at: now.toISOString(),
  });
  return {
    id,
    fileName,
    headers: table.headers,
    rowCount: table.rows.length,
    mapping: proposeMapping(table.headers),
    encoding: table.encoding,
  };
}

async function uploaded(db: Db, id: number): Promise<ProgrammeImport> {
  const found = await findProgrammeImport(db, id);
  if (!found) throw new GestaoError(404, { message: 'Esta importação não existe (ou já passou um dia: envie o ficheiro de novo).' });
  return found;
}

/** 2026-04-04 or 04/04/2026 (4/4/2026) → 2026-04-04, or undefined when it is no real day. */
function dayOf(text: string): string | undefined {
  let m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
  let [year, month, day] = m ? [m[1], m[2], m[3]] : [];
  if (!m) {
    m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text);
    if (!m) return undefined;
    [day, month, year] = [m[1], m[2], m[3]];
  }
  const iso = `${year}-${month!.padStart(2, '0')}-${day!.padStart(2, '0')}`;
  const date = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === iso ? iso : undefined;
}

/** 21:30 or 9:05 (21:30:00 from a spreadsheet) → HH:MM, or undefined. */
function timeOf(text: string): string | undefined {
  const m = /^(\d{1,2})[:h](\d{2})(?::00)?$/.exec(text);
  if (!m || Number(m[1]) > 23 || Number(m[2]) > 59) return undefined;
  return `${m[1]!.padStart(2, '0')}:${m[2]}`;
}

const STATUS_BY_WORD = new Map<string, SessionStatus>(
  SESSION_STATUSES.flatMap((s) => [
    [foldName(STATUS_LABELS[s]), s],
    [s, s],
  ]),
);
const STATUS_WORDS = SESSION_STATUSES.filter((s) => s !== '')
  .map((s) => STATUS_LABELS[s])
  .join(', ');

/** A row of the file read as a session's fields, or the reasons it cannot be. */
interface ReadRow {
  line: number;
  code: string;
  fields?: RecordFields;
  errors: string[];
  /** The session the code names, when there is one. */
  session?: Row;
}

function readRow(programme: Programme, cells: string[], line: number, mapping: SheetMapping): ReadRow {
  const cell = (column: SheetColumn) => {
    const index = mapping[column];
    return index === null ? undefined : (cells[index] ?? '').trim();
  };
  const at = `Linha ${line}:`;
  const errors: string[] = [];
  const code = cell('codigo') ?? '';
  const session = code ? programme.byCode.get(code) : undefined;
  if (!code) errors.push(`${at} falta o código da sessão (codigo).`);
  else if (!session && SITE_CODE.test(code)) {
    errors.push(
      `${at} código «${code}»: nenhuma sessão o tem, e os códigos S-número são os que o site dá; escolha outro para uma sessão nova.`,
    );
  }

  let movieId: number | undefined;
  const film = cell('filme') ?? '';
  if (!film) errors.push(`${at} falta o filme (filme).`);
  else if (/^\d+$/.test(film)) {
    if (programme.moviesById.has(Number(film))) movieId = Number(film);
    else errors.push(`${at} filme número ${film} não existe.`);
  } else {
    const matches = programme.moviesByTitle.get(foldName(film)) ?? [];
    if (matches.length === 1) movieId = Number(matches[0]!.id);
    else if (matches.length === 0) errors.push(`${at} filme «${film}» não existe (crie-o primeiro em Filmes e atividades).`);
    else
      errors.push(
        `${at} filme «${film}»: há ${matches.length} com este título; escreva o número (${matches.map((m) => String(m.id)).join(' ou ')}).`,
      );
  }

  let venueId: number | undefined;
  const cityName = cell('cidade') ?? '';
  const venueName = cell('sala') ?? '';
  const cities = programme.cities.filter((c) => foldName(String(c.name)) === foldName(cityName));
  if (!cityName) errors.push(`${at} falta a cidade (cidade).`);
  else if (cities.length === 0) errors.push(`${at} cidade «${cityName}» não existe.`);
  else if (!venueName) errors.push(`${at} falta a sala (sala).`);
  else {
    const city = cities[0]!;
    const venues = programme.venues.filter(
      (v) => Number(v.city_id) === Number(city.id) && foldName(String(v.name)) === foldName(venueName),
    );
    if (venues.length === 1) venueId = Number(venues[0]!.id);
    else if (venues.length === 0) errors.push(`${at} sala «${venueName}» não existe em ${String(city.name)}.`);
    else errors.push(`${at} há ${venues.length} salas «${venueName}» em ${String(city.name)}: dê-lhes nomes diferentes em Salas.`);
  }

  const dayText = cell('data') ?? '';
  const timeText = cell('hora') ?? '';
  const day = dayOf(dayText);
  const time = timeOf(timeText);
  if (!dayText) errors.push(`${at} falta a data (data).`);
  else if (!day) errors.push(`${at} data «${dayText}» inválida: escreva AAAA-MM-DD ou DD/MM/AAAA.`);
  if (!timeText) errors.push(`${at} falta a hora (hora).`);
  else if (!time) errors.push(`${at} hora «${timeText}» inválida: escreva HH:MM.`);

  const statusText = cell('estado');
  let status: SessionStatus | undefined = session && isSessionStatus(session.status) ? session.status : '';
  if (statusText !== undefined) {
    status = STATUS_BY_WORD.get(foldName(statusText));
    if (status === undefined) errors.push(`${at} estado «${statusText}» não existe: escreva ${STATUS_WORDS}, ou deixe vazio.`);
  }
  const kept = (column: SheetColumn, field: string) => cell(column) ?? text(session?.[field]);
  const fields: RecordFields = {
    movie_id: movieId ?? 0,
    venue_id: venueId ?? 0,
    starts_at: day && time ? `${day}T${time}` : '',
    status: status ?? '',
    status_note: kept('motivo', 'status_note'),
    guest: kept('convidados', 'guest'),
    code,
  };
  // A reason's translation read from its column is made from the reason beside it; one left as it was keeps its source.
  for (const locale of TRANSLATED_LOCALES) {
    const field = translationColumn('status_note', locale);
    const source = sourceColumn('status_note', locale);
    fields[field] = kept(`motivo_${locale}`, field);
    fields[source] = fields[field] === text(session?.[field]) ? text(session?.[source]) : sourceFingerprint(text(fields.status_note));
  }
  return errors.length > 0 ? { line, code, errors, session } : { line, code, fields, errors, session };
}

/** The form's own schema on a row read (lengths, the code's characters): its messages, each said of the row. */
function schemaProblems(row: ReadRow): string[] {
  try {
    RECORD_SCHEMAS.sessions.validateSync(row.fields, { abortEarly: false, stripUnknown: true });
    return [];
  } catch (error) {
    const inner = (error as { inner?: { message: string }[] }).inner ?? [{ message: String((error as Error).message) }];
    return inner.map((e) => `Linha ${row.line}: ${e.message}`);
  }
}

/** What a matched row changes, in the sheet's words. */
function changesOf(programme: Programme, session: Row, fields: RecordFields): SheetChange[] {
  const before = sheetRow(programme, session);
  const after = sheetRow(programme, { ...session, ...fields });
  return SHEET_COLUMNS.filter((c) => before[c] !== after[c]).map((column) => ({ column, before: before[column], after: after[column] }));
}

const SESSION_FIELDS = recordFields('sessions');

/** Why the forms' rules refused a row, said of the row and its column. */
function refusalOf(line: number, error: GestaoError): string[] {
  const fieldErrors = error.body.errors as Record<string, string> | undefined;
  if (fieldErrors && Object.keys(fieldErrors).length > 0) {
    return Object.entries(fieldErrors).map(([field, message]) => {
      const column = SHEET_COLUMN_OF_FIELD[field];
      return `Linha ${line}: ${column ? `${column}: ` : ''}${message}`;
    });
  }
  return [`Linha ${line}: ${error.body.message}`];
}

/** Thrown to roll a dry run's transaction back. */
class DryRunDone extends Error {}

interface Outcome {
  dryRun: DryRun;
  touched: TouchedSession[];
}

/**
 * Reads every row and saves those that change something, in `trx`: the dry run and the
 * application are this one function (the dry run then rolls back).
 */
async function runRows(trx: Db, actor: Actor, at: string, upload: ProgrammeImport, mapping: SheetMapping): Promise<Outcome> {
  for (const column of SHEET_COLUMNS) {
    const index = mapping[column];
    if (index !== null && index >= upload.headers.length) {
      throw new GestaoError(400, { message: `A coluna escolhida para «${column}» não existe neste ficheiro.` });
    }
  }
  const programme = await readProgramme(trx);
  const [versions, pending] = await Promise.all([currentVersions(trx, 'sessions'), drafts(trx, 'sessions')]);
  const draftOf = new Map(pending.map((d) => [d.record_id, d]));
  const read = upload.cells
    .map((cells, index) => ({ cells, line: index + 2 }))
    // An empty line of a spreadsheet is no session.
    .filter(({ cells }) => cells.some((c) => c.trim() !== ''))
    .map(({ cells, line }) => readRow(programme, cells, line, mapping));

  const lines = new Map<string, number[]>();
  for (const row of read) if (row.code) lines.set(row.code, [...(lines.get(row.code) ?? []), row.line]);

  const rows: DryRunRow[] = [];
  const touched: TouchedSession[] = [];
  for (const row of read) {
    const errors = [...row.errors];
    const same = lines.get(row.code) ?? [];
    if (same.length > 1) {
      errors.push(`Linha ${row.line}: código «${row.code}» repetido (linhas ${same.join(', ')}): cada sessão tem o seu.`);
    }
    if (row.fields && errors.length === 0) errors.push(...schemaProblems(row));
    if (errors.length > 0 || !row.fields) {
      rows.push({ line: row.line, code: row.code, state: 'erro', changes: [], errors });
      continue;
    }
    const session = row.session;
    const id = session ? recordId('sessions', session) : undefined;
    const changes = session ? changesOf(programme, session, row.fields) : [];
    const unchanged = session && changedFields(session, { ...session, ...row.fields }, SESSION_FIELDS).length === 0;
    if (unchanged) {
      rows.push({ line: row.line, code: row.code, state: 'sem alterações', changes: [], errors: [] });
      continue;
    }
    try {
      const saved = await saveRecordIn(trx, actor, at, 'sessions', id, {
        baseVersion: id ? (versions.get(id) ?? 0) : 0,
        fields: row.fields,
      });
      const before = id ? draftOf.get(id) : undefined;
      touched.push({ id: saved.id, before: before ? { row: before.row, version: before.version } : null, versionAfter: saved.version });
      rows.push({ line: row.line, code: row.code, state: session ? 'alterado' : 'novo', changes, errors: [] });
    } catch (error) {
      if (!(error instanceof GestaoError)) throw error;
      rows.push({ line: row.line, code: row.code, state: 'erro', changes: [], errors: refusalOf(row.line, error) });
    }
  }
  const counts = Object.fromEntries(ROW_STATES.map((s) => [s, rows.filter((r) => r.state === s).length])) as Record<RowState, number>;
  return { dryRun: { rows, counts }, touched };
}

const notAppliedTwice = () =>
  new GestaoError(409, { message: 'Esta importação já foi aplicada: para a repetir, envie o ficheiro de novo.' });

/** What applying the file would do, without doing it. */
export async function dryRunImport(db: Db, actor: Actor, at: string, id: number, mapping: SheetMapping): Promise<DryRun> {
  const upload = await uploaded(db, id);
  if (upload.appliedAt) throw notAppliedTwice();
  let outcome: Outcome | undefined;
  try {
    await db.transaction().execute(async (trx) => {
      outcome = await runRows(trx, actor, at, upload, mapping);
      throw new DryRunDone();
    });
  } catch (error) {
    if (!(error instanceof DryRunDone)) throw error;
  }
  return outcome!.dryRun;
}

/** Applies the file: its rows not in error become session drafts, and the import remembers what they were. */
export async function applyImport(
  db: Db,
  actor: Actor,
  at: string,
  id: number,
  mapping: SheetMapping,
): Promise<DryRun & { created: number; changed: number }> {
  return await db.transaction().execute(async (trx) => {
    const upload = await uploaded(trx, id);
    if (upload.appliedAt) throw notAppliedTwice();
    const { dryRun, touched } = await runRows(trx, actor, at, upload, mapping);
    if (touched.length === 0) {
      throw new GestaoError(400, { message: 'Não há linhas por aplicar: todas estão sem alterações ou com erros.' });
    }
    const created = dryRun.counts.novo;
    const changed = dryRun.counts.alterado;
    if (!(await markProgrammeImportApplied(trx, id, { by: actor.email, at, mapping, touched, created, changed }))) throw notAppliedTwice();
    return { ...dryRun, created, changed };
  });
}

/** The record types whose rows an import reads: the sessions it writes, the films, venues and cities it names. */
const READ_TYPES = ['sessions', 'movies', 'venues', 'cities'] as const;

/**
 * A digest of everything runRows reads besides the upload: the live rows and drafts of the types
 * it reads, the sessions' versions and the highest session id. Two databases with one digest give
 * one import the same answer, so an import worked out in a copy may be written as it was.
 */
export async function importedState(db: Db): Promise<string> {
  const read = new Set<string>(READ_TYPES);
  const [pending, versions, highest, ...live] = await Promise.all([
    draftVersions(db),
    currentVersions(db, 'sessions'),
    highestId(db, 'sessions'),
    ...READ_TYPES.map((type) => liveRows(db, type)),
  ]);
  const hash = createHash('sha256');
  hash.update(JSON.stringify(pending.filter((d) => read.has(d.record_type))));
  hash.update(JSON.stringify([...versions].sort(([a], [b]) => a.localeCompare(b))));
  hash.update(String(highest));
  for (const rows of live) hash.update(JSON.stringify(rows));
  return hash.digest('hex');
}

/** What applying an import wrote, read back from the database it wrote to: each session's new version, and its own row's counts. */
export interface AppliedWrites {
  versions: SaveVersion[];
  touched: TouchedSession[];
  created: number;
  changed: number;
}

/** Reads back what applyImport wrote for upload `id` (in a copy), to be written again by writeApplied. */
export async function appliedWrites(db: Db, id: number): Promise<AppliedWrites> {
  const { touched, createdCount, changedCount } = await uploaded(db, id);
  const versions: SaveVersion[] = [];
  for (const t of touched) {
    // recordHistory gives the newest version first: the one saveRecordIn has just written.
    const [saved] = await recordHistory(db, 'sessions', t.id);
    if (saved?.version !== t.versionAfter) throw new Error(`importação ${id}: falta a versão ${t.versionAfter} da sessão ${t.id}`);
    const { row, version, changedFields, actorEmail, at } = saved;
    versions.push({ type: 'sessions', id: t.id, row, version, changedFields, actorEmail, at });
  }
  return { versions, touched, created: createdCount, changed: changedCount };
}

/** Thrown to roll writeApplied back when the database no longer reads as the copy did. */
class ReadChanged extends Error {}

/**
 * Writes an application worked out elsewhere (appliedWrites) in one transaction: each session's
 * draft and version exactly as saveRecordIn wrote them there, and the upload marked applied.
 * False, with nothing written, when the database no longer reads as `state` (someone saved or
 * published meanwhile): the caller works it out again. The upload is marked first so that the
 * transaction holds SQLite's write lock before it reads anything.
 */
export async function writeApplied(
  db: Db,
  actor: Actor,
  at: string,
  id: number,
  mapping: SheetMapping,
  writes: AppliedWrites,
  state: string,
): Promise<boolean> {
  const { touched, created, changed } = writes;
  try {
    await db.transaction().execute(async (trx) => {
      if (!(await markProgrammeImportApplied(trx, id, { by: actor.email, at, mapping, touched, created, changed }))) {
        // Gone (404) or applied meanwhile (409), as applyImport says it.
        await uploaded(trx, id);
        throw notAppliedTwice();
      }
      if ((await importedState(trx)) !== state) throw new ReadChanged();
      for (const version of writes.versions) await saveDraft(trx, version);
    });
    return true;
  } catch (error) {
    if (error instanceof ReadChanged) return false;
    throw error;
  }
}

/**
 * Undoes an applied import: every session it touched gets back the draft it had (a session it
 * made, or one without a draft then, loses the import's draft). Refused when its drafts were
 * published since (restore a release instead), or when a session was changed again after it
 * (undoing would silently lose that change).
 */
export async function undoImport(db: Db, actor: Actor, at: string, id: number): Promise<{ restored: number; fileName: string }> {
  return await db.transaction().execute(async (trx) => {
    const done = await uploaded(trx, id);
    if (!done.appliedAt) throw new GestaoError(409, { message: 'Esta importação não foi aplicada: não há nada a anular.' });
    if (done.undoneAt) throw new GestaoError(409, { message: 'Esta importação já foi anulada.' });
    const [versions, pending] = await Promise.all([currentVersions(trx, 'sessions'), drafts(trx, 'sessions')]);
    const draftOf = new Map(pending.map((d) => [d.record_id, d]));
    const codeOf = (t: TouchedSession) => text(draftOf.get(t.id)?.row?.code) || t.id;
    const published = done.touched.filter((t) => !draftOf.has(t.id) && (versions.get(t.id) ?? 0) === t.versionAfter);
    if (published.length > 0) {
      throw new GestaoError(409, {
        message: 'Esta importação já foi publicada: para voltar atrás, reponha uma publicação anterior em «Publicar».',
      });
    }
    const changedSince = done.touched.filter((t) => (versions.get(t.id) ?? 0) !== t.versionAfter);
    if (changedSince.length > 0) {
      throw new GestaoError(409, {
        message: `Depois desta importação, ${changedSince.length === 1 ? 'esta sessão foi alterada' : 'estas sessões foram alteradas'}: ${changedSince.map(codeOf).join(', ')}. Anular desfaria essas alterações: reveja-as primeiro.`,
      });
    }
    for (const t of done.touched) {
      if (t.before === null) {
        await discardDraft(trx, 'sessions', t.id);
        continue;
      }
      const now = draftOf.get(t.id)!;
      const changed = t.before.row && now.row ? changedFields(now.row, t.before.row, SESSION_FIELDS) : SESSION_FIELDS;
      await saveDraft(trx, {
        type: 'sessions',
        id: t.id,
        row: t.before.row,
        version: t.versionAfter + 1,
        changedFields: changed,
        actorEmail: actor.email,
        at,
      });
    }
    if (!(await markProgrammeImportUndone(trx, id, actor.email, at)))
      throw new GestaoError(409, { message: 'Esta importação já foi anulada.' });
    return { restored: done.touched.length, fileName: done.fileName };
  });
}

export async function recentImports(db: Db): Promise<ImportSummary[]> {
  return (await recentProgrammeImports(db, 20)).map((r) => ({
    id: r.id,
    fileName: r.file_name,
    appliedBy: r.applied_by ?? '',
    appliedAt: r.applied_at ?? '',
    created: Number(r.created_count),
    changed: Number(r.changed_count),
    undoneAt: r.undone_at,
    undoneBy: r.undone_by,
  }));
}
