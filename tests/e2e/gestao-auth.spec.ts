/**
 * The back office's logins beyond the password, in real Chromium on the desktop, each story
 * on a server of its own: a passkey added in "A minha conta" with Chromium's virtual authenticator
 * (CDP WebAuthn: ctap2, internal, resident key, user verification) and used to log in with no
 * password; an administrator's first login enrolling a passkey instead of the two-step login; and
 * the password asked again before a sensitive action once the login is more than
 * five minutes old (the server restarted on the same database with its clock ten minutes on,
 * CLOCK_AT), by keyboard alone. Every screen passes axe.
 */
import type { Page } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, type ServerProcess } from '../support/server-process';
import { expect, forgiveOfflineNoise, test } from './fixtures';
import { addStaff, GestaoStaff, noAxeViolations, PASSWORD, gestaoMenuLink } from './gestao-browser';
import { startOwnServer } from './pinned-server';

/** Chromium's virtual authenticator on this page: a platform authenticator that verifies its user. */
async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
  };
}

test('a passkey added in "A minha conta" logs in with no password, is listed with its last use, and is removed', async ({
  page,
  consoleProblems,
}) => {
  test.setTimeout(180_000);
  // localhost, not 127.0.0.1: a passkey belongs to a host name, never to an IP address.
  const server = await startOwnServer({}, { hostName: 'localhost' });
  try {
    const editor = 'joana.edicao@festa.test';
    await addStaff(server.database, editor, 'edicao');
    const authenticator = await virtualAuthenticator(page);
    const staff = new GestaoStaff(server.url, consoleProblems);
    await staff.loggedIn(page, editor);
    await page.getByRole('link', { name: `${editor} · Edição` }).click();
    const section = page.getByRole('region', { name: 'Chaves de acesso' });
    // A nameless passkey: the reason beside the field.
    await section.getByRole('button', { name: 'Acrescentar uma chave de acesso' }).click();
    await expect(section.getByText('Dê um nome à chave de acesso (por exemplo, «Portátil do escritório»).')).toBeVisible();
    await section.getByLabel('Nome da nova chave (por exemplo, o dispositivo)').fill('Portátil da Joana');
    await section.getByRole('button', { name: 'Acrescentar uma chave de acesso' }).click();
    await expect(section.getByRole('status')).toHaveText('Chave de acesso «Portátil da Joana» acrescentada.');
    const row = section.getByRole('row').filter({ hasText: 'Portátil da Joana' });
    await expect(row.getByRole('cell').nth(2)).toHaveText('nunca');
    await noAxeViolations(page, 'A minha conta, com uma chave de acesso');
    const made = await authenticator.credentials();
    expect(made).toHaveLength(1);
    expect(made[0]?.isResidentCredential).toBe(true);

    await page.getByRole('button', { name: 'Terminar sessão' }).click();
    await expect(page.getByRole('button', { name: 'Entrar com uma chave de acesso' })).toBeVisible();
    await noAxeViolations(page, 'Entrar');
    await page.getByRole('button', { name: 'Entrar com uma chave de acesso' }).click();
    await expect(page.getByRole('link', { name: `${editor} · Edição` })).toBeVisible();
    expect((await authenticator.credentials())[0]?.signCount).toBeGreaterThan(made[0]?.signCount ?? 0);

    await page.getByRole('link', { name: `${editor} · Edição` }).click();
    await expect(row.getByRole('cell').nth(2)).not.toHaveText('nunca');
    await row.getByRole('button', { name: 'Remover Portátil da Joana' }).click();
    await expect(section.getByRole('status')).toHaveText('Chave de acesso «Portátil da Joana» removida.');
    await expect(section.getByRole('row')).toHaveCount(0);

    // Removed, the passkey the device still keeps opens nothing.
    await page.getByRole('button', { name: 'Terminar sessão' }).click();
    await page.getByRole('button', { name: 'Entrar com uma chave de acesso' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'Esta chave de acesso não abriu a sessão. Tente de novo, ou entre com o email e a palavra-passe.',
    );
    forgiveOfflineNoise(consoleProblems, /the server responded with a status of 401/);
  } finally {
    await server.stop();
  }
});

test('an administrator at the first login enrols a passkey instead of the two-step login; from then on the password alone is refused', async ({
  page,
  consoleProblems,
}) => {
  test.setTimeout(180_000);
  const server = await startOwnServer({}, { hostName: 'localhost' });
  try {
    const admin = 'rui.direcao@festa.test';
    await addStaff(server.database, admin, 'administracao');
    await virtualAuthenticator(page);
    await new GestaoStaff(server.url, consoleProblems).logIn(page, admin);
    await expect(page.getByRole('heading', { level: 1, name: 'Ative a verificação em dois passos' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Gestão' })).toHaveCount(0);
    const section = page.getByRole('region', { name: 'Chaves de acesso' });
    await section.getByLabel('Nome da nova chave (por exemplo, o dispositivo)').fill('Chave da direção');
    await section.getByRole('button', { name: 'Acrescentar uma chave de acesso' }).click();
    await expect(page.getByRole('navigation', { name: 'Gestão' })).toBeVisible();
    await expect(page.getByRole('link', { name: `${admin} · Administração` })).toBeVisible();

    await page.getByRole('button', { name: 'Terminar sessão' }).click();
    await new GestaoStaff(server.url, consoleProblems).logIn(page, admin);
    await expect(page.getByRole('alert')).toHaveText(
      'Esta conta de Administração entra com a sua chave de acesso: use «Entrar com uma chave de acesso».',
    );
    await page.getByRole('button', { name: 'Entrar com uma chave de acesso' }).click();
    await (await gestaoMenuLink(page, 'Equipa')).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Equipa' })).toBeVisible();
    await noAxeViolations(page, 'Equipa, depois de entrar com a chave de acesso');
    // The password alone, refused on purpose above.
    forgiveOfflineNoise(consoleProblems, /the server responded with a status of 401/);
  } finally {
    await server.stop();
  }
});

/** Lisbon wall-clock time `ms` from now, as CLOCK_AT reads it (YYYY-MM-DDTHH:MM). */
const lisbonClockAt = (ms: number) =>
  new Date(Date.now() + ms).toLocaleString('sv-SE', { timeZone: 'Europe/Lisbon' }).slice(0, 16).replace(' ', 'T');

test('more than five minutes after the login, exporting the audit log asks for the password again: a wrong one is refused in pt-PT, the right one exports, by keyboard alone', async ({
  page,
  consoleProblems,
}) => {
  test.setTimeout(240_000);
  const dir = mkdtempSync(join(tmpdir(), 'festa-reauth-'));
  const env = { DATABASE: join(dir, 'festa.sqlite'), LOG_LEVEL: 'warn', RATE_LIMIT_POSTS: '10000', RATE_LIMIT_GETS: '100000' };
  const admin = 'direcao@festa.test';
  let server: ServerProcess | undefined;
  try {
    server = await startServer(env);
    await addStaff(env.DATABASE, admin, 'administracao');
    await new GestaoStaff(server.url, consoleProblems).enrolAtFirstLogin(page, admin);
    // The same database, its clock ten minutes on: the session is still open (idle for less than
    // 30 minutes by that clock), and its login more than five minutes old. The page leaves first:
    // a list it is still loading would otherwise meet the stopping server's 503.
    await page.goto('about:blank');
    await server.stop();
    server = await startServer({ ...env, CLOCK_AT: lisbonClockAt(10 * 60_000) });
    await page.goto(`${server.url}/gestao/registo`);
    await expect(page.getByRole('heading', { level: 1, name: 'Registo' })).toBeVisible();

    const exportButton = page.getByRole('button', { name: 'Exportar CSV' });
    for (let tabs = 0; tabs < 60 && !(await exportButton.evaluate((button) => button === document.activeElement)); tabs += 1) {
      await page.keyboard.press('Tab');
    }
    await expect(exportButton).toBeFocused();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Confirme a sua palavra-passe' });
    await expect(dialog).toBeVisible();
    const password = dialog.getByLabel('Palavra-passe');
    await expect(password).toBeFocused();
    await page.keyboard.type('nao-e-esta-a-palavra-passe');
    await page.keyboard.press('Enter');
    await expect(dialog.getByRole('alert')).toHaveText('Palavra-passe incorreta.');
    await expect(password).toHaveAttribute('aria-describedby', 'confirmar-erro');
    await noAxeViolations(page, 'Confirmar a palavra-passe');

    await password.press('ControlOrMeta+a');
    await page.keyboard.type(PASSWORD);
    const [csv] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
    expect(csv.suggestedFilename()).toBe('registo.csv');
    await expect(dialog).toBeHidden();
    // The refusals this story provokes: the export before the password, the wrong password.
    forgiveOfflineNoise(consoleProblems, /the server responded with a status of 401/);
  } finally {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});
