/**
 * Two editors on one film never undo each other, on the desktop and on a 390 px phone: Eva Costa
 * (Edição) opens a film and Rui Alves (Programação), opening it after her, reads that she is
 * editing it and since when; each changes a field of their own and both changes are kept, with no
 * question asked. On another film both change the synopsis: Rui's save opens the conflict beside
 * his button, named after Eva and focused, and his choice is saved. Every screen passes axe.
 */
import type { Browser, BrowserContextOptions, Page, TestInfo } from '@playwright/test';
import type { RecordView } from '../../src/common/gestao/record-schemas';
import { expect, forgiveOfflineNoise, test } from './fixtures';
import { GestaoStaff, noAxeViolations, ownServerWithStaff } from './gestao-browser';

const EVA = 'eva.costa@festa.test';
const RUI = 'rui.alves@festa.test';
const SAVED = 'Guardado no rascunho';

const server = ownServerWithStaff(test, { [EVA]: 'edicao', [RUI]: 'programacao' });

/** On the phone project, a 390 px wide phone (the story's own page and the second person's). */
function phoneOf(info: TestInfo): BrowserContextOptions {
  return info.project.name === 'phone' ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } : {};
}

/**
 * Eva in a browser of her own, then Rui on the story's page (whose console the story watches), each
 * with the seeded film `index` open: Eva's page.
 */
async function twoEditorsOnOneFilm(page: Page, browser: Browser, info: TestInfo, consoleProblems: string[], index: number): Promise<Page> {
  const phone = phoneOf(info);
  if (phone.viewport) await page.setViewportSize(phone.viewport);
  const eva = await (await browser.newContext({ ...phone, locale: 'pt-PT', timezoneId: 'Europe/Lisbon' })).newPage();
  const staff = new GestaoStaff(server.url, consoleProblems);
  await staff.loggedIn(eva, EVA);
  await staff.loggedIn(page, RUI);
  const id = await film(page, index);
  await openFilm(eva, id);
  await openFilm(page, id);
  return eva;
}

/** A seeded film no other story of this file changes. */
async function film(page: Page, index: number): Promise<string> {
  const films = (await (await page.request.get(`${server.url}/gestao/api/records/movies`)).json()) as RecordView[];
  return films.filter((f) => Number(f.fields.is_movie) === 1)[index]!.id;
}

async function openFilm(page: Page, id: string): Promise<void> {
  await page.goto(`${server.url}/gestao/filmes/${id}`);
  await expect(page.getByLabel('sinopse curta', { exact: true })).toBeVisible();
}

test('two editors changing different fields of one film both keep their change, with no question; the second sees who is editing since when', async ({
  page,
  browser,
  consoleProblems,
}, info) => {
  test.setTimeout(90_000);
  const eva = await twoEditorsOnOneFilm(page, browser, info, consoleProblems, 0);
  await expect(page.getByText(/^Eva Costa está a editar desde \d\d:\d\d\. Pode editar na mesma/)).toBeVisible();
  await noAxeViolations(page, 'Filme, com outra pessoa a editar');

  await eva.getByLabel('sinopse curta', { exact: true }).fill('A sinopse da Eva.');
  await page.getByLabel('duração (min)').fill('97');
  await eva.getByRole('button', { name: 'Guardar', exact: true }).click();
  await expect(eva.getByRole('status').filter({ hasText: SAVED })).toBeVisible();

  // Rui's form still holds the synopsis as he opened it: his save keeps Eva's, and says so.
  await page.getByRole('button', { name: 'Guardar', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: SAVED })).toHaveText(
    'Guardado no rascunho. Juntámos a alteração de Eva Costa (sinopse curta). Publique para que os visitantes o vejam.',
  );
  await expect(page.getByRole('region', { name: /alterou os mesmos campos/ })).toHaveCount(0);
  await expect(page.getByLabel('sinopse curta', { exact: true })).toHaveValue('A sinopse da Eva.');
  await expect(page.getByLabel('duração (min)')).toHaveValue('97');
  await noAxeViolations(page, 'Filme, depois de juntar as alterações');

  await eva.reload();
  await expect(eva.getByLabel('sinopse curta', { exact: true })).toHaveValue('A sinopse da Eva.');
  await expect(eva.getByLabel('duração (min)')).toHaveValue('97');
  await eva.context().close();
});

test('the same field changed by both: the second save shows the conflict named after the other person, in view and focused, and saves the choice', async ({
  page,
  browser,
  consoleProblems,
}, info) => {
  test.setTimeout(90_000);
  const eva = await twoEditorsOnOneFilm(page, browser, info, consoleProblems, 1);
  const original = await page.getByLabel('sinopse curta', { exact: true }).inputValue();
  await eva.getByLabel('sinopse curta', { exact: true }).fill('A versão da Eva.');
  await page.getByLabel('sinopse curta', { exact: true }).fill('A versão do Rui.');
  await eva.getByRole('button', { name: 'Guardar', exact: true }).click();
  await expect(eva.getByRole('status').filter({ hasText: SAVED })).toBeVisible();

  await page.getByRole('button', { name: 'Guardar', exact: true }).click();
  const name = 'Eva Costa alterou os mesmos campos depois de abrir este registo';
  const conflict = page.getByRole('region', { name });
  await expect(conflict.getByRole('heading', { name })).toBeFocused();
  await expect(conflict.getByRole('heading', { name })).toBeInViewport();
  const synopsis = conflict.getByRole('group', { name: 'sinopse curta' });
  await expect(conflict.getByRole('group')).toHaveCount(1);
  await expect(synopsis.getByRole('radio', { name: 'A sua alteração: A versão do Rui.' })).toBeVisible();
  await expect(synopsis.getByRole('radio', { name: 'A alteração de Eva Costa: A versão da Eva.' })).toBeVisible();
  await expect(synopsis.getByText(`Original: ${original || '(vazio)'}`)).toBeVisible();
  forgiveOfflineNoise(consoleProblems, /the server responded with a status of 409/);
  await noAxeViolations(page, 'Conflito');

  await synopsis.getByRole('radio', { name: 'A sua alteração: A versão do Rui.' }).check();
  await conflict.getByRole('button', { name: 'Guardar estas escolhas' }).click();
  await expect(page.getByRole('status').filter({ hasText: SAVED })).toBeVisible();
  await expect(conflict).toHaveCount(0);
  await eva.reload();
  await expect(eva.getByLabel('sinopse curta', { exact: true })).toHaveValue('A versão do Rui.');
  await eva.context().close();
});
