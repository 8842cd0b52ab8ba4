/**
 * An editor writes a film's synopsis as formatted text, never HTML, on a 1440 px desk and on a
 * 390 px phone: a bold name from the toolbar, a bulleted list, a paragraph pasted from Word (its
 * styles, classes and Office tags left behind, its bold kept), a link typed and one refused; is
 * asked before leaving unsaved, stays; saves, reads the change old → new in the history, finds the
 * film in the list by part of its title and "Por publicar" (leaving unasked, now saved), publishes,
 * and the film's public page shows exactly that. It sets its own viewports (@one-project).
 */
import type { Locator, Page } from '@playwright/test';
import { fieldText, type RecordView } from '../../src/common/gestao/record-schemas';
import { expect, test } from './fixtures';
import { GestaoStaff, gestaoMenuLink, noAxeViolations, ownServerWithStaff, resultInView } from './gestao-browser';

const EDITOR = 'marta.edicao@festa.test';
const server = ownServerWithStaff(test, { [EDITOR]: 'edicao' });

/** What Word for Windows puts on the clipboard for one paragraph with a bold word. */
const FROM_WORD = `<html xmlns:o="urn:schemas-microsoft-com:office:office"><head><meta name=Generator content="Microsoft Word 15">
<style><!-- p.MsoNormal {margin:0cm;font-family:"Aptos",sans-serif;} --></style></head><body lang=PT><!--StartFragment-->
<p class=MsoNormal><span style='font-family:"Aptos",sans-serif'>Premiado em </span><b><span style='font-family:"Aptos",sans-serif'>Veneza</span></b><span style='font-family:"Aptos",sans-serif'> e em Locarno.<o:p></o:p></span></p>
<!--EndFragment--></body></html>`;

async function pasteHtml(field: Locator, html: string, text: string): Promise<void> {
  await field.evaluate(
    (el, clip) => {
      const data = new DataTransfer();
      data.setData('text/html', clip.html);
      data.setData('text/plain', clip.text);
      el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    },
    { html, text },
  );
}

/** A seeded film, by its place among the films (each width edits its own): its id and title. */
async function seededFilm(page: Page, index: number): Promise<{ id: string; title: string }> {
  const films = (await (await page.request.get(`${server.url}/gestao/api/records/movies`)).json()) as RecordView[];
  const film = films.filter((f) => Number(f.fields.is_movie) === 1)[index]!;
  return { id: film.id, title: fieldText(film.fields.title) };
}

for (const [width, height, index] of [
  [1440, 900, 2],
  [390, 844, 3],
] as const) {
  test(`at ${width} px, a synopsis written with bold, a list, a link and a Word paragraph shows the same on the film's page @one-project`, async ({
    page,
    consoleProblems,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height });
    await new GestaoStaff(server.url, consoleProblems).loggedIn(page, EDITOR);
    const { id, title } = await seededFilm(page, index);
    await page.goto(`${server.url}/gestao/filmes/${id}`);
    const synopsis = page.getByRole('textbox', { name: 'sinopse', exact: true });
    const toolbar = page.getByRole('toolbar', { name: 'Formatação: sinopse', exact: true });
    await expect(synopsis).toBeVisible();
    // No tags to read or write: the text as a visitor reads it.
    await expect(synopsis).not.toContainText('<p>');

    // Its label, like any field's, puts the cursor in it.
    await page.locator('.gestao-field > label', { hasText: /^sinopse$/ }).click();
    await expect(synopsis).toBeFocused();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.press('Delete');
    await toolbar.getByRole('button', { name: 'Negrito' }).click();
    await expect(toolbar.getByRole('button', { name: 'Negrito' })).toHaveAttribute('aria-pressed', 'true');
    await page.keyboard.type('Três irmãs');
    await toolbar.getByRole('button', { name: 'Negrito' }).click();
    await page.keyboard.type(' voltam a Nápoles para vender a casa do pai.');
    await page.keyboard.press('Enter');
    await toolbar.getByRole('button', { name: 'Lista', exact: true }).click();
    await page.keyboard.type('Realização: Ada Rossi');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Fotografia: Luca Bianchi');
    // Enter on an empty item ends the list, as in every word processor.
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await pasteHtml(synopsis, FROM_WORD, 'Premiado em Veneza e em Locarno.');
    const pasted = synopsis.locator('p').last();
    await expect(pasted).toHaveText('Premiado em Veneza e em Locarno.');
    await expect(pasted.locator('strong')).toHaveText('Veneza');

    // A subheading: the text's, stored as one, not a heading of the back office's page.
    await page.keyboard.press('Enter');
    await toolbar.getByRole('button', { name: 'Subtítulo' }).click();
    await page.keyboard.type('Prémios');
    await expect(toolbar.getByRole('button', { name: 'Subtítulo' })).toHaveAttribute('aria-pressed', 'true');
    await expect(synopsis.locator('.gestao-rich__heading--3')).toHaveText('Prémios');
    await expect(synopsis.getByRole('heading')).toHaveCount(0);

    // A link: an unsafe address is refused beside its field; a bare one is taken as https.
    await page.keyboard.press('Enter');
    await toolbar.getByRole('button', { name: 'Ligação' }).click();
    const address = page.getByLabel('Endereço da ligação');
    await address.fill('javascript:alert(1)');
    await address.press('Enter');
    await expect(page.getByText('Escreva um endereço que comece por https://', { exact: false })).toBeVisible();
    await expect(address).toHaveAttribute('aria-invalid', 'true');
    await address.fill('festa.example/bilhetes');
    await address.press('Enter');
    await expect(synopsis.getByRole('link', { name: 'https://festa.example/bilhetes' })).toBeVisible();
    await noAxeViolations(page, `Um filme no editor de texto, a ${width} px`);

    // Leaving before saving asks first; staying keeps all that was written.
    await (await gestaoMenuLink(page, 'Publicar')).click();
    const leave = page.getByRole('dialog', { name: 'Sair sem guardar?' });
    await expect(leave).toBeVisible();
    await leave.getByRole('button', { name: 'Ficar no formulário' }).click();
    await expect(leave).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`/gestao/filmes/${id}$`));
    await expect(synopsis).toContainText('Premiado em Veneza e em Locarno.');

    await page.getByRole('button', { name: 'Guardar', exact: true }).click();
    await expect(page.getByText('Guardado no rascunho. Publique para que os visitantes o vejam.')).toBeVisible();
    // The history says what changed: the synopsis, old → new, the words put in marked.
    await page.locator('.gestao-history > summary').click();
    const newest = page.locator('.gestao-history > ol > li').first();
    await expect(newest.locator('.gestao-history__changes > li')).toHaveText([/^sinopse:/]);
    await expect(newest.locator('.gestao-history__changes ins').filter({ hasText: 'Bianchi' })).toHaveCount(1);

    // The films list finds it by the start of a word of its title, waiting to be published.
    await (await gestaoMenuLink(page, 'Filmes e atividades')).click();
    const word = title.split(' ').reduce((a, b) => (b.length > a.length ? b : a));
    await page.getByRole('searchbox', { name: 'Procurar' }).fill(word.slice(0, 5).toLowerCase());
    // A phone folds the filters under one button, so that the list fills its first screen.
    const unfold = page.getByRole('button', { name: 'Filtros e ordem' });
    if (width < 600) {
      await expect(page.getByLabel('Estado')).toBeHidden();
      await unfold.click();
    } else await expect(unfold).toBeHidden();
    await page.getByLabel('Estado').selectOption({ label: 'Por publicar' });
    // The button counts what is chosen, so a folded list never hides that it is filtered.
    if (width < 600) await expect(unfold).toHaveText('Filtros e ordem (1)');
    const rows = page.getByRole('table').getByRole('row');
    await expect(rows.filter({ hasText: title })).toHaveCount(1);
    await expect(rows.filter({ hasText: title }).locator('.gestao-state')).toHaveText('Alterado (por publicar)');
    // Beside it, its picture as the server's small copy, loaded (not the original poster).
    const thumb = rows.filter({ hasText: title }).locator('img.picture-thumb');
    await expect(thumb).toHaveAttribute('src', /^\/media\/_\/240\/.+\.webp$/);
    await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);

    await (await gestaoMenuLink(page, 'Publicar')).click();
    await page.getByRole('button', { name: 'Publicar', exact: true }).click();
    const published = page.getByRole('status').filter({ hasText: /^Publicação \d+ feita/ });
    await expect(published).toBeVisible();
    // At either width its confirmation is on the screen: the line itself, or the toast that repeats it.
    const said = await published.textContent();
    expect(said).toMatch(/^Publicação \d+ feita/);
    await resultInView(page, said!);

    await page.goto(`${server.url}/filme/${id}`);
    const shown = page.locator('.detail__description');
    await expect(shown.locator('strong').first()).toHaveText('Três irmãs');
    await expect(shown.getByRole('listitem')).toHaveText(['Realização: Ada Rossi', 'Fotografia: Luca Bianchi']);
    await expect(shown.getByText('Premiado em Veneza e em Locarno.')).toBeVisible();
    await expect(shown.getByRole('heading', { level: 3, name: 'Prémios' })).toBeVisible();
    await expect(shown.locator('strong').filter({ hasText: 'Veneza' })).toBeVisible();
    await expect(shown.getByRole('link', { name: 'https://festa.example/bilhetes' })).toHaveAttribute(
      'href',
      'https://festa.example/bilhetes',
    );
    // Nothing of Word came with it.
    expect(await shown.innerHTML()).not.toMatch(/Mso|style=|class=|o:p|Aptos/);
  });
}
