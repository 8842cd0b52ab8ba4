/**
 * The festival's texts in three languages, as a translator and a visitor meet them on a 390 px
 * phone: from "Traduções", the list of what visitors still read in Portuguese, an editor goes
 * straight to a film's missing Italian synopsis, writes it beside the Portuguese and publishes; the
 * Italian page shows it, offline too after one visit; an English page whose synopsis has no
 * translation shows the Portuguese, marked as such, with a quiet note; English search finds a film
 * by an English word, and a Portuguese word from the English page, offline too. It sets its own viewport
 * (@one-project).
 */
import { expect, forgiveOfflineNoise, test, waitUntilReadyOffline } from './fixtures';
import { GestaoStaff, gestaoMenuLink, noAxeViolations, ownServerWithStaff } from './gestao-browser';
import { readMeta } from './offline-readiness';

const EDITOR = 'eva.traducoes@festa.test';
const server = ownServerWithStaff(test, { [EDITOR]: 'edicao' });

const SYNOPSIS = 'Un accordatore di pianoforti che sta perdendo l’udito attraversa Trieste in un inverno di bora e di silenzi.';

test('an editor fills a missing Italian synopsis from «Por traduzir» on a phone and publishes; /it/ shows it, offline too; English search finds a film by an English word, offline too @one-project', async ({
  page,
  context,
  consoleProblems,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await new GestaoStaff(server.url, consoleProblems).loggedIn(page, EDITOR);
  await (await gestaoMenuLink(page, 'Traduções')).click();
  await page
    .getByRole('navigation', { name: 'Língua' })
    .getByRole('link', { name: /^Italiano: \d+ por traduzir/ })
    .click();
  await page
    .getByRole('navigation', { name: 'Estado' })
    .getByRole('link', { name: /^Por traduzir \(\d+\)$/ })
    .click();
  await expect(page).toHaveURL(/\/gestao\/traducoes\?lingua=it&estado=por-traduzir$/);
  const film = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Luz de Inverno' }) });
  await expect(film.getByText('Por traduzir')).toBeVisible();
  await noAxeViolations(page, 'Traduções, por traduzir em italiano');

  // The link opens the film's form at that field, focused, with the Portuguese just above it.
  await film.getByRole('link', { name: 'Traduzir sinopse para italiano' }).click();
  const italian = page.getByRole('textbox', { name: 'sinopse (IT)' });
  await expect(italian).toBeFocused();
  await expect(italian).toHaveAttribute('lang', 'it');
  await expect(page.getByLabel('sinopse', { exact: true })).toContainText('Trieste');
  await expect(page.locator('#campo-description_html_it')).toContainText('Os visitantes em italiano leem o texto em português.');
  await italian.fill(SYNOPSIS);
  await expect(page.locator('#campo-description_html_it')).not.toContainText('Por traduzir');
  await expect(page.locator('.gestao-state')).toHaveText('Publicado');
  await page.getByRole('button', { name: 'Guardar', exact: true }).click();
  await expect(page.getByText('Guardado no rascunho. Publique para que os visitantes o vejam.')).toBeVisible();
  // The header says what the record is now: a draft waiting, not what it was when opened.
  await expect(page.locator('.gestao-state')).toHaveText('Alterado (por publicar)');
  // Its history says who changed what: the field, and the words put in.
  await page.locator('.gestao-history > summary').click();
  const newest = page.locator('.gestao-history > ol > li').first();
  await expect(newest.locator('.gestao-history__changes > li')).toHaveText([/^sinopse \(IT\):/]);
  await expect(newest.locator('.gestao-history__changes ins')).toContainText('accordatore di pianoforti');
  await noAxeViolations(page, 'Um filme com as suas traduções');

  // The films list finds it by part of its title and by its state, in the address.
  await (await gestaoMenuLink(page, 'Filmes e atividades')).click();
  await expect(page.getByRole('status').filter({ hasText: /^\d+ no total$/ })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Procurar' }).fill('inverno');
  // On the phone the filters wait under one button, so that the list has the screen.
  await page.getByRole('button', { name: 'Filtros e ordem', expanded: false }).click();
  await page.getByLabel('Estado').selectOption({ label: 'Por publicar' });
  await expect(page).toHaveURL(/\/gestao\/filmes\?q=inverno&estado=por-publicar$/);
  const rows = page.getByRole('table').getByRole('row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText('Luz de Inverno');
  await expect(rows.nth(1).locator('.gestao-state')).toHaveText('Alterado (por publicar)');
  await expect(page.getByRole('status').filter({ hasText: /^1 de \d+$/ })).toBeVisible();
  await noAxeViolations(page, 'Filmes, procurados e filtrados');
  // By its section too, in the address: Competição has it, Clássicos Restaurados does not.
  await page.getByLabel('Secção').selectOption({ label: 'Competição' });
  await expect(page).toHaveURL(/\/gestao\/filmes\?q=inverno&estado=por-publicar&seccao=1$/);
  await expect(rows).toHaveCount(2);
  await page.getByLabel('Secção').selectOption({ label: 'Clássicos Restaurados' });
  await expect(page.getByText('Nada corresponde à procura e aos filtros escolhidos.', { exact: false })).toBeVisible();
  await page.getByLabel('Secção').selectOption({ label: 'Qualquer' });
  // And by where and when it plays: its sessions' city and day, as the draft has them.
  const sessions = (await (await page.request.get(`${server.url}/gestao/api/records/sessions?filme=104`)).json()) as {
    fields: { venue_id: number; starts_at: string };
  }[];
  const options = (await (await page.request.get(`${server.url}/gestao/api/options`)).json()) as {
    venues: { id: number; city: string }[];
    cities: { id: number; name: string }[];
  };
  const itsCity = options.venues.find((v) => v.id === sessions[0]!.fields.venue_id)!.city;
  const itsDays = new Set(sessions.map((s) => s.fields.starts_at.slice(0, 10)));
  await page.getByLabel('Cidade das sessões').selectOption({ label: itsCity });
  await expect(page).toHaveURL(new RegExp(`[?&]cidade=${options.cities.find((c) => c.name === itsCity)!.id}(&|$)`));
  await expect(rows.filter({ hasText: 'Luz de Inverno' })).toHaveCount(1);
  const dayChoices = await page
    .getByLabel('Dia das sessões')
    .locator('option')
    .evaluateAll((o) => o.map((e) => (e as HTMLOptionElement).value));
  const elsewhen = dayChoices.find((day) => day !== '' && !itsDays.has(day))!;
  await page.getByLabel('Dia das sessões').selectOption(elsewhen);
  await expect(page.getByText('Nada corresponde à procura e aos filtros escolhidos.', { exact: false })).toBeVisible();
  await page.getByLabel('Dia das sessões').selectOption([...itsDays][0]!);
  await expect(rows.filter({ hasText: 'Luz de Inverno' })).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Filtros e ordem (3)' })).toBeVisible();
  // The address alone brings the list back so, its filters unfolded: a link shared or a reload.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Filtros e ordem (3)', expanded: true })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^1 de \d+$/ })).toBeVisible();
  await expect(rows.filter({ hasText: 'Luz de Inverno' })).toHaveCount(1);

  await (await gestaoMenuLink(page, 'Publicar')).click();
  await page.getByRole('button', { name: 'Publicar', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Publicação \d+ feita/ })).toBeVisible();

  // The visitor at /it/ reads it in Italian, with no note; then offline after that one visit.
  await page.goto(`${server.url}/it/filme/104`);
  const description = page.locator('.detail__description');
  await expect(description).toHaveText(SYNOPSIS);
  await expect(description).not.toHaveAttribute('lang', /./);
  await expect(page.getByText('Non ancora tradotto', { exact: false })).toHaveCount(0);
  await waitUntilReadyOffline(page);
  await context.setOffline(true);
  await page.reload();
  await expect(description).toHaveText(SYNOPSIS);
  await context.setOffline(false);
  forgiveOfflineNoise(consoleProblems);

  // An English page whose synopsis has no translation: the Portuguese, said to be Portuguese, and a note.
  await page.goto(`${server.url}/en/filme/112`);
  await expect(page.getByRole('heading', { level: 1, name: 'The Invisibles' })).toBeVisible();
  const untranslated = page.locator('.detail__description');
  await expect(untranslated).toHaveAttribute('lang', 'pt-PT');
  await expect(untranslated).toContainText('jornalista');
  await expect(page.getByText('Not translated yet: this text is in Portuguese.').first()).toBeVisible();

  // English search finds it by an English word, and without signal too: the programme is now kept in English.
  await expect.poll(() => readMeta(page, 'programmeLocale'), { timeout: 30_000 }).toBe('en');
  await page.goto(`${server.url}/en/pesquisa?q=invisibles`);
  await expect(page.getByRole('link', { name: 'The Invisibles' }).first()).toBeVisible();
  await context.setOffline(true);
  await page.goto(`${server.url}/en/pesquisa?q=${encodeURIComponent('invisíveis')}`);
  await expect(page.getByRole('link', { name: 'The Invisibles' }).first()).toBeVisible();
  await context.setOffline(false);
  forgiveOfflineNoise(consoleProblems);
});
