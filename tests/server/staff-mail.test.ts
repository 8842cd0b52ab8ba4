/**
 * Invitations and password resets that arrive: with SMTP_URL and MAIL_FROM the server sends each
 * link by e-mail (nodemailer) to a real SMTP server on this machine (smtp-server), the link then
 * the person's alone; a recipient the mail server refuses gets the link handed over instead, with
 * the reason; pending invitations are listed, sent again (a new link, the old one dead) and
 * withdrawn. On SQLite by default, on PostgreSQL with TEST_DATABASE=postgres.
 */
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LinkAnswer, PendingInvitation } from '../../src/common/gestao/api/answers';
import { listAudit } from '../../server/db/repositories/audit/audit-log-repository';
import { startSmtpInbox, type SmtpInbox } from '../support/smtp-inbox';
import { GestaoBrowser, loggedInStaff } from './gestao-browser';
import { startTestServer, type TestServer } from './helper';

const FROM = 'Festa do Cinema Italiano <gestao@festa.test>';
let inbox: SmtpInbox;
let server: TestServer;
let admin: GestaoBrowser;

beforeAll(async () => {
  inbox = await startSmtpInbox({ refuse: ['ninguem@festa.test'] });
  server = await startTestServer({ SMTP_URL: inbox.url, MAIL_FROM: FROM });
  admin = await loggedInStaff(server, 'admin.mail@festa.test', 'administracao');
}, 60_000);
afterAll(async () => {
  await server?.close();
  await inbox?.close();
});

/** The one-time link in a message's text (it is the text's only address). */
const linkIn = (mail: ParsedMail) => /http:\/\/localhost:3000\/gestao\/\S+/.exec(mail.text ?? '')?.[0] ?? '';
const pending = async () => (await admin.request('GET', '/pending-invitations')).json<{ invitations: PendingInvitation[] }>().invitations;

describe('an invitation by e-mail', () => {
  it('arrives, from the festival, with a link that opens the set-up; the answer keeps the link from the administrator', async () => {
    const arriving = inbox.next('rita@festa.test');
    const answer = await admin.request('POST', '/invitations', { email: 'Rita@Festa.test', role: 'programacao' });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json<LinkAnswer>()).toEqual({ delivery: 'email', sentTo: 'rita@festa.test', expiresAt: expect.any(String) as string });
    const mail = await arriving;
    expect(mail.from?.value).toEqual([{ name: 'Festa do Cinema Italiano', address: 'gestao@festa.test' }]);
    expect(mail.subject).toBe('Convite para a gestão do site da 8½ Festa do Cinema Italiano');
    expect(mail.text).toContain(
      'admin.mail@festa.test convidou-o para a gestão do site da 8½ Festa do Cinema Italiano, com o perfil Programação.',
    );
    expect(mail.text).toMatch(/abra esta ligação até \S+ \d+, \d\d:\d\d \(hora de Lisboa\)/);
    const link = linkIn(mail);
    expect(link).toMatch(/^http:\/\/localhost:3000\/gestao\/convite\/[A-Za-z0-9_-]{43}$/);
    expect(mail.html).toContain(`<a href="${link}">`);

    // The link opens the set-up, and accepting it makes the account.
    const token = link.split('/').pop()!;
    const guest = await new GestaoBrowser(server.app).open();
    expect((await guest.request('GET', `/invitations/${token}`)).json()).toMatchObject({ email: 'rita@festa.test', role: 'programacao' });
    const accepted = await guest.request('POST', `/invitations/${token}`, { password: 'girassóis ao vento de agosto' });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((await pending()).map((i) => i.email)).not.toContain('rita@festa.test');
    const audit = await listAudit(server.db, { action: 'invitation.create' });
    expect(audit.at(-1)).toMatchObject({ subject: 'rita@festa.test', outcome: 'ok', after: { delivery: 'email' } });
  });

  it('is listed while pending; sent again it brings a new link and the old one dies; withdrawn, its link dies too', async () => {
    const first = inbox.next('bruno@festa.test');
    await admin.request('POST', '/invitations', { email: 'bruno@festa.test', role: 'imprensa' });
    const oldToken = linkIn(await first)
      .split('/')
      .pop()!;
    const listed = (await pending()).find((i) => i.email === 'bruno@festa.test')!;
    expect(listed).toMatchObject({ role: 'imprensa', roleLabel: 'Imprensa', invitedBy: 'admin.mail@festa.test', expired: false });

    const second = inbox.next('bruno@festa.test');
    const resent = await admin.request('POST', `/pending-invitations/${listed.id}/resend`);
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json<LinkAnswer>().delivery).toBe('email');
    const newToken = linkIn(await second)
      .split('/')
      .pop()!;
    expect(newToken).not.toBe(oldToken);
    const guest = new GestaoBrowser(server.app);
    expect((await guest.request('GET', `/invitations/${oldToken}`)).statusCode).toBe(404);
    expect((await guest.request('GET', `/invitations/${newToken}`)).statusCode).toBe(200);
    // The list names it by its new link's hash: the old id is gone.
    expect((await admin.request('POST', `/pending-invitations/${listed.id}/resend`)).statusCode).toBe(404);

    const now = (await pending()).find((i) => i.email === 'bruno@festa.test')!;
    const withdrawn = await admin.request('DELETE', `/pending-invitations/${now.id}`);
    expect(withdrawn.statusCode).toBe(204);
    expect((await guest.request('GET', `/invitations/${newToken}`)).statusCode).toBe(404);
    expect((await pending()).map((i) => i.email)).not.toContain('bruno@festa.test');
    const again = await admin.request('DELETE', `/pending-invitations/${now.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json<{ message: string }>().message).toBe('Este convite já não está pendente: foi aceite, retirado ou reenviado.');
  });

  it('refused by the mail server, is handed over as a link with the reason, and still works', async () => {
    const answer = (await admin.request('POST', '/invitations', { email: 'ninguem@festa.test', role: 'leitura' })).json<LinkAnswer>();
    expect(answer.delivery).toBe('link');
    if (answer.delivery !== 'link') return;
    expect(answer.mailProblem).toMatch(
      /^O servidor de correio não aceitou a mensagem \(.*Caixa de correio inexistente.*\)\. Entregue esta ligação à pessoa:$/,
    );
    const token = answer.link.split('/').pop()!;
    expect((await new GestaoBrowser(server.app).request('GET', `/invitations/${token}`)).statusCode).toBe(200);
  });
});

describe('a password reset by e-mail', () => {
  it('arrives at the account’s address with its link', async () => {
    const users = (await admin.request('GET', '/users')).json<{ users: { id: number; email: string }[] }>().users;
    const rita = users.find((u) => u.email === 'rita@festa.test')!;
    const arriving = inbox.next('rita@festa.test');
    const answer = await admin.request('POST', `/users/${rita.id}/password-reset`);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ email: 'rita@festa.test', delivery: 'email' });
    const mail = await arriving;
    expect(mail.subject).toBe('Nova palavra-passe para a gestão do site da 8½ Festa do Cinema Italiano');
    const token = linkIn(mail).split('/').pop()!;
    expect(linkIn(mail)).toMatch(/^http:\/\/localhost:3000\/gestao\/repor\//);
    expect((await new GestaoBrowser(server.app).request('GET', `/password-resets/${token}`)).json()).toMatchObject({
      email: 'rita@festa.test',
    });
  });
});
