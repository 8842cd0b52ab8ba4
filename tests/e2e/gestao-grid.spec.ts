/**
 * The schedule grid of the back office, each story on a server of its own with the seeded programme: a
 * programmer drags a session onto an occupied slot and the clash shows at once on the grid;
 * publishing is refused; the programmer accepts the clash with a reason, publishing goes through,
 * and the administrators' registo shows the reason. A second story moves a session with the
 * keyboard alone: each move said in pt-PT, the last one saved. A third undoes a dragged move and makes
 * it again (buttons, Ctrl+Z, Ctrl+Shift+Z; the draft says so after a reload) and opens the session's
 * history. The grid opens on today (these servers' festival started three days ago). The grid passes axe.
 */
import type { Page } from '@playwright/test';
import { expect, forgiveOfflineNoise } from './fixtures';
import { addStaff, GestaoStaff, noAxeViolations, gestaoMenuLink } from './gestao-browser';
import { testOnOwnServer as test } from './pinned-server';
import { weekdayName } from '../../src/common/time/calendar-names';
import { festivalDayOf } from '../../src/common/time/festival-day';
import { lisbonDateTime } from '../../src/common/time/lisbon-time';

const PROGRAMMER = 'grelha@festa.test';
const ADMIN = 'direcao@festa.test';

async function openGrid(page: Page): Promise<void> {
  await (await gestaoMenuLink(page, 'Grelha')).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Grelha' })).toBeVisible();
  await expect(page.getByLabel('Cidade')).toHaveValue('1');
  // The festival is on (a server of one's own starts it three days ago): the grid opens on today.
  const today = festivalDayOf(lisbonDateTime(new Date()));
  const todayTab = `${weekdayName(today, 'spoken')} ${Number(today.slice(8, 10))}/${today.slice(5, 7)}`;
  await expect(page.getByRole('tab', { selected: true })).toHaveText(todayTab);
  // The stories' sessions are on the first day.
  await page.getByRole('tab').first().click();
  await expect(page.getByRole('tab').first()).toHaveAttribute('aria-selected', 'true');
}

/** A session's block on the grid, by its id (the seed's: the first festival day in Lisbon). */
const block = (page: Page, id: number) => page.locator(`[data-session="${id}"]`);

/** The session's record as the server has it in the draft. */
async function storedSession(page: Page, id: number): Promise<{ starts_at: string; venue_id: number }> {
  return page.evaluate(async (sessionId) => {
    const record = (await (await fetch(`/gestao/api/records/sessions/${sessionId}`)).json()) as {
      fields: { starts_at: string; venue_id: number };
    };
    return { starts_at: record.fields.starts_at, venue_id: Number(record.fields.venue_id) };
  }, id);
}

test('a programmer drags a session onto an occupied slot: the clash shows at once, publishing is refused until it is accepted with a reason, and the registo keeps the reason', async ({
  page,
  browser,
  server,
  consoleProblems,
}) => {
  // Two people, an enrolment, a publication and four axe checks: over a minute on a busy machine
  // (with ten other processes on its two cores).
  test.setTimeout(120_000);
  await addStaff(server.database, PROGRAMMER, 'programacao');
  await addStaff(server.database, ADMIN, 'administracao');
  await new GestaoStaff(server.url, consoleProblems).loggedIn(page, PROGRAMMER);
  await openGrid(page);
  await noAxeViolations(page, 'Grelha');

  // «Neve em Agosto» at 19:00 in the Cinema São Jorge, dragged two hours later: onto «O Verão de Ada» at 21:30.
  const moved = block(page, 21);
  await expect(moved).toContainText('Neve em Agosto');
  await expect(moved).toContainText('19:00–20:37');
  await moved.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  const box = (await moved.boundingBox())!;
  const saved = page.waitForResponse((r) => r.url().endsWith('/gestao/api/records/sessions/21') && r.request().method() === 'PUT');
  await page.mouse.move(box.x + box.width / 2, box.y + 12);
  await page.mouse.down();
  for (let step = 1; step <= 12; step++) await page.mouse.move(box.x + box.width / 2, box.y + 12 + step * 15);
  await page.mouse.up();
  expect((await saved).status()).toBe(200);

  await expect(page.getByRole('status').filter({ hasText: 'Sessão Neve em Agosto movida para 21:00, Cinema São Jorge' })).toBeVisible();
  await expect(moved).toContainText('21:00–22:37');
  await expect(moved).toContainText('Conflito');
  await expect(block(page, 26)).toContainText('Conflito');
  const clashes = page.getByRole('region', { name: 'Conflitos deste dia' });
  const clash = clashes
    .getByRole('listitem')
    .filter({ hasText: '«Neve em Agosto» (21:00–22:37) e «O Verão de Ada» (21:30–23:08) sobrepõem-se' });
  await expect(clash).toContainText('Impede a publicação:');
  await expect(clash).toContainText('Cinema São Jorge');
  await noAxeViolations(page, 'Grelha com um conflito');
  const stored = await storedSession(page, 21);
  expect([stored.starts_at.slice(11), stored.venue_id]).toEqual(['21:00', 1]);

  // Publishing is refused, naming the clash; the publish screen lists it before the button.
  await (await gestaoMenuLink(page, 'Publicar')).click();
  const listed = page.getByRole('region', { name: 'Conflitos das alterações escolhidas' });
  await expect(listed).toContainText('Um conflito impede a publicação');
  await page.getByRole('button', { name: 'Publicar', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('O programa tem um conflito por resolver ou aceitar com motivo');
  forgiveOfflineNoise(consoleProblems, /the server responded with a status of 409/);

  // Accepting asks for a reason: an empty one is said beside the field.
  const item = listed.getByRole('listitem').filter({ hasText: 'Neve em Agosto' }).filter({ hasText: 'Impede a publicação' });
  await item.getByRole('button', { name: 'Aceitar com motivo' }).click();
  await item.getByRole('button', { name: 'Aceitar', exact: true }).click();
  await expect(item.getByText('Escreva o motivo por que aceita este conflito.')).toBeVisible();
  const reason = 'Sessão dupla combinada com a distribuidora.';
  await item.getByLabel('Motivo (fica no registo)').fill(reason);
  await noAxeViolations(page, 'Publicar, aceitar um conflito');
  await item.getByRole('button', { name: 'Aceitar', exact: true }).click();
  await expect(listed).toContainText(`Aceite por ${PROGRAMMER}: «${reason}»`);
  await expect(listed).toContainText('Nenhum conflito impede a publicação.');
  await page.getByRole('button', { name: 'Publicar', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Publicação \d+ feita/ })).toBeVisible();

  // The administrators' registo: who accepted which clash, and why.
  const admin = await (await browser.newContext()).newPage();
  await new GestaoStaff(server.url, []).enrolAtFirstLogin(admin, ADMIN);
  await (await gestaoMenuLink(admin, 'Registo')).click();
  const row = admin.getByRole('row').filter({ hasText: 'clash.accept' });
  await expect(row).toContainText(PROGRAMMER);
  await expect(row).toContainText(`Motivo: ${reason}`);
  await expect(row).toContainText('Neve em Agosto');
  await admin.context().close();
});

test('a programmer moves a session with the keyboard alone: every move is said, the last one saved', async ({
  page,
  server,
  consoleProblems,
}) => {
  await addStaff(server.database, PROGRAMMER, 'programacao');
  await new GestaoStaff(server.url, consoleProblems).loggedIn(page, PROGRAMMER);
  await openGrid(page);

  // «Tempestade Sobre Siena», 20:00 at the Cinemateca: 15 minutes later, then to the next venue.
  const session = block(page, 23);
  await expect(session).toContainText('Tempestade Sobre Siena');
  await session.focus();
  const announcement = page.locator('.grid-announcement');
  for (const time of ['20:05', '20:10', '20:15']) {
    await page.keyboard.press('ArrowDown');
    await expect(announcement).toHaveText(`Sessão Tempestade Sobre Siena movida para ${time}, Cinemateca Portuguesa`);
  }
  await page.keyboard.press('ArrowRight');
  await expect(announcement).toHaveText('Sessão Tempestade Sobre Siena movida para 20:15, Cinema Ideal');
  await expect(session).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(announcement).toHaveText('Sessão Tempestade Sobre Siena movida para 20:10, Cinema Ideal');
  await expect(session).toContainText('20:10–21:47');

  const place = async () => {
    const stored = await storedSession(page, 23);
    return [stored.starts_at.slice(11), stored.venue_id];
  };
  await expect.poll(place).toEqual(['20:10', 3]);
  // Read again from the server: the grid shows the saved place (on the first day; it opens on today).
  await page.reload();
  await page.getByRole('tab').first().click();
  await expect(block(page, 23)).toContainText('20:10–21:47');
  // In the Cinema Ideal's column, the third.
  expect(await block(page, 23).evaluate((e) => e.style.getPropertyValue('--grid-column'))).toBe('2');
});

test('a programmer drags a session an hour later, undoes it and makes it again (buttons and keys, kept in the draft), and reads its history', async ({
  page,
  server,
  consoleProblems,
}) => {
  test.setTimeout(120_000);
  await addStaff(server.database, PROGRAMMER, 'programacao');
  await new GestaoStaff(server.url, consoleProblems).loggedIn(page, PROGRAMMER);
  await openGrid(page);
  const undo = page.getByRole('button', { name: /^Desfazer/ });
  const redo = page.getByRole('button', { name: /^Refazer/ });
  await expect(undo).toBeDisabled();
  await expect(redo).toBeDisabled();

  // «Neve em Agosto», 19:00 in the Cinema São Jorge, dragged an hour down (90 px): it lands where the pointer is.
  const moved = block(page, 21);
  await expect(moved).toContainText('19:00–20:37');
  await moved.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  const scrolled = () => page.locator('.grid-scroll').evaluate((e) => e.scrollTop);
  const scrollBefore = await scrolled();
  const box = (await moved.boundingBox())!;
  const saves = () => page.waitForResponse((r) => r.url().endsWith('/gestao/api/records/sessions/21') && r.request().method() === 'PUT');
  let saved = saves();
  await page.mouse.move(box.x + box.width / 2, box.y + 12);
  await page.mouse.down();
  for (let step = 1; step <= 6; step++) await page.mouse.move(box.x + box.width / 2, box.y + 12 + step * 15);
  await page.mouse.up();
  expect((await saved).status()).toBe(200);
  await expect(moved).toContainText('20:00–21:37');
  expect(await scrolled()).toBe(scrollBefore);
  await expect(undo).toHaveText('Desfazer: Neve em Agosto 19:00 → 20:00');

  // «Desfazer»: back at 19:00, in the draft too (a reload reads it from the server).
  saved = saves();
  await undo.click();
  expect((await saved).status()).toBe(200);
  await expect(moved).toContainText('19:00–20:37');
  await expect(
    page.getByRole('status').filter({ hasText: 'Desfeito: Sessão Neve em Agosto movida para 19:00, Cinema São Jorge' }),
  ).toBeVisible();
  await expect(undo).toBeDisabled();
  await expect(redo).toHaveText('Refazer: Neve em Agosto 19:00 → 20:00');
  await page.reload();
  await page.getByRole('tab').first().click();
  await expect(block(page, 21)).toContainText('19:00–20:37');
  const back = await storedSession(page, 21);
  expect([back.starts_at.slice(11), back.venue_id]).toEqual(['19:00', 1]);
  await noAxeViolations(page, 'Grelha com uma mudança desfeita');

  // Ctrl+Shift+Z makes it again; Ctrl+Z undoes it again. The tab kept its stack over the reload.
  await page.keyboard.press('Control+Shift+Z');
  await expect(block(page, 21)).toContainText('20:00–21:37');
  await expect.poll(async () => (await storedSession(page, 21)).starts_at.slice(11)).toBe('20:00');
  await page.keyboard.press('Control+Z');
  await expect(block(page, 21)).toContainText('19:00–20:37');
  await expect.poll(async () => (await storedSession(page, 21)).starts_at.slice(11)).toBe('19:00');

  // One click on the block: its history, newest first, who, when and from → to.
  await block(page, 21).click();
  const history = page.getByRole('region', { name: 'Histórico de «Neve em Agosto»' });
  const entries = history.getByRole('listitem').filter({ hasText: PROGRAMMER });
  await expect(entries).toHaveCount(4);
  await expect(entries.first()).toContainText(/data e hora: \S+ \d+, 20:00 → \S+ \d+, 19:00/);
  await expect(entries.last()).toContainText(/data e hora: \S+ \d+, 19:00 → \S+ \d+, 20:00/);
  await noAxeViolations(page, 'Grelha com o histórico de uma sessão');
});
