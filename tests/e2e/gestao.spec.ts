/**
 * The back office at /gestao, as the festival's staff use it, each story on a server of its own
 * (its accounts made with `npm run staff`), so that they run in parallel; one film's stories share
 * one, in order: an administrator invites a programmer, who adds a film with three sessions,
 * previews it (the page as it will be published, and a link for someone without an account) and
 * publishes it; a visitor with the site open has it within the minute, and offline; an Edição
 * account cannot move a session; two editors on one film see the conflict; a release is rolled
 * back. Then, each alone: a programmer adds a venue; Edição adds a page and its menu entry, an
 * administrator the agenda colour and a social link, and visitors have them; Edição uploads a
 * news picture; the forms inbox; ten wrong passwords make the next wait; the whole back office by
 * keyboard alone; a programmer corrects the programme page and adds an attachment with its PDF.
 * Every screen passes axe.
 */
import type { Browser, Page } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { expect, forgiveOfflineNoise } from './fixtures';
import { addStaff, GestaoStaff, noAxeViolations, ownServerWithStaff, PASSWORD, gestaoMenuLink } from './gestao-browser';
import { readMeta, waitUntilReadyOffline } from './offline-readiness';
import { testOnOwnServer as test, type OwnServer } from './pinned-server';

const ADMIN = 'direcao@festa.test';

/** Each story (and the film's block) has its own server, so the same names are free in each. */
const email = (who: string) => `${who}@festa.test`;

/** `exact` when the name is part of another entry's ("Programa", "Programa impresso", "Importar e exportar programa"). */
async function openMenu(page: Page, name: string, exact = false): Promise<void> {
  await (await gestaoMenuLink(page, name, exact)).click();
}

async function visitorWithTheSiteOpen(browser: Browser, server: OwnServer): Promise<Page> {
  const visitor = await (await browser.newContext({ locale: 'pt-PT', timezoneId: 'Europe/Lisbon' })).newPage();
  await visitor.clock.install();
  await visitor.goto(`${server.url}/filmes`);
  await waitUntilReadyOffline(visitor);
  return visitor;
}

// One film's stories, in order on one server: each goes on from what the one before left (the
// film, its sessions, its release). Every other story runs on a server of its own, in parallel.
test.describe.serial('a film from its first save to its rollback', () => {
  const server = ownServerWithStaff(test, { [ADMIN]: 'administracao' });
  let filmPath = '';

  test('an administrator invites a programmer, who adds a film with three sessions, previews it and publishes it; a visitor with the site open has it within the minute, and offline', async ({
    page,
    browser,
    consoleProblems,
  }) => {
    test.setTimeout(240_000);
    const visitor = await visitorWithTheSiteOpen(browser, server);
    const festival = (await (await page.request.get(`${server.url}/admin/homeprefs`)).json()) as { festivalStart: string };

    // The first administrator (npm run staff) is sent to set up the two-step login, and to nothing else.
    await new GestaoStaff(server.url, consoleProblems).enrolAtFirstLogin(page, ADMIN);
    await expect(page.getByText(`${ADMIN} · Administração`)).toBeVisible();
    await noAxeViolations(page, 'Filmes e atividades');
    await openMenu(page, 'Equipa');
    await page.getByLabel('Email').fill(email('programacao'));
    await page.getByLabel('Perfil').selectOption({ label: 'Programação' });
    await page.getByRole('button', { name: 'Criar convite' }).click();
    const link = (await page.locator('.gestao-link').textContent()) ?? '';
    expect(link).toMatch(new RegExp(`^${server.url}/gestao/convite/\\S+$`));
    await noAxeViolations(page, 'Equipa');
    await page.getByRole('button', { name: 'Terminar sessão' }).click();
    await expect(page.getByRole('button', { name: 'Entrar', exact: true })).toBeVisible();

    // The programmer opens the link, chooses a password and is in.
    await page.goto(link);
    await expect(page.getByText(`${email('programacao')} · Programação`)).toBeVisible();
    await page.getByLabel('Palavra-passe (pelo menos 15 caracteres)').fill(PASSWORD);
    await page.getByLabel('Repita a palavra-passe').fill(PASSWORD);
    await noAxeViolations(page, 'Convite');
    await page.getByRole('button', { name: 'Criar a conta e entrar' }).click();
    await expect(page.getByText(`${email('programacao')} · Programação`)).toBeVisible();

    await page.getByRole('link', { name: 'Novo filme ou atividade' }).click();
    await page.getByLabel('título', { exact: true }).fill('A Casa de Nápoles');
    await page.getByLabel('título original').fill('La Casa di Napoli');
    await page.getByLabel('realização').fill('Chiara Rossi');
    await page.getByLabel('ano').fill('2025');
    await page.getByLabel('duração (min)').fill('104');
    await page.getByLabel('secção').selectOption({ label: 'Competição' });
    await page.getByLabel('sinopse curta', { exact: true }).fill('Uma casa em Nápoles, três irmãs e um verão.');
    // A highlight, so that it is on the films list's first page (highlights first, by title).
    await page.getByLabel('destaque').check();
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Guardado no rascunho' })).toBeVisible();
    await expect(page).toHaveURL(/\/gestao\/filmes\/\d+$/);
    const filmId = /(\d+)$/.exec(page.url())![1]!;
    filmPath = `/filme/${filmId}`;

    const day = (n: number) => new Date(Date.parse(`${festival.festivalStart}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
    // Free slots of the first venue (Cinema Ideal): a session on top of another would stop publishing.
    for (const [n, time] of [
      [1, '10:30'],
      [2, '14:15'],
      [3, '18:00'],
    ] as const) {
      await page.getByRole('button', { name: 'Nova sessão' }).click();
      const form = page.getByRole('form', { name: 'Nova sessão' });
      await expect(form.getByLabel('filme', { exact: true })).toHaveValue(filmId);
      await form.getByLabel('sala').selectOption({ index: 1 });
      await form.getByLabel('data e hora').fill(`${day(n)}T${time}`);
      await form.getByRole('button', { name: 'Acrescentar a sessão' }).click();
      await expect(page.locator('.gestao-session')).toHaveCount(n);
    }
    await noAxeViolations(page, 'Filme');
    // Nothing widens the page, on a phone too (a select as wide as the longest film title once did).
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    // The film's own public page as the draft would publish it, in another tab: its three sessions,
    // the banner, no script (so no service worker), while the public page still has no such film.
    const [preview] = await Promise.all([
      page.context().waitForEvent('page'),
      page.getByRole('link', { name: 'Pré-visualizar a página' }).click(),
    ]);
    await expect(preview).toHaveURL(`${server.url}/gestao/pre-visualizar${filmPath}`);
    await expect(preview.getByText('Pré-visualização: ainda não publicado')).toBeVisible();
    await expect(preview.getByRole('heading', { level: 1, name: 'A Casa de Nápoles' })).toBeVisible();
    await expect(preview.locator('.sessions__item')).toHaveCount(3);
    await expect(preview.locator('script:not([type="application/json"])')).toHaveCount(0);
    expect(await preview.evaluate(() => navigator.serviceWorker.controller)).toBeNull();
    await noAxeViolations(preview, 'Pré-visualização do filme');
    // Its links stay in the preview: the films list has the new film too.
    const filmsHref = await preview.locator('.top-menu a.menu__parent', { hasText: 'Filmes' }).getAttribute('href');
    expect(filmsHref).toBe('/gestao/pre-visualizar/filmes');
    await preview.goto(`${server.url}${filmsHref}`);
    await expect(preview.locator('.card__title', { hasText: 'A Casa de Nápoles' }).first()).toBeVisible();
    expect((await preview.request.get(`${server.url}${filmPath}`)).status()).toBe(404);
    await preview.close();

    await openMenu(page, 'Publicar');
    const pending = page.locator('.gestao-changelog li');
    await expect(pending.first()).toHaveText('Novo filme: A Casa de Nápoles');
    await expect(pending.filter({ hasText: /^Nova sessão de A Casa de Nápoles: / })).toHaveCount(3);
    // Each record's draft is chosen by default, and says whose it is.
    const filmDraft = page.getByRole('checkbox', { name: 'Novo filme: A Casa de Nápoles' });
    await expect(filmDraft).toBeChecked();
    await expect(filmDraft).toHaveAccessibleDescription(/^de \S+@festa\.test, /);
    // All or none at a click: with none, nothing can be published; all again, as it opened.
    await page.getByRole('button', { name: 'Não escolher nenhuma' }).click();
    await expect(page.getByRole('status').filter({ hasText: /^0 de 4 escolhidas$/ })).toBeVisible();
    await expect(filmDraft).not.toBeChecked();
    await expect(page.getByRole('button', { name: 'Publicar', exact: true })).toBeDisabled();
    await page.getByRole('button', { name: 'Escolher todas (4)' }).click();
    await expect(page.getByRole('status').filter({ hasText: /^4 de 4 escolhidas$/ })).toBeVisible();
    await expect(filmDraft).toBeChecked();
    // A link for someone without an account (a director, a sponsor): it opens the draft's film page.
    await page.getByRole('button', { name: 'Criar uma ligação para quem não tem conta' }).click();
    const previewLink = (await page.locator('.gestao-link').textContent()) ?? '';
    expect(previewLink).toMatch(new RegExp(`^${server.url}/gestao/ligacao/\\S+/$`));
    await noAxeViolations(page, 'Publicar');
    const guest = await (await browser.newContext({ locale: 'pt-PT' })).newPage();
    await guest.goto(`${previewLink}${filmPath.slice(1)}`);
    await expect(guest.getByText('Pré-visualização: ainda não publicado')).toBeVisible();
    await expect(guest.getByRole('heading', { level: 1, name: 'A Casa de Nápoles' })).toBeVisible();
    await expect(guest.locator('.sessions__item')).toHaveCount(3);
    await guest.context().close();
    await page.getByRole('button', { name: 'Publicar' }).click();
    await expect(page.getByRole('status').filter({ hasText: /^Publicação \d+ feita/ })).toBeVisible();
    await expect(page.getByText('Não há alterações por publicar.')).toBeVisible();

    // The visitor's open page asks for the version within the minute and has the new film.
    const versionBefore = await readMeta(visitor, 'programmeVersion');
    await visitor.clock.fastForward(61_000);
    await expect.poll(() => readMeta(visitor, 'programmeVersion'), { timeout: 30_000 }).not.toEqual(versionBefore);
    await expect(
      visitor.locator('.paged--films .paged__item:not([aria-hidden="true"]) .card__title', { hasText: 'A Casa de Nápoles' }),
    ).toBeVisible();
    await visitor.context().setOffline(true);
    await visitor.goto(`${server.url}${filmPath}`);
    await expect(visitor.getByRole('heading', { name: 'A Casa de Nápoles' })).toBeVisible();
    await visitor.context().close();
  });

  test('an Edição account cannot move a session: the field is greyed with the reason, the API answers 403, and the audit log has the attempt', async ({
    page,
    consoleProblems,
  }) => {
    const staff = new GestaoStaff(server.url, consoleProblems);
    await addStaff(server.database, email('edicao'), 'edicao');
    await staff.loggedIn(page, email('edicao'));
    await page.goto(`${server.url}/gestao${filmPath.replace('/filme/', '/filmes/')}`);
    await page.locator('.gestao-session summary').first().click();
    const when = page.getByLabel('data e hora').first();
    await expect(when).toBeDisabled();
    await expect(page.getByText('Só Administração ou Programação pode alterar este campo.').first()).toBeVisible();
    // A texts field stays open to Edição.
    await expect(page.getByLabel('sinopse curta', { exact: true })).toBeEnabled();

    const status = await page.evaluate(async () => {
      const { csrfToken } = (await (await fetch('/gestao/api/session')).json()) as { csrfToken: string };
      const sessions = (await (await fetch('/gestao/api/records/sessions')).json()) as {
        id: string;
        version: number;
        fields: Record<string, unknown>;
      }[];
      const target = sessions[sessions.length - 1]!;
      const response = await fetch(`/gestao/api/records/sessions/${target.id}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', 'x-csrf-token': csrfToken },
        body: JSON.stringify({
          baseVersion: target.version,
          fields: { ...target.fields, starts_at: String(target.fields.starts_at).replace(/T\d\d:/, 'T23:') },
        }),
      });
      return { status: response.status, body: (await response.json()) as { message: string } };
    });
    expect(status).toEqual({ status: 403, body: expect.objectContaining({ message: 'O seu perfil não pode alterar: data e hora.' }) });
    forgiveOfflineNoise(consoleProblems, /the server responded with a status of 403/);

    await page.getByRole('button', { name: 'Terminar sessão' }).click();
    await staff.loggedIn(page, ADMIN);
    await openMenu(page, 'Registo');
    await page.getByLabel('Resultado').selectOption({ label: 'recusado' });
    const denied = page
      .locator('tbody tr')
      .filter({ hasText: email('edicao') })
      .filter({ hasText: 'record.save' });
    await expect(denied.first()).toContainText('recusado');
    await noAxeViolations(page, 'Registo');
  });

  test('two editors on one film: the second save asks about the field both changed, and nothing is lost, typed or not', async ({
    page,
    browser,
    consoleProblems,
  }) => {
    const staff = new GestaoStaff(server.url, consoleProblems);
    const other = await (await browser.newContext()).newPage();
    await staff.loggedIn(page, email('programacao'));
    await staff.loggedIn(other, email('edicao'));
    const filmScreen = `${server.url}/gestao${filmPath.replace('/filme/', '/filmes/')}`;
    await page.goto(filmScreen);
    await other.goto(filmScreen);
    await page.getByLabel('sinopse curta', { exact: true }).fill('A versão da programação.');
    await other.getByLabel('sinopse curta', { exact: true }).fill('A versão da edição.');
    await page.getByRole('button', { name: 'Guardar', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Guardado no rascunho' })).toBeVisible();
    await other.getByRole('button', { name: 'Guardar', exact: true }).click();
    const conflict = other.getByRole('region', { name: 'Programacao alterou os mesmos campos depois de abrir este registo' });
    await expect(conflict.getByRole('group', { name: 'sinopse curta' })).toContainText(
      /A sua alteração: A versão da edição\.\s*A alteração de Programacao: A versão da programação\./,
    );
    await noAxeViolations(other, 'Conflito');
    await conflict.getByRole('radio', { name: 'A sua alteração: A versão da edição.' }).check();
    await conflict.getByRole('button', { name: 'Guardar estas escolhas' }).click();
    await expect(other.getByRole('status').filter({ hasText: 'Guardado no rascunho' })).toBeVisible();
    await other.reload();
    await expect(other.getByLabel('sinopse curta', { exact: true })).toHaveValue('A versão da edição.');

    // Every save is a version: the programmer's can be put back in the form, and saved again.
    await other.getByText(/^Histórico \(\d+ versões\)$/).click();
    const versions = other.locator('.gestao-history > ol > li');
    await expect(versions.first()).toContainText(`${email('edicao')} · sinopse curta`);
    await expect(versions.nth(1)).toContainText(`${email('programacao')} · sinopse curta`);
    await versions
      .nth(1)
      .getByRole('button', { name: /^Usar a versão \d+$/ })
      .click();
    await expect(other.getByRole('status').filter({ hasText: /^A versão \d+ está no formulário/ })).toBeVisible();
    await expect(other.getByLabel('sinopse curta', { exact: true })).toHaveValue('A versão da programação.');
    await other.getByRole('button', { name: 'Guardar', exact: true }).click();
    await expect(other.getByRole('status').filter({ hasText: 'Guardado no rascunho' })).toBeVisible();
    await expect(versions).toHaveCount(4);

    // What is typed and not saved is kept in the browser and on the server: another device of the
    // same person finds it, and so does this one after a reload.
    await other.getByLabel('sinopse curta', { exact: true }).fill('Ainda por guardar.');
    await expect(other.getByText(/^Guardado automaticamente \(neste navegador e no servidor\) às \d\d:\d\d:\d\d\.$/)).toBeVisible({
      timeout: 15_000,
    });
    const recovered = (p: Page) => p.getByRole('status').filter({ hasText: 'Recuperámos o que tinha escrito e não chegou a guardar.' });
    const elsewhere = await (await browser.newContext()).newPage();
    await staff.loggedIn(elsewhere, email('edicao'));
    await elsewhere.goto(filmScreen);
    await expect(recovered(elsewhere)).toBeVisible();
    await expect(elsewhere.getByLabel('sinopse curta', { exact: true })).toHaveValue('Ainda por guardar.');
    await elsewhere.context().close();

    // Without a connection the browser's copy is kept, and it wins over the server's older one.
    await other.context().setOffline(true);
    await other.getByLabel('sinopse curta', { exact: true }).fill('Escrito sem rede.');
    await expect(other.getByText(/^Sem ligação ao servidor: guardado automaticamente só neste navegador às /)).toBeVisible({
      timeout: 15_000,
    });
    await other.context().setOffline(false);
    await other.reload();
    await expect(recovered(other)).toBeVisible();
    await expect(other.getByLabel('sinopse curta', { exact: true })).toHaveValue('Escrito sem rede.');
    await other.context().close();
  });

  test('rolling back to the previous release restores the public pages and the API', async ({ page, consoleProblems }) => {
    await new GestaoStaff(server.url, consoleProblems).loggedIn(page, ADMIN);
    await openMenu(page, 'Publicar');
    // The film's release is the newest; the one under it is the content before the film.
    const releases = page.locator('.gestao-releases > li');
    await expect(releases.nth(1)).toBeVisible();
    const releaseCount = await releases.count();
    const restore = releases.nth(1).getByRole('button', { name: /^Repor a publicação \d+$/ });
    await restore.click();
    // The first click only asks: the confirmation says what the rollback undoes, and nothing has changed yet.
    const confirmation = page.getByRole('region', { name: /^Repor a publicação \d+\?$/ });
    await expect(confirmation.getByRole('list', { name: 'O que a reposição desfaz' })).toContainText('Filme removido: A Casa de Nápoles');
    await expect(confirmation.getByRole('heading', { name: /^Repor a publicação \d+\?$/ })).toBeFocused();
    await expect(releases).toHaveCount(releaseCount);
    await expect(page.getByText(/^O site voltou à publicação/)).toHaveCount(0);
    await noAxeViolations(page, 'Publicar, confirmação da reposição');
    // "Voltar" leaves it as it was, the focus back on the button that asked.
    await confirmation.getByRole('button', { name: 'Voltar' }).click();
    await expect(confirmation).toHaveCount(0);
    await expect(restore).toBeFocused();
    await expect(releases).toHaveCount(releaseCount);
    await restore.press('Enter');
    await confirmation.getByRole('button', { name: 'Repor', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: /^O site voltou à publicação \d+/ })).toBeVisible();
    await expect(releases.first().getByText('Filme removido: A Casa de Nápoles')).toBeVisible();
    expect((await page.request.get(`${server.url}/admin/api/movie/${filmPath.split('/').pop()}`)).status()).toBe(404);
    expect((await page.request.get(`${server.url}${filmPath}`)).status()).toBe(404);

    // A publication set for tomorrow at 10:00, of the chosen changes, then called off.
    const tomorrow = new Date(Date.now() + 86_400_000).toLocaleDateString('sv-SE', { timeZone: 'Europe/Lisbon' });
    await page.getByLabel('Publicar as alterações escolhidas a (hora de Lisboa)').fill(`${tomorrow}T10:00`);
    await page.getByRole('button', { name: 'Agendar' }).click();
    // The film's draft stays after the rollback, chosen: the schedule keeps it and says whose it is.
    await expect(page.getByRole('status').filter({ hasText: /^A alteração escolhida será publicada a / })).toBeVisible();
    const scheduled = page.locator('.gestao-scheduled li').first();
    await expect(scheduled).toContainText(`agendada · uma alteração, de ${ADMIN}`);
    await noAxeViolations(page, 'Publicar, com agendamento');
    // The lists say so of the record it will publish, and find it under «Agendado».
    await openMenu(page, 'Filmes e atividades');
    await page.getByLabel('Estado').selectOption({ label: 'Agendado' });
    const waiting = page.locator('.gestao-table tbody tr');
    await expect(waiting).toHaveCount(1);
    await expect(waiting.locator('.gestao-state--agendado')).toHaveText(/^Agendado para \S+ \d+, 10:00$/);
    await noAxeViolations(page, 'Filmes agendados');
    await openMenu(page, 'Publicar');
    await scheduled.getByRole('button', { name: 'Anular o agendamento' }).click();
    await expect(scheduled).toContainText('cancelada');

    // Press items, a record type of Imprensa's (and the administrators'): the list and a form with its PDF field pass axe.
    await openMenu(page, 'Imprensa');
    await expect(page.getByRole('heading', { level: 1, name: 'Imprensa' })).toBeVisible();
    await noAxeViolations(page, 'Imprensa');
    await page.locator('.gestao-table a').first().click();
    await expect(page.getByLabel('ficheiro PDF', { exact: true })).toHaveValue(/\.pdf$/);
    await expect(page.getByLabel(/^Carregar o PDF/)).toBeEnabled();
    await noAxeViolations(page, 'Material de imprensa');
  });
});

test('a programmer adds a venue to a city; the changelog names it, and a session can be placed there before it is published', async ({
  page,
  server,
  consoleProblems,
}) => {
  await addStaff(server.database, email('programacao'), 'programacao');
  await new GestaoStaff(server.url, consoleProblems).loggedIn(page, email('programacao'));
  await openMenu(page, 'Salas');
  await noAxeViolations(page, 'Salas');
  await page.getByRole('link', { name: 'Nova sala' }).click();
  // The list has a «cidade» of its own (its filter): the form's is the one to wait for.
  await expect(page).toHaveURL(/\/gestao\/salas\/novo$/);
  await page.getByLabel('cidade').selectOption({ label: 'Porto' });
  await page.getByLabel('nome', { exact: true }).fill('Cinema Trindade');
  await page.getByLabel('morada').fill('Rua Dr. Alves da Veiga, 119, Porto');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Guardado no rascunho' })).toBeVisible();
  await noAxeViolations(page, 'Sala');
  await openMenu(page, 'Filmes e atividades');
  await page.locator('.gestao-table a').first().click();
  await page.getByRole('button', { name: 'Nova sessão' }).click();
  await expect(
    page.getByRole('form', { name: 'Nova sessão' }).getByLabel('sala').getByRole('option', { name: 'Cinema Trindade (Porto)' }),
  ).toHaveCount(1);
  await openMenu(page, 'Publicar');
  await expect(page.locator('.gestao-changelog li', { hasText: 'Nova sala: Cinema Trindade (Porto)' })).toBeVisible();

  // The other lists a programmer reads (greyed where Edição's), each passing axe.
  for (const [menu, heading] of [
    ['Cidades', 'Cidades'],
    ['Secções', 'Secções'],
    ['Patrocinadores', 'Patrocinadores'],
    ['Grupos', 'Grupos de patrocinadores'],
    ['Notícias', 'Notícias'],
    ['Cartazes', 'Cartazes e banners'],
  ] as const) {
    await openMenu(page, menu);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.locator('.gestao-table tbody tr').first()).toBeVisible();
    await noAxeViolations(page, heading);
  }
  await page.locator('.gestao-table a').first().click();
  await expect(page.getByLabel('imagem', { exact: true })).toBeDisabled();
  await expect(page.getByText('Só Administração ou Edição pode alterar este campo.').first()).toBeVisible();
});

test('Edição adds a page and a menu entry to it and publishes: a visitor has both; an administrator changes the agenda colour and a social link, and the site follows', async ({
  page,
  server,
  consoleProblems,
  browser,
}) => {
  // Two people, two publications, a visitor and a dozen axe checks: over a minute on a busy
  // machine (with ten other processes on its two cores).
  test.setTimeout(120_000);
  const staff = new GestaoStaff(server.url, consoleProblems);
  await addStaff(server.database, email('edicao'), 'edicao');
  await addStaff(server.database, ADMIN, 'administracao');
  await staff.loggedIn(page, email('edicao'));
  // Edição's menu: pages, menus and the settings' texts; the travel times are Programação's.
  await expect(page.getByRole('navigation', { name: 'Gestão' }).getByRole('link', { name: 'Tempos de viagem' })).toHaveCount(0);
  await openMenu(page, 'Páginas');
  await expect(page.getByRole('heading', { level: 1, name: 'Páginas' })).toBeVisible();
  await expect(page.locator('.gestao-table tbody tr').first()).toBeVisible();
  await noAxeViolations(page, 'Páginas');
  await page.getByRole('link', { name: 'Nova página' }).click();
  await page.getByLabel('endereço (slug)').fill('cinema-ao-ar-livre');
  await page.getByLabel('título', { exact: true }).fill('Cinema ao ar livre');
  await page.getByLabel('texto', { exact: true }).fill('<p>Sessões de verão nos jardins da cidade.</p>');
  await page.getByRole('button', { name: 'Acrescentar um cartão' }).click();
  await page.getByRole('group', { name: 'Cartão 1' }).getByLabel('título', { exact: true }).fill('Noite no jardim');
  await noAxeViolations(page, 'Nova página');
  await page.getByRole('button', { name: 'Tirar o cartão 1' }).click();
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Guardado no rascunho' })).toBeVisible();
  await expect(page).toHaveURL(/\/gestao\/paginas\/\d+$/);

  await openMenu(page, 'Menus');
  await expect(page.locator('.gestao-table tbody tr').first()).toBeVisible();
  await noAxeViolations(page, 'Menus');
  await page.getByRole('link', { name: 'Nova entrada de menu' }).click();
  await page.getByLabel('título', { exact: true }).fill('Ao ar livre');
  await page.getByLabel('ordem').fill('20');
  await page.getByLabel('página').selectOption({ label: 'Cinema ao ar livre' });
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Guardado no rascunho' })).toBeVisible();
  await noAxeViolations(page, 'Entrada de menu');

  await openMenu(page, 'Publicar');
  const pending = page.locator('.gestao-changelog li');
  await expect(pending.filter({ hasText: 'Nova página: Cinema ao ar livre' })).toHaveCount(1);
  await expect(pending.filter({ hasText: 'Nova entrada de menu: Ao ar livre' })).toHaveCount(1);
  await page.getByRole('button', { name: 'Publicar' }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Publicação \d+ feita/ })).toBeVisible();

  const visitor = await (await browser.newContext({ locale: 'pt-PT', timezoneId: 'Europe/Lisbon' })).newPage();
  await visitor.goto(`${server.url}/`);
  await expect(visitor.locator('a[href="/t1/cinema-ao-ar-livre"]', { hasText: 'Ao ar livre' }).first()).toBeAttached();
  await visitor.goto(`${server.url}/t1/cinema-ao-ar-livre`);
  await expect(visitor.getByRole('heading', { level: 1, name: 'Cinema ao ar livre' })).toBeVisible();
  await expect(visitor.getByText('Sessões de verão nos jardins da cidade.')).toBeVisible();
  await page.getByRole('button', { name: 'Terminar sessão' }).click();

  // The administrator (a first login: the two-step login set up): the colour is checked in the form before anything is sent.
  await staff.enrolAtFirstLogin(page, ADMIN);
  await openMenu(page, 'Tempos de viagem');
  await expect(page.locator('.gestao-table tbody tr').first()).toBeVisible();
  await noAxeViolations(page, 'Tempos de viagem');
  await page.locator('.gestao-table a').first().click();
  await expect(page.getByLabel('de', { exact: true })).toBeDisabled();
  await noAxeViolations(page, 'Tempo de viagem');
  // A past edition: its year is its key, its films a list inside its form.
  await openMenu(page, 'Histórico');
  await expect(page.locator('.gestao-table tbody tr').first()).toBeVisible();
  await noAxeViolations(page, 'Histórico');
  await page.locator('.gestao-table a').first().click();
  await expect(page.getByLabel('edição (ano)')).toBeDisabled();
  await expect(page.getByRole('group', { name: 'Filme 1' })).toBeVisible();
  await noAxeViolations(page, 'Edição do histórico');
  await openMenu(page, 'Definições');
  const colour = page.getByLabel('cor da agenda');
  await expect(colour).toHaveValue(/^#[0-9a-f]{6}$/i);
  await colour.fill('vermelho');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Campo cor da agenda tem de ser uma cor #rrggbb (ex.: #ed162c).')).toBeVisible();
  await noAxeViolations(page, 'Definições');
  await colour.fill('#0a7d3b');
  await page.getByLabel('vídeo (Vimeo)').fill('https://vimeo.com/festa-ao-ar-livre');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Guardado no rascunho' })).toBeVisible();
  await openMenu(page, 'Publicar');
  await expect(page.locator('.gestao-changelog li').first()).toHaveText('Definições alteradas: cor da agenda, vídeo (Vimeo)');
  await page.getByRole('button', { name: 'Publicar' }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Publicação \d+ feita/ })).toBeVisible();

  const prefs = (await (await visitor.request.get(`${server.url}/admin/homeprefs`)).json()) as { agendaColor: string };
  expect(prefs.agendaColor).toBe('#0a7d3b');
  await visitor.goto(`${server.url}/`);
  await expect(visitor.getByRole('link', { name: 'Vídeo (Vimeo)' }).first()).toHaveAttribute('href', 'https://vimeo.com/festa-ao-ar-livre');
  await visitor.context().close();
});

test('an Edição user drops a picture on a news item, gives it its alt text and focal point, and finds it in the library by a word of it; published, the news page shows it with that alt text', async ({
  page,
  server,
  consoleProblems,
}) => {
  const staff = new GestaoStaff(server.url, consoleProblems);
  await addStaff(server.database, email('edicao'), 'edicao');
  const photo = await sharp({ create: { width: 1600, height: 900, channels: 3, background: { r: 30, g: 90, b: 160 } } })
    .jpeg()
    .withExif({ IFD0: { Artist: 'Fotografa' } })
    .toBuffer();
  await staff.loggedIn(page, email('edicao'));
  await openMenu(page, 'Notícias');
  await page.locator('.gestao-table a').first().click();
  const id = page.url().split('/').pop()!;
  const poster = page.locator('.gestao-field').filter({ has: page.getByLabel('imagem', { exact: true }) });
  // Dropped on the field from the desktop, as from a file manager.
  const dropped = await page.evaluateHandle((base64) => {
    const data = new DataTransfer();
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    data.items.add(new File([bytes], 'sala-cheia.jpg', { type: 'image/jpeg' }));
    return data;
  }, photo.toString('base64'));
  const dropZone = poster.locator('.upload-field__file');
  await dropZone.dispatchEvent('dragover', { dataTransfer: dropped });
  await dropZone.dispatchEvent('drop', { dataTransfer: dropped });
  await expect(poster.getByRole('status').filter({ hasText: 'sala-cheia.jpg carregado.' })).toBeVisible();
  await expect(poster.getByText('Sem texto alternativo, o rascunho não pode ser publicado.')).toBeVisible();

  const alt = 'A plateia do Cinema São Jorge cheia na noite de abertura';
  await poster.getByLabel(/^Texto alternativo/).fill(alt);
  // The focal point from the keyboard, on the preview: four steps right, six up.
  const preview = poster.getByRole('button', { name: 'Pré-visualização de sala-cheia.jpg' });
  await preview.focus();
  for (let i = 0; i < 4; i += 1) await page.keyboard.press('ArrowRight');
  for (let i = 0; i < 6; i += 1) await page.keyboard.press('ArrowUp');
  await expect(poster.getByText('Ponto focal: 70 % da largura, 20 % da altura.')).toBeVisible();
  await poster.getByRole('button', { name: 'Guardar texto alternativo e ponto focal' }).click();
  await expect(poster.getByRole('status').filter({ hasText: 'Texto alternativo e ponto focal guardados.' })).toBeVisible();
  // The library finds it by a word of its alt text, as the picture chosen.
  await poster.getByText(/^Biblioteca de imagens \(\d+\)$/).click();
  await poster.getByLabel('Procurar pelo nome ou pelo texto alternativo').fill('plateia');
  const thumbnails = poster.locator('.media-library__pick');
  await expect(thumbnails).toHaveCount(1);
  await expect(thumbnails.first()).toContainText('sala-cheia.jpg');
  await expect(thumbnails.first()).toHaveAttribute('aria-pressed', 'true');
  await noAxeViolations(page, 'Notícia com imagem carregada');
  await page.getByRole('button', { name: 'Guardar', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Guardado no rascunho' })).toBeVisible();

  await openMenu(page, 'Publicar');
  await page.getByRole('button', { name: 'Publicar', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Publicação \d+ feita/ })).toBeVisible();

  const visitor = await (await page.context().browser()!.newContext({ locale: 'pt-PT' })).newPage();
  await visitor.goto(`${server.url}/noticia/${id}`);
  const hero = visitor.locator('img.detail-hero__image');
  await expect(hero).toHaveAttribute('alt', alt);
  await expect(hero).toHaveAttribute('src', /\/media\/uploads\/[0-9a-f]{32}\.jpg$/);
  await expect(hero).toHaveClass(/image--focus-x-70 image--focus-y-20/);
  await expect(hero).toHaveJSProperty('complete', true);
  expect(await hero.evaluate((img: HTMLImageElement) => [img.naturalWidth > 0, getComputedStyle(img).objectPosition])).toEqual([
    true,
    '70% 20%',
  ]);
  await visitor.context().close();
});

test('the forms inbox: a newsletter subscription marked "tratado", its CSV, and a person’s data deleted on request', async ({
  page,
  server,
  consoleProblems,
}) => {
  const subscribe = await page.request.post(`${server.url}/admin/api/newsletter`, { data: { email: 'marta@exemplo.pt', city: 'Lisboa' } });
  expect(subscribe.status()).toBe(201);
  await addStaff(server.database, email('formularios'), 'formularios');
  await new GestaoStaff(server.url, consoleProblems).loggedIn(page, email('formularios'));
  await openMenu(page, 'Formulários');
  const row = page.getByRole('row').filter({ hasText: 'marta@exemplo.pt' });
  const status = row.getByRole('combobox', { name: 'Estado do pedido de marta@exemplo.pt' });
  await expect(status).toHaveValue('novo');
  await noAxeViolations(page, 'Formulários');
  await status.selectOption('tratado');
  await page.reload();
  await expect(page.getByRole('row').filter({ hasText: 'marta@exemplo.pt' }).getByRole('combobox')).toHaveValue('tratado');

  const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exportar CSV' }).click()]);
  expect(csv.suggestedFilename()).toBe('newsletter.csv');

  await page.getByLabel('Email da pessoa (todos os formulários)').fill('marta@exemplo.pt');
  await page.getByRole('button', { name: 'Apagar os dados' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Apagado 1 registo desta pessoa.' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'marta@exemplo.pt' })).toHaveCount(0);
});

test('ten wrong passwords: the next attempt waits, said in pt-PT; a write without the CSRF token is refused; an ended session stops at once', async ({
  page,
  browser,
  server,
  consoleProblems,
}) => {
  const staff = new GestaoStaff(server.url, consoleProblems);
  await addStaff(server.database, email('edicao'), 'edicao');
  await addStaff(server.database, email('programacao'), 'programacao');
  for (let attempt = 1; attempt <= 10; attempt += 1) {
    await staff.logIn(page, email('edicao'), 'palavra-errada-numero-' + attempt);
    await expect(page.getByRole('alert')).toHaveText('Email ou palavra-passe incorretos.');
  }
  await staff.logIn(page, email('edicao'));
  await expect(page.getByRole('alert')).toHaveText(/^Demasiadas tentativas\. Tente de novo dentro de \d+ minutos?\.$/);

  await staff.loggedIn(page, email('programacao'));
  const withoutToken = await page.evaluate(async () => (await fetch('/gestao/api/releases', { method: 'POST' })).status);
  expect(withoutToken).toBe(403);

  // The same account on another device, ended from "A minha conta": it is out at once.
  const other = await (await browser.newContext()).newPage();
  await staff.loggedIn(other, email('programacao'));
  await page.getByRole('link', { name: `${email('programacao')} · Programação` }).click();
  // The open sessions' table (the known devices' is below it).
  const rows = page.getByRole('region', { name: 'Sessões abertas' }).getByRole('table').getByRole('row');
  await expect(rows.filter({ hasText: 'Esta sessão' })).toHaveCount(1);
  await noAxeViolations(page, 'A minha conta');
  // This account's other sessions (the other device's), ended one by one.
  const ends = rows.getByRole('button', { name: 'Terminar' });
  await expect(ends.first()).toBeVisible();
  for (let open = await ends.count(); open > 0; open -= 1) {
    await ends.first().click();
    await expect(ends).toHaveCount(open - 1);
  }
  await expect(rows).toHaveCount(2);
  await other.reload();
  await expect(other.getByRole('button', { name: 'Entrar', exact: true })).toBeVisible();
  await other.context().close();

  await page.getByRole('button', { name: 'Terminar sessão' }).click();
  await expect(page.getByRole('button', { name: 'Entrar', exact: true })).toBeVisible();
  expect((await page.request.get(`${server.url}/gestao/api/records/movies`)).status()).toBe(401);
  // The refusals this story provokes on purpose (the browser logs every 4xx answer to a fetch).
  forgiveOfflineNoise(consoleProblems, /the server responded with a status of (401|403|429)/);
});

/** Presses Tab until the target has the focus (the keyboard's way there), failing if it never does. */
async function tabTo(page: Page, target: ReturnType<Page['locator']>): Promise<void> {
  for (let presses = 0; presses < 200; presses += 1) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

/**
 * Presses Tab `times` times, as real key events in order, sent together: the browser handles each
 * before the next, and a round trip per key (Playwright's keyboard.press) made hundreds of presses
 * take minutes on a busy machine.
 */
async function pressTab(page: Page, times: number): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const key = { key: 'Tab', code: 'Tab', windowsVirtualKeyCode: 9, nativeVirtualKeyCode: 9 };
  const sent: Promise<unknown>[] = [];
  for (let presses = 0; presses < times; presses += 1) {
    sent.push(cdp.send('Input.dispatchKeyEvent', { type: 'rawKeyDown', ...key }));
    sent.push(cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', ...key }));
  }
  await Promise.all(sent);
  await cdp.detach();
}

/**
 * Every control a person can see on the screen is reached by Tab, in a loop with no trap, and
 * shows where the focus is: a keyboard alone can use the whole screen.
 */
async function everyControlReachedByTab(page: Page, screen: string): Promise<void> {
  const expected = await page.evaluate(() => {
    const selector =
      'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), summary, [tabindex]:not([tabindex="-1"]), [contenteditable="true"]';
    // checkVisibility also leaves out what a closed <details> holds (hidden, yet laid out).
    const visible = (el: Element) => el.checkVisibility({ visibilityProperty: true }) && !el.closest('[inert]');
    const seen = new Set<string>();
    const names: string[] = [];
    document.querySelectorAll(selector).forEach((el, index) => {
      // A group of radio buttons is one stop, and so is a toolbar: the arrows move inside it.
      const toolbar = el.closest('[role="toolbar"]');
      const oneStop =
        el instanceof HTMLInputElement && el.type === 'radio'
          ? `radio:${el.name}`
          : toolbar
            ? `toolbar:${toolbar.getAttribute('aria-label')}`
            : null;
      if (!visible(el) || (oneStop && seen.has(oneStop))) return;
      if (oneStop) seen.add(oneStop);
      el.setAttribute('data-keyboard-check', String(index));
      names.push(String(index));
    });
    const reached = new Map<string, boolean>();
    (window as unknown as { keyboardReached: Map<string, boolean> }).keyboardReached = reached;
    const order: string[] = [];
    (window as unknown as { keyboardOrder: string[] }).keyboardOrder = order;
    document.addEventListener('focusin', (event) => {
      const target = event.target as Element;
      order.push(target.outerHTML.slice(0, 100));
      const group =
        target instanceof HTMLInputElement && target.type === 'radio' ? target.closest('fieldset') : target.closest('[role="toolbar"]');
      const mark =
        target.getAttribute('data-keyboard-check') ?? group?.querySelector('[data-keyboard-check]')?.getAttribute('data-keyboard-check');
      if (!mark) return;
      const style = getComputedStyle(target);
      reached.set(mark, (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== 'none');
    });
    // Tab starts from the top of the page, wherever the last click left the focus.
    const start = document.createElement('span');
    start.tabIndex = -1;
    document.body.prepend(start);
    start.focus();
    return names;
  });
  expect(expected.length, `${screen}: controls`).toBeGreaterThan(0);
  const reachedSoFar = () => page.evaluate(() => [...(window as unknown as { keyboardReached: Map<string, boolean> }).keyboardReached]);
  // A date and time field is several stops (day, month, year, hours, minutes): press on until
  // every control was reached, within a bound that still catches a trap.
  let reached = await reachedSoFar();
  for (let batch = 0; batch < 8 && reached.length < expected.length; batch += 1) {
    await pressTab(page, expected.length);
    reached = await reachedSoFar();
  }
  const missed = expected.filter((mark) => !reached.some(([m]) => m === mark));
  const describe = (marks: string[]) =>
    page.evaluate(
      (list) => list.map((mark) => document.querySelector(`[data-keyboard-check="${mark}"]`)?.outerHTML.slice(0, 120) ?? mark),
      marks,
    );
  const order = await page.evaluate(() => (window as unknown as { keyboardOrder: string[] }).keyboardOrder.slice(-12));
  expect(await describe(missed), `${screen}: controls Tab never reached; the focus went last to\n${order.join('\n')}`).toEqual([]);
  const unmarked = reached.filter(([, shown]) => !shown).map(([mark]) => mark);
  expect(await describe(unmarked), `${screen}: focus not shown`).toEqual([]);
}

test('by keyboard alone: a programmer logs in, corrects a film and publishes; every back-office screen is reached control by control', async ({
  page,
  server,
  consoleProblems,
}) => {
  // Hundreds of key presses, each waited for: minutes on a busy machine.
  test.setTimeout(240_000);
  const staff = new GestaoStaff(server.url, consoleProblems);
  await addStaff(server.database, email('programacao'), 'programacao');
  await addStaff(server.database, ADMIN, 'administracao');
  await page.goto(`${server.url}/gestao`);
  await tabTo(page, page.getByLabel('Email'));
  await page.keyboard.type(email('programacao'));
  await page.keyboard.press('Tab');
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page.getByText(`${email('programacao')} · Programação`)).toBeVisible();

  const film = page.getByRole('main').getByRole('table').getByRole('link').first();
  await tabTo(page, film);
  await page.keyboard.press('Enter');
  const logline = page.getByLabel('sinopse curta', { exact: true });
  await tabTo(page, logline);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('Corrigida só com o teclado.');
  await tabTo(page, page.getByRole('button', { name: 'Guardar', exact: true }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Guardado no rascunho' })).toBeVisible();
  // On a phone the menu is a "Menu" button first: opened from the keyboard too.
  const menuButton = page.getByRole('navigation', { name: 'Gestão' }).getByRole('button', { name: 'Menu' });
  if (await menuButton.isVisible()) {
    await tabTo(page, menuButton);
    await page.keyboard.press('Enter');
  }
  await tabTo(page, page.getByRole('navigation', { name: 'Gestão' }).getByRole('link', { name: 'Publicar' }));
  await page.keyboard.press('Enter');
  await tabTo(page, page.getByRole('button', { name: 'Publicar', exact: true }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: /^Publicação \d+ feita/ })).toBeVisible();
  await page.getByRole('button', { name: 'Terminar sessão' }).press('Enter');
  await expect(page.getByRole('button', { name: 'Entrar', exact: true })).toBeVisible();

  // Every screen an administrator has (at the first login, once the two-step login is set up), and a record's form.
  await staff.enrolAtFirstLogin(page, ADMIN);
  // Its links, read even while a phone's menu is closed (out of the accessibility tree, not out of the page).
  const menu = page.getByRole('navigation', { name: 'Gestão' }).locator('a');
  const screens = await menu.allTextContents();
  expect(screens.length).toBeGreaterThan(5);
  for (const screen of screens) {
    await openMenu(page, screen, true);
    // The click's navigation has happened: until then the screen before is still on show, with
    // its heading and no "A carregar…", and a walk begun on it would find its controls replaced.
    await expect(menu.filter({ hasText: new RegExp(`^${screen.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('main').getByText('A carregar…')).toHaveCount(0);
    // A screen shows what it read before (kept by path) while it reads again: its controls are
    // counted once the fresh answers are in, not while the earlier ones are still on screen.
    await page.waitForLoadState('networkidle');
    await everyControlReachedByTab(page, screen);
  }
  await openMenu(page, 'Filmes');
  await page.getByRole('main').getByRole('table').getByRole('link').first().click();
  await expect(page.getByLabel('sinopse curta', { exact: true })).toBeVisible({ timeout: 20_000 });
  // And with the film's sessions and its history open.
  for (const more of await page.getByRole('main').locator('summary').all()) await more.click();
  await everyControlReachedByTab(page, 'um filme');
  await page.getByRole('link', { name: `${ADMIN} · Administração` }).click();
  // Its own heading: the film's screen has one too, and its controls must not be the ones counted.
  await expect(page.getByRole('main').getByRole('heading', { level: 1, name: 'A minha conta' })).toBeVisible();
  // Its second factor's state is read with the screen: its controls are counted once it is in.
  await page.waitForLoadState('networkidle');
  await everyControlReachedByTab(page, 'A minha conta');
});

test('a programmer corrects the programme page’s text and adds an attachment with its PDF uploaded in place; published, a visitor reads both', async ({
  page,
  server,
  consoleProblems,
}) => {
  await addStaff(server.database, email('programa'), 'programacao');
  const document = await PDFDocument.create();
  document.addPage([595, 842]).drawText('Sessões para escolas');
  const pdf = Buffer.from(await document.save());
  await new GestaoStaff(server.url, consoleProblems).loggedIn(page, email('programa'));
  // Exact: "Programa impresso" is in the menu too.
  await (await gestaoMenuLink(page, 'Programa', true)).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Programa' })).toBeVisible();
  await noAxeViolations(page, 'Programa');
  await page.locator('.gestao-table a').first().click();
  await page.getByLabel('texto', { exact: true }).fill('<p>A programação deste ano chega também às escolas.</p>');
  await page.getByRole('button', { name: 'Acrescentar um anexo' }).click();
  const added = page.getByRole('group', { name: /^Anexo \d+$/ }).last();
  await added.getByLabel('título', { exact: true }).fill('Sessões para escolas');
  await added.getByLabel(/^Carregar o PDF/).setInputFiles({ name: 'escolas.pdf', mimeType: 'application/pdf', buffer: pdf });
  await expect(added.getByRole('status').filter({ hasText: 'escolas.pdf carregado.' })).toBeVisible();
  await noAxeViolations(page, 'Entrada do programa');
  await page.getByRole('button', { name: 'Guardar', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Guardado no rascunho' })).toBeVisible();

  await openMenu(page, 'Publicar');
  await expect(page.locator('.gestao-changelog li', { hasText: 'Programa alterado: texto, anexos' })).toBeVisible();
  await page.getByRole('button', { name: 'Publicar', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Publicação \d+ feita/ })).toBeVisible();

  const visitor = await (await page.context().browser()!.newContext({ locale: 'pt-PT' })).newPage();
  await visitor.goto(`${server.url}/programa`);
  await expect(visitor.getByText('A programação deste ano chega também às escolas.')).toBeVisible();
  await expect(visitor.getByRole('heading', { level: 3, name: 'Sessões para escolas' })).toBeVisible();
  await visitor.context().close();
});
