/**
 * The programme to and from a spreadsheet (/gestao/api/programme): a 1,000-row CSV with three bad
 * rows (the dry run names exactly those, by line and field), applied as session drafts, imported
 * again without a change, undone in one action back to the very same draft; the XLSX and CSV
 * round trips; a file with other headers mapped by hand; the roles; unreadable files; and every
 * session's unique code, the forms' included.
 */
import type { LightMyRequestResponse } from 'fastify';
import readXlsxFile from 'read-excel-file/node';
import writeXlsxFile from 'write-excel-file/node';
import { sourceFingerprint } from '../../src/common/gestao/translations';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SHEET_COLUMNS,
  type DryRun,
  type ImportSummary,
  type SheetMapping,
  type SheetUpload,
} from '../../src/common/gestao/programme-sheet';
import { fieldText, type RecordView } from '../../src/common/gestao/record-schemas';
import { listAudit } from '../../server/db/repositories/audit/audit-log-repository';
import { draftedRows } from '../../server/db/repositories/publishing/drafts-repository';
import { toCsv } from '../../server/csv';
import { loggedInStaff, type GestaoBrowser } from './gestao-browser';
import { startTestServer, type TestServer } from './helper';

let server: TestServer;

/** POSTs one file as multipart/form-data, as the screen's file input sends it. */
async function upload(browser: GestaoBrowser, name: string, data: Buffer | string): Promise<LightMyRequestResponse> {
  const boundary = '----festa-programa-3c9a';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="ficheiro"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    Buffer.isBuffer(data) ? data : Buffer.from(data, 'utf8'),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await server.app.inject({
    method: 'POST',
    url: '/gestao/api/programme/imports',
    headers: {
      cookie: `gestao=${browser.cookie}`,
      'x-csrf-token': browser.csrf!,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload: body,
  });
  expect(response.headers['cache-control']).toBe('no-store');
  return response;
}

async function uploaded(browser: GestaoBrowser, name: string, data: Buffer | string): Promise<SheetUpload> {
  const response = await upload(browser, name, data);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<SheetUpload>();
}

async function dryRun(browser: GestaoBrowser, file: SheetUpload, mapping: SheetMapping = file.mapping): Promise<DryRun> {
  const response = await browser.request('POST', `/programme/imports/${file.id}/dry-run`, { mapping });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<DryRun>();
}

async function exported(browser: GestaoBrowser, format: 'csv' | 'xlsx'): Promise<Buffer> {
  const response = await browser.request('GET', `/programme/export?format=${format}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.rawPayload;
}

/** The draft's sessions exactly as stored: the live rows and the drafts' rows (their versions are history's, not the programme's). */
async function programmeState() {
  const live = await server.db.selectFrom('sessions').selectAll().orderBy('id').execute();
  const pending = await server.db
    .selectFrom('content_drafts')
    .select(['record_id', 'row_json'])
    .where('record_type', '=', 'sessions')
    .orderBy('record_id')
    .execute();
  return { live, pending: pending.map((d) => ({ id: d.record_id, row: d.row_json === null ? null : (JSON.parse(d.row_json) as object) })) };
}

/** Parses CSV text written by server/csv.ts (no quoted line breaks in a programme). */
function csvRows(text: string): string[][] {
  return text
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter((line) => line !== '')
    .map((line) =>
      (line.match(/("([^"]|"")*"|[^,]*)(,|$)/g) ?? []).map((c) => c.replace(/,$/, '').replace(/^"|"$/g, '').replace(/""/g, '"')),
    )
    .map((cells) => cells.slice(0, SHEET_COLUMNS.length));
}

const counts = (run: DryRun) => run.counts;

describe('/gestao/api/programme: the programme to and from a spreadsheet', () => {
  let programmer: GestaoBrowser;
  let editor: GestaoBrowser;
  let reader: GestaoBrowser;
  /** A film with a title no other has (and without a comma, for the hand-written CSV lines). */
  let film: { id: number; title: string };
  beforeAll(async () => {
    server = await startTestServer();
    film = await server.db
      .selectFrom('movies')
      .select(['id', 'title'])
      .where('title', 'not like', '%,%')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    programmer = await loggedInStaff(server, 'prog@festa.pt', 'programacao');
    editor = await loggedInStaff(server, 'edit@festa.pt', 'edicao');
    reader = await loggedInStaff(server, 'ler@festa.pt', 'leitura');
  }, 60_000);
  afterAll(() => server?.close());

  it('exports the draft programme as CSV (UTF-8 with BOM, one row per session, the pt-PT columns) and XLSX of the same cells', async () => {
    const csv = await exported(programmer, 'csv');
    expect(csv.subarray(0, 3).equals(Buffer.from([0xef, 0xbb, 0xbf]))).toBe(true);
    const rows = csvRows(csv.toString('utf8'));
    expect(rows[0]).toEqual([...SHEET_COLUMNS]);
    expect(rows).toHaveLength(301);
    const first = await server.db.selectFrom('sessions').selectAll().where('code', '=', rows[1]![0]!).executeTakeFirstOrThrow();
    expect(rows[1]![4]).toBe(first.starts_at.slice(0, 10));
    expect(rows[1]![5]).toBe(first.starts_at.slice(11));
    const xlsx = await readXlsxFile(await exported(programmer, 'xlsx'));
    expect(xlsx[0]!.sheet).toBe('Programa');
    const [xlsxHeader, ...xlsxRows] = xlsx[0]!.data;
    expect(xlsxHeader).toEqual([...SHEET_COLUMNS]);
    // The day and the time are date cells (read-excel-file gives a Date only for a cell with a
    // date format), their digits Lisbon's wall clock as stored in UTC; a time alone is on Excel's day 0.
    for (const row of xlsxRows) {
      const [day, time] = [row[4], row[5]];
      expect(day).toBeInstanceOf(Date);
      expect(time).toBeInstanceOf(Date);
      expect(time instanceof Date && time.toISOString().slice(0, 10)).toBe('1899-12-30');
    }
    const asText = (c: unknown, column: number): string => {
      if (c instanceof Date) return column === 4 ? c.toISOString().slice(0, 10) : c.toISOString().slice(11, 16);
      return typeof c === 'string' || typeof c === 'number' ? String(c) : '';
    };
    expect([xlsxHeader, ...xlsxRows.map((row) => row.map(asText))]).toEqual(rows);
  });

  it('a 1,000-row file with three bad rows: the dry run names exactly those three, apply makes the rest, a second import changes nothing, undo restores the programme exactly', async () => {
    const before = await programmeState();
    const [header, ...existing] = csvRows((await exported(programmer, 'csv')).toString('utf8'));
    // Ten sessions move half an hour later; one gets a status with its reason and a guest.
    const changed = existing.map((row, i) =>
      i < 10 ? [...row.slice(0, 5), row[5] === '10:00' ? '10:30' : '10:00', ...row.slice(6)] : row,
    );
    changed[10] = [...changed[10]!.slice(0, 6), 'Nanni Moretti', 'Últimos lugares', 'poucos bilhetes'];
    const fresh = Array.from({ length: 697 }, (_, i) => [
      `N-${i + 1}`,
      i % 2 ? film.title : existing[i % existing.length]![1]!,
      i % 3 ? 'Lisboa' : 'porto',
      i % 3 ? 'Cinema São Jorge' : 'teatro municipal rivoli',
      i % 2 ? `2026-04-${String(3 + (i % 8)).padStart(2, '0')}` : `${String(3 + (i % 8)).padStart(2, '0')}/04/2026`,
      `${String(10 + (i % 13)).padStart(2, '0')}:${i % 2 ? '15' : '45'}`,
      '',
      '',
      '',
    ]);
    const bad = [
      ['B-1', existing[0]![1]!, 'Lisboa', 'Cinema X', '2026-04-05', '21:30', '', '', ''],
      ['B-2', existing[0]![1]!, 'Lisboa', 'Cinema Ideal', '31/02/2026', '21:30', '', '', ''],
      ['B-3', 'Um Filme Que Não Existe', 'Coimbra', 'Convento São Francisco', '2026-04-06', '18:00', '', 'Esgotada', ''],
    ];
    // The bad rows at lines 12, 500 and 1001 of the file (the headers are line 1).
    const body = [...changed, ...fresh];
    body.splice(10, 0, bad[0]!);
    body.splice(498, 0, bad[1]!);
    body.push(bad[2]!);
    expect(body).toHaveLength(1000);
    const csv = toCsv(
      header!,
      body.map((row) => Object.fromEntries(header!.map((h, i) => [h, row[i] ?? '']))),
    );

    const file = await uploaded(programmer, 'programa-1000.csv', csv);
    expect(file).toMatchObject({ fileName: 'programa-1000.csv', rowCount: 1000, headers: [...SHEET_COLUMNS] });
    expect(file.mapping).toEqual(Object.fromEntries(SHEET_COLUMNS.map((c, i) => [c, i])));

    const run = await dryRun(programmer, file);
    const errors = run.rows.filter((r) => r.state === 'erro');
    expect(errors.map((r) => [r.line, r.code, r.errors])).toEqual([
      [12, 'B-1', ['Linha 12: sala «Cinema X» não existe em Lisboa.']],
      [500, 'B-2', ['Linha 500: data «31/02/2026» inválida: escreva AAAA-MM-DD ou DD/MM/AAAA.']],
      [1001, 'B-3', ['Linha 1001: filme «Um Filme Que Não Existe» não existe (crie-o primeiro em Filmes e atividades).']],
    ]);
    expect(counts(run)).toEqual({ erro: 3, novo: 697, alterado: 11, 'sem alterações': 289 });
    const statusRow = run.rows.find((r) => r.code === existing[10]![0]);
    expect(statusRow?.changes).toEqual([
      { column: 'convidados', before: '', after: 'Nanni Moretti' },
      { column: 'estado', before: '', after: 'Últimos lugares' },
      { column: 'motivo', before: '', after: 'poucos bilhetes' },
    ]);
    // A dry run is only that.
    expect(await programmeState()).toEqual(before);

    const applied = await programmer.request('POST', `/programme/imports/${file.id}/apply`, { mapping: file.mapping });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json<DryRun & { created: number; changed: number }>()).toMatchObject({ created: 697, changed: 11 });
    const sessions = await draftedRows(server.db, 'sessions');
    expect(sessions).toHaveLength(300 + 697);
    const n1 = sessions.find((s) => s.code === 'N-1')!;
    expect(n1).toMatchObject({ venue_id: 5, starts_at: '2026-04-03T10:45', status: '' });
    const withStatus = sessions.find((s) => s.code === existing[10]![0])!;
    expect(withStatus).toMatchObject({ status: 'few_seats', status_note: 'poucos bilhetes', guest: 'Nanni Moretti' });
    // Applying the same upload twice is refused.
    expect((await programmer.request('POST', `/programme/imports/${file.id}/apply`, { mapping: file.mapping })).statusCode).toBe(409);

    const again = await dryRun(programmer, await uploaded(programmer, 'programa-1000.csv', csv));
    expect(counts(again)).toEqual({ erro: 3, novo: 0, alterado: 0, 'sem alterações': 997 });

    const list = (await programmer.request('GET', '/programme/imports')).json<ImportSummary[]>();
    expect(list[0]).toMatchObject({
      id: file.id,
      fileName: 'programa-1000.csv',
      appliedBy: 'prog@festa.pt',
      created: 697,
      changed: 11,
      undoneAt: null,
    });

    const undone = await programmer.request('POST', `/programme/imports/${file.id}/undo`);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json()).toEqual({ restored: 708 });
    expect(await programmeState()).toEqual(before);
    expect((await programmer.request('POST', `/programme/imports/${file.id}/undo`)).json()).toEqual({
      message: 'Esta importação já foi anulada.',
    });
    const audit = await listAudit(server.db, { actorEmail: 'prog@festa.pt', outcome: 'ok' });
    expect(audit.map((e) => [e.action, e.subject])).toEqual(
      expect.arrayContaining([
        ['programme.import', `importação ${file.id}`],
        ['programme.undo', `importação ${file.id}`],
      ]),
    );
  }, 120_000);

  it("undo restores a session's earlier draft, and refuses once a session it touched was changed again", async () => {
    const [header, first, second] = csvRows((await exported(programmer, 'csv')).toString('utf8'));
    const session = await server.db.selectFrom('sessions').selectAll().where('code', '=', first![0]!).executeTakeFirstOrThrow();
    // A draft from the form before the import: the undo gives it back.
    const formView = (await programmer.request('GET', `/records/sessions/${session.id}`)).json<RecordView>();
    const saved = await programmer.request('PUT', `/records/sessions/${session.id}`, {
      baseVersion: formView.version,
      fields: { ...formView.fields, guest: 'Alice Rohrwacher' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const before = await programmeState();

    const rows = [
      [...first!.slice(0, 5), '23:15', 'Alice Rohrwacher', 'Atrasada', 'a cópia chega às 23h'],
      [...second!.slice(0, 5), '23:15', ...second!.slice(6)],
    ];
    const file = await uploaded(
      programmer,
      'duas.csv',
      toCsv(
        header!,
        rows.map((r) => Object.fromEntries(header!.map((h, i) => [h, r[i]!]))),
      ),
    );
    expect((await programmer.request('POST', `/programme/imports/${file.id}/apply`, { mapping: file.mapping })).statusCode).toBe(200);
    expect(await programmeState()).not.toEqual(before);
    expect((await programmer.request('POST', `/programme/imports/${file.id}/undo`)).statusCode).toBe(200);
    expect(await programmeState()).toEqual(before);

    // Imported again, then changed in the form: undoing would lose that change, so it is refused.
    const file2 = await uploaded(
      programmer,
      'duas.csv',
      toCsv(
        header!,
        rows.map((r) => Object.fromEntries(header!.map((h, i) => [h, r[i]!]))),
      ),
    );
    expect((await programmer.request('POST', `/programme/imports/${file2.id}/apply`, { mapping: file2.mapping })).statusCode).toBe(200);
    const view = (await programmer.request('GET', `/records/sessions/${session.id}`)).json<RecordView>();
    await programmer.request('PUT', `/records/sessions/${session.id}`, {
      baseVersion: view.version,
      fields: { ...view.fields, status_note: 'outra' },
    });
    const refused = await programmer.request('POST', `/programme/imports/${file2.id}/undo`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toBe(
      `Depois desta importação, esta sessão foi alterada: ${first![0]}. Anular desfaria essas alterações: reveja-as primeiro.`,
    );
  });

  it('an exported XLSX imported again changes nothing, and so does the CSV', async () => {
    for (const format of ['xlsx', 'csv'] as const) {
      const file = await uploaded(programmer, `programa.${format}`, await exported(programmer, format));
      const run = await dryRun(programmer, file);
      expect(run.counts.erro, JSON.stringify(run.rows.filter((r) => r.state === 'erro'))).toBe(0);
      expect(counts(run)['sem alterações']).toBe(run.rows.length);
      const nothing = await programmer.request('POST', `/programme/imports/${file.id}/apply`, { mapping: file.mapping });
      expect(nothing.json()).toEqual({ message: 'Não há linhas por aplicar: todas estão sem alterações ou com erros.' });
    }
  });

  it('carries the reason in English and Italian, a column each: read into the session’s translations, made from the reason beside them; a file without those columns keeps them', async () => {
    const line = (cells: string[]) => cells.map((c) => (/[",]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(',');
    const session = await server.db.selectFrom('sessions').selectAll().where('status', '=', '').orderBy('id').executeTakeFirstOrThrow();
    const [header, ...rows] = csvRows((await exported(programmer, 'csv')).toString('utf8'));
    expect(header!.slice(-7)).toEqual(['motivo', 'motivo_en', 'motivo_it', 'linguas', 'legendas', 'idade', 'acessibilidade']);
    // How to follow a session travels too: 7 is audio-described, and says nothing else (as its film).
    expect(rows.find((r) => r[0] === 'S-7')!.slice(-4)).toEqual(['', '', '', 'ad']);
    const row = [...rows.find((r) => r[0] === session.code)!];
    row.splice(7, 4, 'Esgotada', 'Última sessão esgotada', 'Last screening sold out', 'Ultima proiezione esaurita');
    const file = await uploaded(programmer, 'motivos.csv', [line(header!), line(row)].join('\n'));
    expect(file.mapping).toMatchObject({ motivo: 8, motivo_en: 9, motivo_it: 10 });
    const applied = await programmer.request('POST', `/programme/imports/${file.id}/apply`, { mapping: file.mapping });
    expect(applied.statusCode, applied.body).toBe(200);
    const stored = async () => (await programmer.request('GET', `/records/sessions/${session.id}`)).json<RecordView>().fields;
    expect(await stored()).toMatchObject({
      status_note: 'Última sessão esgotada',
      status_note_en: 'Last screening sold out',
      status_note_en_source: sourceFingerprint('Última sessão esgotada'),
      status_note_it: 'Ultima proiezione esaurita',
    });
    // The same row from a file of the first nine columns only, a minute later: the translations stay.
    const later = [...row.slice(0, 9)];
    later[5] = `${later[5]!.slice(0, 3)}${String(Number(later[5]!.slice(3)) + 1).padStart(2, '0')}`;
    const older = await uploaded(programmer, 'sem-traducoes.csv', [line(header!.slice(0, 9)), line(later)].join('\n'));
    const again = await programmer.request('POST', `/programme/imports/${older.id}/apply`, { mapping: older.mapping });
    expect(again.statusCode, again.body).toBe(200);
    const kept = await stored();
    expect(fieldText(kept.starts_at).slice(11)).toBe(later[5]);
    expect(kept.status_note_en).toBe('Last screening sold out');
  });

  it('an XLSX typed by hand, its day a date cell and its time a time cell, reads as YYYY-MM-DD and HH:MM', async () => {
    const text = (value: string) => ({ value, type: String });
    const sheet = await writeXlsxFile([
      SHEET_COLUMNS.map(text),
      [
        text('X-1'),
        text(film.title),
        text('Lisboa'),
        text('Cinema Ideal'),
        { value: new Date(Date.UTC(2026, 3, 7)), type: Date, format: 'dd/mm/yyyy' },
        { value: new Date(Date.UTC(1899, 11, 30, 21, 30)), type: Date, format: 'hh:mm' },
        text(''),
        text('Esgotada'),
        text(''),
      ],
    ]).toBuffer();
    const file = await uploaded(programmer, 'à-mão.xlsx', sheet);
    const run = await dryRun(programmer, file);
    expect(run.rows.map((r) => [r.line, r.state, r.errors])).toEqual([[2, 'novo', []]]);
    const applied = await programmer.request('POST', `/programme/imports/${file.id}/apply`, { mapping: file.mapping });
    expect(applied.statusCode, applied.body).toBe(200);
    const session = (await draftedRows(server.db, 'sessions')).find((s) => s.code === 'X-1');
    expect(session).toMatchObject({ movie_id: film.id, venue_id: 3, starts_at: '2026-04-07T21:30', status: 'sold_out' });
    expect((await programmer.request('POST', `/programme/imports/${file.id}/undo`)).statusCode).toBe(200);
  });

  describe('a CSV as spreadsheets save it: its encoding found, its accents kept', () => {
    const header = ['Código', 'Título', 'Cidade', 'Sala', 'Data', 'Hora'];
    const rows = () => [
      ['W-1', film.title, 'Setúbal', 'Cinema Charlot – Auditório Municipal', '08/04/2026', '21:30'],
      ['W-2', film.title, 'Lisboa', 'Cinema São Jorge', '09/04/2026', '18:00'],
      ['W-3', film.title, 'Coimbra', 'Teatro Académico de Gil Vicente', '10/04/2026', '22:15'],
    ];
    /**
     * Windows-1252 bytes written out by hand, as Excel on Windows saves "CSV": the accented
     * letters are ISO-8859-1's bytes, the en dash is 0x96 (which ISO-8859-1 has no letter for).
     */
    const cp1252 = (text: string) => Buffer.from(text.replace(/–/g, '\x96'), 'latin1');
    const utf16le = (text: string) => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    const utf16be = (text: string) => Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(text, 'utf16le').swap16()]);

    async function readsEveryRow(file: SheetUpload) {
      expect(file.headers).toEqual(header);
      expect(file.mapping).toMatchObject({ codigo: 0, filme: 1, cidade: 2, sala: 3, data: 4, hora: 5 });
      const run = await dryRun(programmer, file);
      expect(run.rows.map((r) => [r.line, r.code, r.state, r.errors])).toEqual([
        [2, 'W-1', 'novo', []],
        [3, 'W-2', 'novo', []],
        [4, 'W-3', 'novo', []],
      ]);
    }

    it("Windows-1252 with semicolons (Excel's «CSV» on a Portuguese Windows): every venue found, its dash and accents kept", async () => {
      const bytes = cp1252([header, ...rows()].map((r) => r.join(';')).join('\r\n'));
      expect(bytes.includes(0x96)).toBe(true);
      const file = await uploaded(programmer, 'programa-windows.csv', bytes);
      expect(file.encoding).toBe('windows-1252');
      await readsEveryRow(file);
    });

    it("UTF-16 LE with its BOM and tabs (Excel's «Texto Unicode»), and UTF-16 BE", async () => {
      // Excel quotes a cell with a tab or a quote in it; the others go bare.
      const text = [header, ...rows()].map((r) => r.join('\t')).join('\r\n');
      const le = await uploaded(programmer, 'programa-unicode.txt.csv', utf16le(text));
      expect(le.encoding).toBe('utf-16le');
      await readsEveryRow(le);
      const be = await uploaded(programmer, 'programa-be.csv', utf16be(text));
      expect(be.encoding).toBe('utf-16be');
      await readsEveryRow(be);
    });

    it('UTF-8 with or without its BOM says so', async () => {
      const text = [header, ...rows()].map((r) => r.join(',')).join('\n');
      for (const bytes of [Buffer.from(text, 'utf8'), Buffer.from(`\uFEFF${text}`, 'utf8')]) {
        const file = await uploaded(programmer, 'programa-utf8.csv', bytes);
        expect(file.encoding).toBe('utf-8');
        await readsEveryRow(file);
      }
    });

    it('text in none of these is refused with one message about its encoding, never as rows in error', async () => {
      const encoding = {
        message:
          'O texto deste CSV não está em UTF-8, UTF-16 nem Windows-1252, e as letras acentuadas sairiam trocadas: no Excel, guarde-o como «CSV UTF-8 (delimitado por vírgulas)» e envie de novo.',
      };
      const text = [header, ...rows()].map((r) => r.join(';')).join('\r\n');
      const cases: [string, Buffer][] = [
        // Shift-JIS: 0x81 0x40 is its ideographic space; 0x81 is no letter in Windows-1252.
        ['shift-jis.csv', Buffer.concat([Buffer.from('codigo;filme\r\nA;', 'latin1'), Buffer.from([0x81, 0x40]), Buffer.from('B')])],
        // UTF-16 without the mark that says so.
        ['sem-bom.csv', Buffer.from(text, 'utf16le')],
        // A control character no spreadsheet writes.
        ['controlo.csv', Buffer.from('codigo;filme\r\nA;B\u0001', 'latin1')],
        // A UTF-16 mark over bytes that are no UTF-16 (an odd length).
        ['bom-falso.csv', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('abc', 'latin1')])],
      ];
      for (const [name, bytes] of cases) {
        const response = await upload(programmer, name, bytes);
        expect([name, response.statusCode, response.json()]).toEqual([name, 400, encoding]);
      }
    });
  });

  it('other headers are mapped by name without accents or case; one the server cannot guess is chosen by hand; a required column left out is refused', async () => {
    const csv = [
      'Notas;Código;Título;Localidade;Espaço;Dia;Início',
      `nada;R-1;${film.title};Lisboa;Cinema Ideal;07/04/2026;21:30`,
      `nada;R-2;${film.title.toUpperCase()};SETÚBAL;Cinema Charlot – Auditório Municipal;2026-04-08;9:15`,
    ].join('\r\n');
    const file = await uploaded(programmer, 'outro.csv', Buffer.from(`\uFEFF${csv}`, 'utf8'));
    expect(file.headers).toEqual(['Notas', 'Código', 'Título', 'Localidade', 'Espaço', 'Dia', 'Início']);
    expect(file.mapping).toEqual({
      codigo: 1,
      filme: 2,
      cidade: 3,
      sala: null,
      data: 5,
      hora: 6,
      convidados: null,
      estado: null,
      motivo: null,
      motivo_en: null,
      motivo_it: null,
      linguas: null,
      legendas: null,
      idade: null,
      acessibilidade: null,
    });

    const missing = await programmer.request('POST', `/programme/imports/${file.id}/dry-run`, { mapping: file.mapping });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ message: 'Escolha a coluna do ficheiro para: sala.' });
    const twice = await programmer.request('POST', `/programme/imports/${file.id}/dry-run`, { mapping: { ...file.mapping, sala: 1 } });
    expect(twice.json()).toEqual({ message: 'Duas colunas do programa não podem ler a mesma coluna do ficheiro.' });

    const run = await dryRun(programmer, file, { ...file.mapping, sala: 4 });
    expect(run.rows.map((r) => [r.line, r.state, r.errors])).toEqual([
      [2, 'novo', []],
      [3, 'novo', []],
    ]);
  });

  it("a file's own mistakes: a code twice, a code the site reserves, a status that does not exist, a reason too long", async () => {
    const header = SHEET_COLUMNS.join(',');
    const csv = [
      header,
      `D-1,${film.title},Lisboa,Cinema Ideal,2026-04-07,21:30,,,`,
      `D-1,${film.title},Lisboa,Cinema Ideal,2026-04-08,21:30,,,`,
      `S-99999,${film.title},Lisboa,Cinema Ideal,2026-04-08,22:30,,,`,
      `D-2,${film.title},Lisboa,Cinema Ideal,2026-04-08,23:30,,Adiada,`,
      `D-3,${film.title},Lisboa,Cinema Ideal,2026-04-08,25:00,,Cancelada,${'x'.repeat(10)}`,
      `D-4,${film.title},Lisboa,Cinema Ideal,2026-04-09,10:00,,Cancelada,${'x'.repeat(201)}`,
    ].join('\n');
    const run = await dryRun(programmer, await uploaded(programmer, 'erros.csv', csv));
    expect(run.rows.map((r) => [r.line, r.errors])).toEqual([
      [2, ['Linha 2: código «D-1» repetido (linhas 2, 3): cada sessão tem o seu.']],
      [3, ['Linha 3: código «D-1» repetido (linhas 2, 3): cada sessão tem o seu.']],
      [
        4,
        [
          'Linha 4: código «S-99999»: nenhuma sessão o tem, e os códigos S-número são os que o site dá; escolha outro para uma sessão nova.',
        ],
      ],
      [5, ['Linha 5: estado «Adiada» não existe: escreva Cancelada, Esgotada, Últimos lugares, Mudou de sala, Atrasada, ou deixe vazio.']],
      [6, ['Linha 6: hora «25:00» inválida: escreva HH:MM.']],
      [7, ['Linha 7: Campo motivo (lido pelo público) não pode ter mais de 200 caracteres.']],
    ]);
  });

  it('a session made in the form gets S-{id}; a code another session has is refused beside the field', async () => {
    const some = await server.db.selectFrom('sessions').selectAll().orderBy('id').executeTakeFirstOrThrow();
    const fields = {
      movie_id: some.movie_id,
      venue_id: some.venue_id,
      starts_at: '2026-04-09T15:00',
      status: '',
      status_note: '',
      guest: '',
      code: '',
    };
    const made = await programmer.request('POST', '/records/sessions', { fields });
    expect(made.statusCode, made.body).toBe(201);
    const view = made.json<RecordView>();
    expect(view.fields.code).toBe(`S-${view.id}`);
    const taken = await programmer.request('POST', '/records/sessions', { fields: { ...fields, code: some.code } });
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toEqual({ message: 'Há campos por corrigir.', errors: { code: 'Este código já é de outra sessão.' } });
  });

  it('only Programação and Administração import and export; the others are refused and audited', async () => {
    for (const browser of [editor, reader]) {
      expect((await browser.request('GET', '/programme/export?format=csv')).statusCode).toBe(403);
      expect((await upload(browser, 'p.csv', 'codigo\nA')).statusCode).toBe(403);
      expect((await browser.request('GET', '/programme/imports')).statusCode).toBe(403);
    }
    const file = await uploaded(programmer, 'p.csv', `${SHEET_COLUMNS.join(',')}\n`);
    expect((await editor.request('POST', `/programme/imports/${file.id}/dry-run`, { mapping: file.mapping })).statusCode).toBe(403);
    expect((await editor.request('POST', `/programme/imports/${file.id}/undo`)).statusCode).toBe(403);
    const denied = await listAudit(server.db, { actorEmail: 'edit@festa.pt', outcome: 'denied' });
    expect(denied.map((e) => e.subject)).toContain('/gestao/api/programme/imports');
    expect((await programmer.request('GET', '/programme/export?format=pdf')).statusCode).toBe(400);
  });

  it('an unreadable file is refused in pt-PT: a picture, a text called .xlsx, the old .xls, an empty file, a file too large, no file', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const cases: [string, Buffer | string, number, string][] = [
      [
        'foto.png',
        Buffer.concat([png, Buffer.alloc(64)]),
        400,
        'Não foi possível ler este ficheiro: envie uma folha de cálculo em CSV (UTF-8) ou XLSX.',
      ],
      ['programa.xlsx', 'codigo,filme\nA,B', 400, 'Não foi possível ler este ficheiro: envie uma folha de cálculo em CSV (UTF-8) ou XLSX.'],
      [
        'programa.xls',
        Buffer.from('d0cf11e0a1b11ae10000', 'hex'),
        400,
        'Este é o formato antigo do Excel (.xls): guarde a folha como .xlsx ou .csv e envie de novo.',
      ],
      ['vazio.csv', '', 400, 'O ficheiro não tem linhas: a primeira linha são os títulos das colunas, as seguintes as sessões.'],
      [
        'aspas.csv',
        'codigo,filme\n"A,B\n',
        400,
        'Não foi possível ler este CSV: verifique as aspas e os separadores (vírgula ou ponto e vírgula).',
      ],
      ['grande.csv', Buffer.alloc(5 * 1024 * 1024 + 10, 'a'), 413, 'O ficheiro é grande demais (máximo 5 MB).'],
    ];
    for (const [name, data, status, message] of cases) {
      const response = await upload(programmer, name, data);
      expect([name, response.statusCode, response.json()]).toEqual([name, status, { message }]);
    }
    const none = await programmer.request('POST', '/programme/imports', {});
    expect(none.json()).toEqual({ message: 'Não chegou nenhum ficheiro: escolha um ficheiro CSV ou XLSX.' });
  });
});
