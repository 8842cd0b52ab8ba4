/**
 * The schedule grid of the back office, each story on a server of its own with the seeded programme: a
 * programmer drags a session onto an occupied slot and the clash shows at once on the grid;
 * publishing is refused; the programmer accepts the clash with a reason, publishing goes through,
 * and the administrators' registo shows the reason. A second story moves a session with the
 * keyboard alone: each move said in pt-PT, the last one saved. The grid passes axe.
 */
import type { Page } from '@playwright/test';
import { expect, forgiveOfflineNoise } from './fixtures';
import { addStaff, GestaoStaff, noAxeViolations } from './gestao-browser';
import { testOnOwnServer as test } from './pinned-server';

const PROGRAMMER = 'grelha@festa.test';
const ADMIN = 'direcao@festa.test';

async function openGrid(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Gestão' }).getByRole('link', { name: 'Grelha' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Grelha' })).toBeVisible();
  await expect(page.getByLabel('Cidade')).toHaveValue('1');
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
  await page.getByRole('navigation', { name: 'Gestão' }).getByRole('link', { name: 'Publicar' }).click();
  const listed = page.getByRole('region', { name: 'Conflitos do programa' });
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
  await admin.getByRole('navigation', { name: 'Gestão' }).getByRole('link', { name: 'Registo' }).click();
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
  // Read again from the server: the grid shows the saved place.
  await page.reload();
  await expect(block(page, 23)).toContainText('20:10–21:47');
  // In the Cinema Ideal's column, the third.
  expect(await block(page, 23).evaluate((e) => e.style.getPropertyValue('--grid-column'))).toBe('2');
});
