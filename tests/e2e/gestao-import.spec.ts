/**
 * A programmer brings the programme back from a spreadsheet, in a real browser on a server of its
 * own: exports it as CSV, changes a session's time, adds a session and a row with a venue that
 * does not exist, uploads it, checks the columns, reads the dry run (the bad row first, naming its
 * line and field), applies the rest and undoes the whole import in one action. Every step passes axe.
 */
import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import { expect, test } from './fixtures';
import { addStaff, GestaoStaff, noAxeViolations, gestaoMenuLink, resultInView } from './gestao-browser';
import { startOwnServer, type OwnServer } from './pinned-server';

const PROGRAMMER = 'programa@festa.test';

let server: OwnServer;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startOwnServer({});
  await addStaff(server.database, PROGRAMMER, 'programacao');
});
test.afterAll(async () => {
  await server?.stop();
});

/**
 * Text as Excel on Windows saves a "CSV": Windows-1252, written byte by byte here (ISO-8859-1's
 * letters as they are, the typographic marks at 0x80–0x9F).
 */
const CP1252_MARKS: Record<string, number> = { '€': 0x80, '…': 0x85, '‘': 0x91, '’': 0x92, '“': 0x93, '”': 0x94, '–': 0x96, '—': 0x97 };
const windows1252 = (text: string) =>
  Buffer.from(
    [...text].map((c) => {
      const byte = CP1252_MARKS[c] ?? c.charCodeAt(0);
      if (byte > 0xff) throw new Error(`«${c}» não existe em Windows-1252`);
      return byte;
    }),
  );

/** A CSV line as a spreadsheet writes it: every cell quoted. */
const csvLine = (cells: string[]) => cells.map((c) => `"${c.replace(/"/g, '""')}"`).join(',');

test('a programmer exports the programme, uploads a changed CSV saved by Excel on Windows with a bad row, reads the dry run, applies it and undoes it', async ({
  page,
  consoleProblems,
}) => {
  test.setTimeout(180_000);
  await new GestaoStaff(server.url, consoleProblems).loggedIn(page, PROGRAMMER);
  await (await gestaoMenuLink(page, 'Importar e exportar programa')).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Importar e exportar programa' })).toBeVisible();
  await expect(page.getByText('Ainda não se importou nenhuma folha.')).toBeVisible();
  await noAxeViolations(page, 'Importar e exportar programa');

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exportar CSV' }).click()]);
  expect(download.suggestedFilename()).toBe('programa.csv');
  const exported = await readFile(await download.path(), 'utf8');
  expect(
    exported.startsWith(
      '\uFEFFcodigo,filme,cidade,sala,data,hora,convidados,estado,motivo,motivo_en,motivo_it,linguas,legendas,idade,acessibilidade\r\n',
    ),
  ).toBe(true);
  const [header, first, second]: string[][] = parse(exported, { bom: true });
  const later = first![5] === '23:00' ? '23:30' : '23:00';
  const csv = [
    csvLine(header!),
    csvLine([...first!.slice(0, 5), later, ...first!.slice(6)]),
    csvLine(second!),
    // A venue with an accent and a dash, which Windows-1252 writes as 0x96.
    csvLine([
      'E2E-1',
      first![1]!,
      'Setúbal',
      'Cinema Charlot – Auditório Municipal',
      first![4]!,
      '23:45',
      'Paolo Sorrentino',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
    ]),
    csvLine(['E2E-2', first![1]!, 'Lisboa', 'Cinema X', first![4]!, '22:00', '', '', '', '', '', '', '', '', '']),
  ].join('\r\n');

  await page
    .getByLabel('Folha do programa (CSV ou XLSX)')
    .setInputFiles({ name: 'programa-novo.csv', mimeType: 'text/csv', buffer: windows1252(csv) });
  await page.getByRole('button', { name: 'Ler o ficheiro' }).click();
  await expect(
    page.getByRole('status').filter({
      hasText: 'Ficheiro lido: 4 linhas. Lido como Windows-1252 (Excel no Windows). Confirme as colunas e simule a importação.',
    }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: '2. Colunas de «programa-novo.csv»' })).toBeVisible();
  // Every column found by its header; the person could choose another for each.
  await expect(page.getByLabel('sala — sala (obrigatória)')).toHaveValue('3');
  await expect(page.getByLabel('motivo — motivo')).toHaveValue('8');
  await noAxeViolations(page, 'Importar: colunas');

  await page.getByRole('button', { name: 'Simular a importação' }).click();
  const counts = page.getByRole('list', { name: 'Linhas por estado' });
  await expect(counts).toHaveText(/1 com erro.*1 nova.*1 alterada.*1 sem alterações/);
  const rows = page.locator('.import-screen__table tbody tr');
  // The row in error comes first, whatever its line.
  await expect(rows.first()).toContainText('Linha 5: sala «Cinema X» não existe em Lisboa.');
  await expect(rows.filter({ hasText: first![0]! })).toContainText(`hora: ${first![5]} → ${later}`);
  await page.getByLabel('Mostrar').selectOption('novo');
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText('E2E-1');
  await page.getByLabel('Mostrar').selectOption('');
  await expect(rows).toHaveCount(4);
  await noAxeViolations(page, 'Importar: simulação');

  await page.getByRole('button', { name: 'Aplicar 2 linhas' }).click();
  const applied = 'Importação aplicada ao rascunho: 1 sessões novas, 1 alteradas. Publique-as em «Publicar».';
  await expect(page.getByRole('status').filter({ hasText: applied })).toBeVisible();
  await resultInView(page, applied);
  await expect(page.getByRole('heading', { name: '4. Resultado' })).toBeVisible();
  // The result says what was applied, not that nothing was.
  await expect(page.locator('.import-screen__table caption')).toHaveText(
    'Aplicado: 1 sessão nova, 1 alterada; 1 linha com erros ficou por aplicar, 1 sem alterações.',
  );
  await expect(page.getByText('Simulação: nada foi alterado ainda')).toHaveCount(0);
  await expect(page.getByRole('cell', { name: 'programa-novo.csv', exact: true })).toBeVisible();
  // The draft has the new session, with its code and guest.
  const drafted = (await (await page.request.get(`${server.url}/gestao/api/records/sessions`)).json()) as {
    fields: { code: string; guest: string; venue_id: number };
  }[];
  // Read with its accents and its dash: the venue is Setúbal's Cinema Charlot (10 in the seed).
  expect(drafted.find((s) => s.fields.code === 'E2E-1')?.fields).toMatchObject({ guest: 'Paolo Sorrentino', venue_id: 10 });
  await noAxeViolations(page, 'Importar: resultado');

  await page.getByRole('button', { name: 'Anular esta importação' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Importação anulada: 2 sessões voltaram ao que eram.' })).toBeVisible();
  await expect(page.getByText(`anulada por ${PROGRAMMER}`)).toBeVisible();
  await expect(page.getByRole('button', { name: /Anular a importação de/ })).toHaveCount(0);
  const after = (await (await page.request.get(`${server.url}/gestao/api/records/sessions`)).json()) as { fields: { code: string } }[];
  expect(after.some((s) => s.fields.code === 'E2E-1')).toBe(false);
  await noAxeViolations(page, 'Importar: anulada');
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
});
