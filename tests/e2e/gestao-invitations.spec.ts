/**
 * An invitation that arrives, on a server with SMTP (a real one on this machine, smtp-server): the
 * administrator invites a programmer on Equipa and is told it went by e-mail (no link on the
 * screen: it is the programmer's alone), sees it among the pending invitations, and the message
 * that reaches the mail server carries a link that opens the set-up, where the programmer chooses
 * a password and is in. The administrator's own second factor reads as on. On a 1440 px desk and a
 * 390 px phone, each an administrator of its own, one after the other on one server (@one-project:
 * the SMTP server is this story's).
 */
import { expect, test } from './fixtures';
import { addStaff, GestaoStaff, gestaoMenuLink, noAxeViolations, PASSWORD, resultInView } from './gestao-browser';
import { startOwnServer, type OwnServer } from './pinned-server';
import { startSmtpInbox, type SmtpInbox } from '../support/smtp-inbox';

const WIDTHS = [
  { width: 1440, height: 900, admin: 'sofia.direcao@festa.test', programmer: 'tiago.programacao@festa.test' },
  { width: 390, height: 844, admin: 'marta.direcao@festa.test', programmer: 'ines.programacao@festa.test' },
];

test.describe.configure({ mode: 'serial' });

let inbox: SmtpInbox;
let server: OwnServer;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  inbox = await startSmtpInbox();
  server = await startOwnServer({ SMTP_URL: inbox.url, MAIL_FROM: 'Festa do Cinema Italiano <gestao@festa.test>' });
  for (const { admin } of WIDTHS) await addStaff(server.database, admin, 'administracao');
});
test.afterAll(async () => {
  await server?.stop();
  await inbox?.close();
});

for (const { width, height, admin: ADMIN, programmer: PROGRAMMER } of WIDTHS)
  test(`at ${width} px, an invitation sent by e-mail arrives at the mail server, and its link opens the set-up @one-project`, async ({
    page,
    consoleProblems,
  }) => {
    await page.setViewportSize({ width, height });
    await new GestaoStaff(server.url, consoleProblems).enrolAtFirstLogin(page, ADMIN);
    await (await gestaoMenuLink(page, 'Equipa')).click();
    // The first story's programmer has accepted hers: none waits when the second begins.
    await expect(page.getByText('Nenhum convite à espera de resposta. Convide alguém no formulário abaixo.')).toBeVisible();

    const arriving = inbox.next(PROGRAMMER);
    await page.getByLabel('Email').fill(PROGRAMMER);
    await page.getByLabel('Perfil').selectOption({ label: 'Programação' });
    await page.getByRole('button', { name: 'Criar convite' }).click();
    const sent = `Convite enviado por e-mail para ${PROGRAMMER}: válido 72 horas e uma só vez.`;
    await expect(page.getByRole('status').filter({ hasText: sent })).toBeVisible();
    await resultInView(page, sent);
    // The new invitation's card, above the form, pushed the line off the screen: a toast says it, and takes her there.
    const toast = page.getByRole('complementary', { name: 'Resultados fora de vista' }).getByRole('listitem').filter({ hasText: sent });
    await toast.getByRole('button', { name: 'Ir para a mensagem' }).click();
    await expect(toast).toHaveCount(0);
    await expect(page.getByRole('status').filter({ hasText: sent })).toBeInViewport();
    // The focus went there too: the next Tab goes on from the message, not from the page's top.
    await expect(page.getByRole('status').filter({ hasText: sent })).toBeFocused();
    await expect(page.locator('.gestao-link')).toHaveCount(0);
    const pending = page.getByRole('list', { name: 'Convites pendentes' }).getByRole('listitem');
    await expect(pending).toHaveCount(1);
    await expect(pending).toContainText(PROGRAMMER);
    await expect(pending).toContainText(`Programação · Válido até`);
    await expect(pending.getByRole('button', { name: `Reenviar o convite de ${PROGRAMMER}` })).toBeVisible();
    await noAxeViolations(page, 'Equipa, com um convite pendente');

    const mail = await arriving;
    expect(mail.subject).toBe('Convite para a gestão do site da 8½ Festa do Cinema Italiano');
    const link = new RegExp(`${server.url}/gestao/convite/\\S+`).exec(mail.text ?? '')?.[0] ?? '';
    expect(link).not.toBe('');
    // Her own second factor is said as it is: on, with no offer to turn it on again.
    await page.getByRole('link', { name: `${ADMIN} · Administração` }).click();
    const twoStep = page.getByRole('region', { name: 'Verificação em dois passos' });
    await expect(twoStep.getByText('Ativa: cada entrada pede o código da aplicação de autenticação.')).toBeVisible();
    await expect(twoStep.getByRole('button')).toHaveCount(0);
    await page.getByRole('button', { name: 'Terminar sessão' }).click();
    await expect(page.getByRole('button', { name: 'Entrar', exact: true })).toBeVisible();

    await page.goto(link);
    await expect(page.getByText(`${PROGRAMMER} · Programação`)).toBeVisible();
    await page.getByLabel('Palavra-passe (pelo menos 15 caracteres)').fill(PASSWORD);
    await page.getByLabel('Repita a palavra-passe').fill(PASSWORD);
    await page.getByRole('button', { name: 'Criar a conta e entrar' }).click();
    await expect(page.getByText(`${PROGRAMMER} · Programação`)).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Gestão' })).toBeVisible();
  });
