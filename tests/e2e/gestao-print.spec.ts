/**
 * "Programa impresso", on a server of its own: a programmer downloads Lisbon's programme and the
 * front-of-house sheet of a venue's day, both PDFs under their pt-PT names; Imprensa has no such
 * entry in its menu. The screen passes axe. Desktop only (@one-project): the phone adds nothing
 * to two downloads.
 */
import { readFile } from 'node:fs/promises';
import type { Download, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { addStaff, GestaoStaff, noAxeViolations } from './gestao-browser';
import { startOwnServer, type OwnServer } from './pinned-server';

let server: OwnServer;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startOwnServer({});
});
test.afterAll(async () => {
  await server?.stop();
});

const menu = (page: Page) => page.getByRole('navigation', { name: 'Gestão' });

async function firstBytes(download: Download): Promise<string> {
  const bytes = await readFile(await download.path());
  return bytes.subarray(0, 5).toString('latin1');
}

test('a programmer downloads the city programme and a venue-day sheet as PDFs; Imprensa has no such menu entry @one-project', async ({
  page,
  consoleProblems,
}) => {
  test.setTimeout(120_000);
  const festival = (await (await page.request.get(`${server.url}/admin/homeprefs`)).json()) as { festivalStart: string };
  const year = festival.festivalStart.slice(0, 4);
  await addStaff(server.database, 'prog@festa.test', 'programacao');
  await addStaff(server.database, 'imprensa@festa.test', 'imprensa');

  const staff = new GestaoStaff(server.url, consoleProblems);
  await staff.loggedIn(page, 'prog@festa.test');
  await menu(page).getByRole('link', { name: 'Programa impresso' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Programa impresso' })).toBeVisible();
  await page.getByLabel('Cidade', { exact: true }).selectOption({ label: 'Lisboa' });
  await expect(page.getByRole('main').getByLabel('Publicação', { exact: true })).toHaveValue('latest');
  await noAxeViolations(page, 'Programa impresso');

  const [programme] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Descarregar o programa (PDF)' }).click(),
  ]);
  expect(programme.suggestedFilename()).toBe(`programa-lisboa-${year}.pdf`);
  expect(await firstBytes(programme)).toBe('%PDF-');
  await expect(page.getByRole('status').filter({ hasText: `Descarregado: programa-lisboa-${year}.pdf` })).toBeVisible();

  await page.getByLabel('Sala', { exact: true }).selectOption({ label: 'Cinema São Jorge' });
  const day = await page.getByLabel('Dia', { exact: true }).inputValue();
  expect(day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  const [sheet] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Descarregar a folha (PDF)' }).click(),
  ]);
  expect(sheet.suggestedFilename()).toBe(`hoje-nesta-sala-cinema-sao-jorge-${day}.pdf`);
  expect(await firstBytes(sheet)).toBe('%PDF-');

  await page.getByRole('button', { name: 'Terminar sessão' }).click();
  await staff.loggedIn(page, 'imprensa@festa.test');
  await expect(menu(page).getByRole('link', { name: 'Imprensa' })).toBeVisible();
  await expect(menu(page).getByRole('link', { name: 'Programa impresso' })).toHaveCount(0);
});
