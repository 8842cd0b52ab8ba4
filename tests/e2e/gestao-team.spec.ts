/**
 * "Equipa" as an administrator uses it during an attack, on the desktop and on a 390 px phone: a
 * guesser's ten wrong passwords lock a programmer's account for unknown devices; the
 * administrator sees that lock on Equipa and lifts it, sends the programmer a link to choose a new
 * password, and disables the account, with every person's access buttons inside the screen's width.
 */
import { request, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { addStaff, GestaoStaff, noAxeViolations, PASSWORD, gestaoMenuLink } from './gestao-browser';
import { describeLayoutProblems, findLayoutProblems } from './layout-check';
import { startOwnServer, type OwnServer } from './pinned-server';

const ADMIN = 'marta.direcao@festa.test';
const PROGRAMMER = 'rui.programacao@festa.test';

let server: OwnServer;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startOwnServer({});
  await addStaff(server.database, ADMIN, 'administracao');
  await addStaff(server.database, PROGRAMMER, 'programacao');
});
test.afterAll(async () => {
  await server?.stop();
});

/** Ten wrong passwords for the programmer from a client the server has never seen log in. */
async function guessTenTimes(): Promise<void> {
  const guesser = await request.newContext({ baseURL: server.url });
  try {
    const session = await guesser.get('/gestao/api/session');
    const { csrfToken } = (await session.json()) as { csrfToken: string };
    for (let i = 0; i < 10; i += 1) {
      const answer = await guesser.post('/gestao/api/session', {
        headers: { 'x-csrf-token': csrfToken },
        data: { email: PROGRAMMER, password: `palpite numero ${i} de uma lista` },
      });
      expect(answer.status()).toBe(401);
    }
    const locked = await guesser.post('/gestao/api/session', {
      headers: { 'x-csrf-token': csrfToken },
      data: { email: PROGRAMMER, password: PASSWORD },
    });
    expect(locked.status()).toBe(429);
  } finally {
    await guesser.dispose();
  }
}

async function expectWithinTheScreen(page: Page): Promise<void> {
  const problems = describeLayoutProblems(await findLayoutProblems(page));
  expect(problems, problems.join('\n')).toEqual([]);
}

test('an administrator sees a guessed-at account locked on Equipa, lifts the lock, sends a reset link and disables the account', async ({
  page,
  consoleProblems,
}) => {
  await guessTenTimes();

  await new GestaoStaff(server.url, consoleProblems).enrolAtFirstLogin(page, ADMIN);
  await (await gestaoMenuLink(page, 'Equipa')).click();
  const locks = page.getByRole('list', { name: 'Bloqueios em vigor' });
  await expect(locks.getByText(PROGRAMMER)).toBeVisible();
  await expect(locks.getByText(/Conta, em dispositivos desconhecidos · até .* · 10 tentativas falhadas/)).toBeVisible();
  const programmer = page.getByRole('list', { name: 'Contas da equipa' }).getByRole('listitem').filter({ hasText: PROGRAMMER });
  await expect(programmer.getByText('Programação · Ativa')).toBeVisible();
  await expectWithinTheScreen(page);
  await noAxeViolations(page, 'Equipa, com um bloqueio em vigor');

  await locks.getByRole('button', { name: `Levantar o bloqueio de ${PROGRAMMER}` }).click();
  await expect(page.getByText(`Bloqueio de ${PROGRAMMER} levantado.`)).toBeVisible();
  await expect(page.getByText('Nenhum bloqueio em vigor.')).toBeVisible();

  await programmer.getByRole('button', { name: `Enviar ligação para repor a palavra-passe de ${PROGRAMMER}` }).click();
  await expect(
    page.getByText(new RegExp(`^Ligação para ${PROGRAMMER.replace('.', '\\.')} repor a palavra-passe, válida 72 horas`)),
  ).toBeVisible();
  expect((await page.locator('.gestao-link').textContent()) ?? '').toMatch(new RegExp(`^${server.url}/gestao/repor/\\S+$`));
  await expectWithinTheScreen(page);

  await programmer.getByRole('button', { name: `Desativar conta de ${PROGRAMMER}` }).click();
  await expect(page.getByText(`Conta de ${PROGRAMMER} desativada: as suas sessões terminaram.`)).toBeVisible();
  await expect(programmer.getByText('Programação · Desativada')).toBeVisible();
  await expect(programmer.getByRole('button', { name: `Reativar conta de ${PROGRAMMER}` })).toBeVisible();
  await expectWithinTheScreen(page);
  await noAxeViolations(page, 'Equipa, com uma conta desativada');
});
