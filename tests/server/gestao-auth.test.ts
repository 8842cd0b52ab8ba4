/**
 * The back office's staff login (/gestao/api): the command that makes the first account, login
 * and its limits, CSRF, sessions (ended, idle, too old: by the app's clock, moved by the test),
 * invitations, roles, the audit log and its triggers, and headers that keep every answer out of
 * caches. On SQLite by default, on PostgreSQL with TEST_DATABASE=postgres.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import type { Config } from '../../server/config';
import type { Db } from '../../server/db/database';
import { listAudit } from '../../server/db/repositories/audit/audit-log-repository';
import { PASSWORD_REASONS, PASSWORD_TOO_SHORT } from '../../server/gestao/auth/passwords';
import { totpCodeAt, TOTP_REQUIRED, TOTP_WRONG } from '../../server/gestao/auth/totp';
import { REAUTH_REQUIRED } from '../../server/gestao/auth/reauth';
import { ENROLMENT_REQUIRED } from '../../server/gestao/auth/enrolment';
import { runStaffCommand } from '../../server/gestao/run-staff-command';
import { authenticatorCode, GestaoBrowser, StaffLogins, startBackOffice, TestClock } from './gestao-browser';

const ADMIN = { email: 'ana.admin@festa.pt', password: 'cavalo bateria agrafo correto' };
const EDITOR = { email: 'rui.edicao@festa.pt', password: 'ameixas roxas no outono de 1987' };
const WRONG = 'Email ou palavra-passe incorretos.';

const time = new TestClock();
const clock = time.now;
const advance = time.advance;

let app: FastifyInstance;
let db: Db;

/** An app on a fresh, migrated database (no content: the back office needs none), on the test's clock. */
const startServer = (env: Record<string, string> = {}) => startBackOffice(clock, [], { env });

let close: () => Promise<void>;
let location: string;
let config: Config;
beforeAll(async () => {
  ({ app, db, close, location, config } = await startServer());
});
afterAll(() => close?.());

/** A browser of the back office on this file's app (tests/server/gestao-browser.ts). */
class Browser extends GestaoBrowser {
  constructor(address?: string) {
    super(app, address);
  }
}

/** Administrators enrol the two-step login at their first login here, and give a code after. */
const logins = new StaffLogins(clock, () => advance(0.5));

async function loggedIn(who: { email: string; password: string }, address?: string): Promise<Browser> {
  const browser = new Browser(address);
  await logins.logIn(browser, who);
  return browser;
}

const staffCommand = (args: string[], password: string) =>
  runStaffCommand(args, { db, now: clock(), readStdin: () => Promise.resolve(`${password}\n`) });

describe('npm run staff', () => {
  it('creates an account from the password on standard input, and says what is wrong in pt-PT otherwise', async () => {
    const made = await staffCommand(['add', 'Ana.Admin@Festa.pt', '--role', 'administracao', '--password-stdin'], ADMIN.password);
    expect(made).toMatchObject({ code: 0, err: '' });
    expect(made.out).toContain('ana.admin@festa.pt');
    expect(made.out).toContain('Na primeira entrada em /gestao, ative a verificação em dois passos ou uma chave de acesso');
    expect((await staffCommand(['add', EDITOR.email, '--role', 'edicao', '--password-stdin'], EDITOR.password)).code).toBe(0);

    const short = await staffCommand(['add', 'b@festa.pt', '--role', 'leitura', '--password-stdin'], 'curta');
    expect(short).toMatchObject({ code: 1, err: `${PASSWORD_TOO_SHORT}\n` });
    const common = await staffCommand(['add', 'b@festa.pt', '--role', 'leitura', '--password-stdin'], 'password1234567890');
    // Why, and what would pass (tests/server/gestao-passwords.test.ts has the rule's whole list).
    expect(common.code).toBe(1);
    expect(common.err).toContain(PASSWORD_REASONS['breached-variant']);
    expect(common.err).toContain('Use uma frase de quatro ou mais palavras');
    const role = await staffCommand(['add', 'b@festa.pt', '--role', 'chefe', '--password-stdin'], ADMIN.password);
    expect(role.code).toBe(1);
    expect(role.err).toContain('Função desconhecida');
    const email = await staffCommand(['add', 'não-é-email', '--role', 'leitura', '--password-stdin'], ADMIN.password);
    expect(email.code).toBe(1);
    expect(email.err).toContain('endereço de e-mail válido');
    const twice = await staffCommand(['add', ADMIN.email, '--role', 'leitura', '--password-stdin'], ADMIN.password);
    expect(twice).toMatchObject({ code: 1, err: 'Já existe uma conta com este e-mail.\n' });

    const users = await db.selectFrom('staff_users').select(['email', 'role', 'password_hash']).orderBy('id').execute();
    expect(users.map((u) => [u.email, u.role])).toEqual([
      [ADMIN.email, 'administracao'],
      [EDITOR.email, 'edicao'],
    ]);
    expect(users[0]?.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });
});

describe('npm run staff, as a process', () => {
  // Loads tsx in a process of its own: slower than the in-process runs above.
  it('reads the password from standard input and answers with its exit code', () => {
    const run = (email: string, role: string, password: string) =>
      spawnSync(process.execPath, ['--import', 'tsx', 'server/cli/staff-command.ts', 'add', email, '--role', role, '--password-stdin'], {
        input: `${password}\n`,
        env: { ...process.env, DATABASE: location, LOG_LEVEL: 'silent' },
        encoding: 'utf8',
      });
    const made = run('processo@festa.pt', 'leitura', 'uma frase longa que ninguém adivinha');
    expect(made.stdout).toBe('Conta criada: processo@festa.pt (leitura).\n');
    expect(made.status).toBe(0);
    const refused = run('outro@festa.pt', 'leitura', 'curta');
    expect(refused.stderr).toBe(`${PASSWORD_TOO_SHORT}\n`);
    expect(refused.status).toBe(1);
  });
});

describe('login', () => {
  it('logs in with a new session id and says who is logged in; a wrong password or unknown email get one message', async () => {
    const browser = await new Browser().open();
    const before = browser.cookie;
    expect(before).toBeTruthy();
    const ok = await browser.login(ADMIN.email.toUpperCase(), ADMIN.password);
    expect(ok.statusCode).toBe(200);
    // The first administrator (npm run staff add) has no second factor yet: sent to enrol.
    expect(ok.json()).toMatchObject({ user: { email: ADMIN.email, role: 'administracao' }, enrolmentRequired: true });
    expect(browser.cookie).not.toBe(before);
    const setCookie = String(ok.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Strict/);
    expect(setCookie).toMatch(/Path=\//);
    expect(setCookie).not.toMatch(/Secure/);
    expect((await browser.request('GET', '/session')).json()).toMatchObject({ user: { email: ADMIN.email } });

    const wrong = await new Browser().login(ADMIN.email, 'palavra errada mas comprida');
    const unknown = await new Browser().login('ninguem@festa.pt', 'palavra errada mas comprida');
    expect([wrong.statusCode, unknown.statusCode]).toEqual([401, 401]);
    expect(wrong.json()).toEqual({ message: WRONG });
    expect(unknown.json()).toEqual({ message: WRONG });

    const audit = await listAudit(db, { action: 'login' });
    expect(audit.filter((e) => e.outcome === 'ok').length).toBeGreaterThanOrEqual(1);
    expect(audit.filter((e) => e.outcome === 'failed').map((e) => e.subject)).toEqual(
      expect.arrayContaining([ADMIN.email, 'ninguem@festa.pt']),
    );
  });

  it('sends an administrator without the two-step login to set it up, and refuses every other read and write until it is done', async () => {
    const browser = new Browser();
    expect((await browser.login(ADMIN.email, ADMIN.password)).json()).toMatchObject({ enrolmentRequired: true });
    expect((await browser.request('GET', '/session')).json()).toMatchObject({ user: { email: ADMIN.email }, enrolmentRequired: true });
    const attempts = [
      ['GET', '/users'],
      ['GET', '/audit'],
      ['GET', '/sessions'],
      ['GET', '/records/movies'],
      ['POST', '/invitations'],
      ['POST', '/releases'],
      ['POST', '/reauth'],
    ] as const;
    for (const [method, path] of attempts) {
      const refused = await browser.request(method, path, method === 'GET' ? undefined : { email: 'x@festa.pt', role: 'leitura' });
      expect([path, refused.statusCode]).toEqual([path, 403]);
      expect(refused.json()).toEqual({ message: ENROLMENT_REQUIRED, enrolmentRequired: true });
    }
    const denied = await listAudit(db, { actorEmail: ADMIN.email, outcome: 'denied' });
    expect(denied.map((e) => e.action)).toEqual(expect.arrayContaining(['GET /gestao/api/users', 'POST /gestao/api/releases']));

    // A secret set up but never confirmed opens nothing; a first code does, on this session at once.
    const setup = await browser.request('POST', '/totp/setup');
    expect(setup.statusCode).toBe(200);
    const { secret } = setup.json<{ secret: string }>();
    expect((await browser.request('GET', '/users')).statusCode).toBe(403);
    expect((await browser.request('POST', '/totp/confirm', { code: authenticatorCode(secret, clock()) })).statusCode).toBe(200);
    expect((await browser.request('GET', '/users')).statusCode).toBe(200);
    expect((await browser.request('GET', '/session')).json()).toMatchObject({ enrolmentRequired: false });
    logins.remember(ADMIN.email, secret);

    // From now on the password alone is not enough; other roles are never sent to enrol.
    expect((await new Browser().login(ADMIN.email, ADMIN.password)).json()).toEqual({ message: TOTP_REQUIRED, totpRequired: true });
    expect((await new Browser().login(EDITOR.email, EDITOR.password)).json()).toMatchObject({ enrolmentRequired: false });
  });

  it('after ten failures for an account, a browser that never logged in to it gets 429, the right password too, with the real wait, until the window passes', async () => {
    // Each a new browser: no device cookie (tests/server/login-throttling.test.ts has the owner's known device).
    for (let i = 0; i < 10; i++) {
      const response = await new Browser(`10.0.1.${i}`).login(EDITOR.email, `tentativa errada numero ${i}`);
      expect(response.statusCode).toBe(401);
    }
    const eleventh = await new Browser('10.0.2.1').login(EDITOR.email, EDITOR.password);
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.headers['retry-after']).toBe('900');
    expect(eleventh.json()).toEqual({ message: 'Demasiadas tentativas. Tente de novo dentro de 15 minutos.' });

    advance(5);
    const later = await new Browser('10.0.2.2').login(EDITOR.email, EDITOR.password);
    expect(later.statusCode).toBe(429);
    expect(later.headers['retry-after']).toBe('600');
    expect(later.json()).toEqual({ message: 'Demasiadas tentativas. Tente de novo dentro de 10 minutos.' });

    advance(10);
    expect((await new Browser('10.0.2.3').login(EDITOR.email, EDITOR.password)).statusCode).toBe(200);
  });

  it('after thirty failures from one address, any account is refused from it, not from elsewhere', async () => {
    for (let i = 0; i < 30; i++) {
      expect((await new Browser('10.9.9.9').login(`pessoa${i}@festa.pt`, 'palavra errada comprida')).statusCode).toBe(401);
    }
    const blocked = await new Browser('10.9.9.9').login(ADMIN.email, ADMIN.password);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json<{ message: string }>().message).toMatch(/^Demasiadas tentativas\. Tente de novo dentro de \d+ minutos?\.$/);
    await loggedIn(ADMIN, '10.9.9.10');
    advance(16);
  });

  it('refuses a change without the X-CSRF-Token header, the login included', async () => {
    const browser = await new Browser().open();
    const login = await browser.request('POST', '/session', { email: ADMIN.email, password: ADMIN.password }, false);
    expect(login.statusCode).toBe(403);
    expect(login.json<{ message: string }>().message).toMatch(/código de segurança/);
    const admin = await loggedIn(ADMIN);
    const invite = await admin.request('POST', '/invitations', { email: 'x@festa.pt', role: 'leitura' }, false);
    expect(invite.statusCode).toBe(403);
    const forged = await admin.request('DELETE', '/session', undefined, false);
    expect(forged.statusCode).toBe(403);
    expect((await admin.request('GET', '/sessions')).statusCode).toBe(200);
  });
});

describe('sessions', () => {
  it('after logout the session is refused', async () => {
    const browser = await loggedIn(ADMIN);
    const cookie = browser.cookie;
    const logout = await browser.request('DELETE', '/session');
    expect(logout.statusCode).toBe(204);
    expect(logout.cookies.find((c) => c.name === 'gestao')).toMatchObject({ value: '', path: '/', httpOnly: true, sameSite: 'Strict' });
    // The cookie kept anyway (a copy, another tab) no longer opens anything.
    browser.cookie = cookie;
    const after = await browser.request('GET', '/sessions');
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ message: 'Inicie sessão.' });
  });

  it('lists one’s own sessions by handle, and a session ended from another stops at once', async () => {
    const first = await loggedIn(EDITOR);
    const second = await loggedIn(EDITOR, '192.0.2.7');
    const list = (await first.request('GET', '/sessions')).json<{ sessions: { id: string; current: boolean; ip: string }[] }>();
    expect(list.sessions.length).toBeGreaterThanOrEqual(2);
    expect(list.sessions.filter((s) => s.current)).toHaveLength(1);
    const other = list.sessions.find((s) => s.ip === '192.0.2.7');
    expect(other).toBeDefined();
    // The handle is not the cookie's session id.
    expect(second.cookie).not.toContain(other?.id);
    expect((await first.request('DELETE', `/sessions/${other?.id}`)).statusCode).toBe(204);
    expect((await second.request('GET', '/sessions')).statusCode).toBe(401);
    expect((await first.request('GET', '/sessions')).statusCode).toBe(200);

    // Someone else's session: not found for a non-administrator, ended by an administrator.
    const admin = await loggedIn(ADMIN);
    const adminHandle = (await admin.request('GET', '/sessions'))
      .json<{ sessions: { id: string; current: boolean }[] }>()
      .sessions.find((s) => s.current)?.id;
    expect((await first.request('DELETE', `/sessions/${adminHandle}`)).statusCode).toBe(404);
    const editorId = (await first.request('GET', '/session')).json<{ user: { id: number } }>().user.id;
    const editorSessions = (await admin.request('GET', `/users/${editorId}/sessions`)).json<{ sessions: { id: string }[] }>().sessions;
    expect(editorSessions.length).toBeGreaterThanOrEqual(1);
    for (const s of editorSessions) expect((await admin.request('DELETE', `/sessions/${s.id}`)).statusCode).toBe(204);
    expect((await first.request('GET', '/sessions')).statusCode).toBe(401);
  });

  it('is shared by every instance on the database: one signing secret, one table of sessions', async () => {
    const other = await buildApp({ db, config, clock });
    try {
      const browser = await loggedIn(ADMIN);
      const headers = { cookie: `gestao=${browser.cookie}` };
      expect((await other.inject({ method: 'GET', url: '/gestao/api/sessions', headers })).statusCode).toBe(200);
      const ended = await other.inject({
        method: 'DELETE',
        url: '/gestao/api/session',
        headers: { ...headers, 'x-csrf-token': browser.csrf },
      });
      expect(ended.statusCode).toBe(204);
      expect((await browser.request('GET', '/sessions')).statusCode).toBe(401);
      // The session's secret, and the device cookies' (server/gestao/auth/device-cookies.ts): one of each for all instances
      // (beside the Web Push key pair, which the push sender makes once when it first runs: server/push/vapid-keys.ts).
      const secrets = await db.selectFrom('staff_secrets').select('name').where('name', '!=', 'vapid-keys').orderBy('name').execute();
      expect(secrets).toEqual([{ name: 'device-cookies' }, { name: 'session' }]);
    } finally {
      await other.close();
    }
  });

  it('ends a session idle for 30 minutes, and any session 12 hours after its login', async () => {
    const idle = await loggedIn(ADMIN);
    advance(29);
    expect((await idle.request('GET', '/sessions')).statusCode).toBe(200);
    advance(29);
    expect((await idle.request('GET', '/sessions')).statusCode).toBe(200);
    advance(31);
    expect((await idle.request('GET', '/sessions')).statusCode).toBe(401);

    const busy = await loggedIn(ADMIN);
    for (let minutes = 0; minutes < 12 * 60 - 25; minutes += 25) {
      advance(25);
      expect((await busy.request('GET', '/sessions')).statusCode).toBe(200);
    }
    advance(25);
    expect((await busy.request('GET', '/sessions')).statusCode).toBe(401);
  });
});

describe('invitations and accounts', () => {
  it('invites by a one-time link; the invited person chooses a password and is logged in', async () => {
    const admin = await loggedIn(ADMIN);
    const invited = await admin.request('POST', '/invitations', { email: 'Marta@Festa.pt', role: 'imprensa' });
    expect(invited.statusCode).toBe(200);
    // Without SMTP (the embedded default) the link is given to hand over.
    const { link, delivery } = invited.json<{ link: string; delivery: string }>();
    expect(delivery).toBe('link');
    expect(link).toMatch(/^http:\/\/localhost:3000\/gestao\/convite\/[A-Za-z0-9_-]{43}$/);
    const token = link.split('/').pop() ?? '';
    expect(
      await db.selectFrom('staff_invitations').select('token_hash').where('token_hash', '=', token).executeTakeFirst(),
    ).toBeUndefined();

    const guest = await new Browser().open();
    const opened = await guest.request('GET', `/invitations/${token}`);
    expect(opened.json()).toMatchObject({ email: 'marta@festa.pt', role: 'imprensa', roleLabel: 'Imprensa' });
    const weak = await guest.request('POST', `/invitations/${token}`, { password: 'marta@festa.pt12345' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json<{ message: string }>().message).toContain(PASSWORD_REASONS.personal);
    const short = await guest.request('POST', `/invitations/${token}`, { password: 'curta' });
    expect(short.json()).toEqual({ message: PASSWORD_TOO_SHORT });
    const accepted = await guest.request('POST', `/invitations/${token}`, { password: 'girassóis ao vento de agosto' });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ user: { email: 'marta@festa.pt', role: 'imprensa' } });
    guest.csrf = accepted.json<{ csrfToken: string }>().csrfToken;
    expect((await guest.request('GET', '/sessions')).statusCode).toBe(200);

    expect(
      (await new Browser().open().then((b) => b.request('POST', `/invitations/${token}`, { password: 'outra frase bem comprida e rara' })))
        .statusCode,
    ).toBe(404);
    expect((await new Browser().request('GET', `/invitations/${token}`)).statusCode).toBe(404);
    expect((await admin.request('POST', '/invitations', { email: 'marta@festa.pt', role: 'leitura' })).statusCode).toBe(409);
    expect((await admin.request('POST', '/invitations', { email: 'x@festa.pt', role: 'chefe' })).statusCode).toBe(400);

    const actions = (await listAudit(db, { outcome: 'ok' })).map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['invitation.create', 'invitation.accept']));
  });

  it('an invitation expires after 72 hours', async () => {
    const admin = await loggedIn(ADMIN);
    const token = (await admin.request('POST', '/invitations', { email: 'tarde@festa.pt', role: 'leitura' }))
      .json<{ link: string }>()
      .link.split('/')
      .pop();
    advance(72 * 60 + 1);
    expect((await new Browser().request('GET', `/invitations/${token}`)).statusCode).toBe(404);
  });

  it('changes a role, disables an account (its sessions end at once) and keeps the last administrator', async () => {
    const admin = await loggedIn(ADMIN);
    const users = (await admin.request('GET', '/users')).json<{ users: { id: number; email: string }[] }>().users;
    const editor = users.find((u) => u.email === EDITOR.email);
    const adminId = users.find((u) => u.email === ADMIN.email)?.id;
    expect(users.some((u) => 'password_hash' in u)).toBe(false);

    const editorBrowser = await loggedIn(EDITOR);
    const changed = await admin.request('PATCH', `/users/${editor?.id}`, { role: 'programacao' });
    expect(changed.json()).toMatchObject({ user: { role: 'programacao' } });
    expect((await editorBrowser.request('GET', '/session')).json()).toMatchObject({ user: { role: 'programacao' } });

    expect((await admin.request('PATCH', `/users/${editor?.id}`, { disabled: true })).statusCode).toBe(200);
    expect((await editorBrowser.request('GET', '/sessions')).statusCode).toBe(401);
    expect((await new Browser().login(EDITOR.email, EDITOR.password)).json()).toEqual({ message: WRONG });
    expect((await admin.request('PATCH', `/users/${editor?.id}`, { disabled: false, role: 'edicao' })).statusCode).toBe(200);

    const last = await admin.request('PATCH', `/users/${adminId}`, { role: 'leitura' });
    expect(last.statusCode).toBe(409);
    expect(last.json()).toEqual({ message: 'Tem de ficar pelo menos uma conta de Administração ativa.' });

    const updates = await listAudit(db, { action: 'user.update' });
    expect(updates.find((e) => e.outcome === 'ok')).toMatchObject({ actorEmail: ADMIN.email, subject: `staff_users/${editor?.id}` });
    expect(
      updates.some((e) => e.outcome === 'ok' && JSON.stringify(e.before) === JSON.stringify({ role: 'edicao', disabled: false })),
    ).toBe(true);
  });
});

describe('roles and the audit log', () => {
  it('answers 403 to a non-administrator on users and the audit log, and logs the refusal', async () => {
    const editor = await loggedIn(EDITOR);
    for (const path of ['/users', '/audit', '/audit.csv']) {
      const response = await editor.request('GET', path);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: 'Não tem permissão para fazer isto.' });
    }
    expect((await editor.request('POST', '/invitations', { email: 'y@festa.pt', role: 'leitura' })).statusCode).toBe(403);
    const denied = await listAudit(db, { actorEmail: EDITOR.email, outcome: 'denied' });
    expect(denied.map((e) => e.action)).toEqual(
      expect.arrayContaining(['GET /gestao/api/users', 'GET /gestao/api/audit', 'POST /gestao/api/invitations']),
    );
    expect((await new Browser().request('GET', '/users')).statusCode).toBe(401);
  });

  it('filters the log for administrators, as JSON and as CSV', async () => {
    const admin = await loggedIn(ADMIN);
    const denied = (await admin.request('GET', '/audit?outcome=denied&limit=2')).json<{ entries: { outcome: string; at: string }[] }>();
    expect(denied.entries).toHaveLength(2);
    expect(denied.entries.every((e) => e.outcome === 'denied')).toBe(true);
    expect(denied.entries[0]!.at >= denied.entries[1]!.at).toBe(true);
    const byActor = (await admin.request('GET', `/audit?actor=${EDITOR.email}&action=login`)).json<{ entries: { actorEmail: string }[] }>();
    expect(byActor.entries.length).toBeGreaterThan(0);
    expect(byActor.entries.every((e) => e.actorEmail === EDITOR.email)).toBe(true);
    const day = clock().toISOString().slice(0, 10);
    const today = (await admin.request('GET', `/audit?from=${day}&to=${day}`)).json<{ entries: { at: string }[] }>();
    expect(today.entries.length).toBeGreaterThan(0);
    expect(today.entries.every((e) => e.at.startsWith(day))).toBe(true);
    expect((await admin.request('GET', '/audit?from=ontem')).statusCode).toBe(400);
    expect((await admin.request('GET', '/audit?outcome=talvez')).statusCode).toBe(400);

    const csv = await admin.request('GET', '/audit.csv?action=login&outcome=ok');
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toContain('attachment');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('id,at,actor_id,actor_email,ip,action,subject,outcome,before_json,after_json');
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.slice(1).every((line) => line.includes(',login,') && line.includes(',ok,'))).toBe(true);
  });

  it('asks for the password again before a sensitive action once the login is more than five minutes old', async () => {
    const admin = await loggedIn(ADMIN);
    expect((await admin.request('GET', '/audit.csv')).statusCode).toBe(200);
    advance(6);
    const asked = await admin.request('GET', '/audit.csv');
    expect(asked.statusCode).toBe(401);
    expect(asked.json()).toEqual({ message: REAUTH_REQUIRED, reauthRequired: true });
    // Still logged in: only the sensitive action waits.
    expect((await admin.request('GET', '/audit?limit=1')).statusCode).toBe(200);
    const wrong = await admin.request('POST', '/reauth', { password: 'não é esta a palavra-passe' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: 'Palavra-passe incorreta.' });
    const cookieBefore = admin.cookie;
    expect((await admin.request('POST', '/reauth', { password: ADMIN.password })).statusCode).toBe(200);
    // The password proved again gives the session a new id (ASVS 7.2.4); its CSRF token stays good.
    expect(admin.cookie).toBeDefined();
    expect(admin.cookie).not.toBe(cookieBefore);
    expect((await Object.assign(new Browser(), { cookie: cookieBefore }).request('GET', '/sessions')).statusCode).toBe(401);
    expect((await admin.request('GET', '/audit.csv')).statusCode).toBe(200);
    const attempts = (await admin.request('GET', '/audit?action=reauth')).json<{ entries: { outcome: string }[] }>();
    expect(attempts.entries.map((e) => e.outcome)).toEqual(['ok', 'failed']);
    advance(6);
    expect((await admin.request('PATCH', '/users/2', { role: 'leitura' })).json()).toEqual({
      message: REAUTH_REQUIRED,
      reauthRequired: true,
    });
  });

  it('the database refuses to change or delete an audit row', async () => {
    const before = (await listAudit(db, { limit: 5000 })).length;
    await expect(sql`update audit_log set outcome = 'ok' where outcome = 'denied'`.execute(db)).rejects.toThrow(/append-only/);
    await expect(sql`delete from audit_log`.execute(db)).rejects.toThrow(/append-only/);
    await expect(db.deleteFrom('audit_log').where('action', '=', 'login').execute()).rejects.toThrow(/append-only/);
    expect((await listAudit(db, { limit: 5000 })).length).toBe(before);
  });
});

describe('caching and headers', () => {
  it('every answer is no-store and noindex, errors and unknown addresses included, and none is kept by the response cache', async () => {
    const madeBefore = [...app.responseCache.made.values()].reduce((a, b) => a + b, 0);
    const sizeBefore = app.responseCache.size;
    const admin = await loggedIn(ADMIN);
    // Browser.request checks Cache-Control and X-Robots-Tag on each of these.
    const answers = [
      await admin.request('GET', '/session'),
      await admin.request('GET', '/session'),
      await admin.request('GET', '/users'),
      await admin.request('GET', '/audit.csv'),
      await admin.request('GET', '/nada'),
      await admin.request('POST', '/nada', {}),
      await new Browser().request('GET', '/sessions'),
      await new Browser().request('POST', '/session', { email: 'a' }),
    ];
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 404, 404, 401, 403]);
    expect(answers[4]!.json()).toEqual({ message: 'Endereço desconhecido.' });
    expect(answers[0]!.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
    expect(answers[0]!.headers['x-frame-options']).toBe('DENY');
    // Limited per address like the public API (RATE_LIMIT_GETS, RATE_LIMIT_POSTS).
    expect(answers[0]!.headers['x-ratelimit-limit']).toBe('600');
    // Two answers to the same request were made separately (each its own CSRF token).
    expect(answers[0]!.json<{ csrfToken: string }>().csrfToken).not.toBe(answers[1]!.json<{ csrfToken: string }>().csrfToken);
    expect([...app.responseCache.made.values()].reduce((a, b) => a + b, 0)).toBe(madeBefore);
    expect(app.responseCache.size).toBe(sizeBefore);
  });
});

describe('two-step login (TOTP)', () => {
  const TOTP_ADMIN = { email: 'teresa.admin@festa.pt', password: 'estrelas cadentes sobre o tejo' };

  it('is set up with a first code, then asked at every login, each code good once; an administrator can turn it off', async () => {
    expect((await staffCommand(['add', TOTP_ADMIN.email, '--role', 'administracao', '--password-stdin'], TOTP_ADMIN.password)).code).toBe(
      0,
    );
    // An administrator: the first login is let in to set it up, and to nothing else.
    const browser = new Browser();
    expect((await browser.login(TOTP_ADMIN.email, TOTP_ADMIN.password)).json()).toMatchObject({ enrolmentRequired: true });
    const setup = await browser.request('POST', '/totp/setup');
    expect(setup.statusCode).toBe(200);
    const { uri, secret } = setup.json<{ uri: string; secret: string }>();
    expect(uri).toMatch(/^otpauth:\/\/totp\/.*teresa\.admin%40festa\.pt\?/);
    expect(uri).toContain(`secret=${secret}`);
    expect(uri).toContain('issuer=8%C2%BD%20Festa%20do%20Cinema%20Italiano');

    expect((await browser.request('POST', '/totp/confirm', { code: '000000' })).statusCode).toBe(400);
    expect((await browser.request('GET', '/session')).json()).toMatchObject({ totpEnabled: false });
    expect((await browser.request('POST', '/totp/confirm', { code: totpCodeAt(secret, clock()) })).statusCode).toBe(200);
    expect((await browser.request('POST', '/totp/setup')).statusCode).toBe(409);
    // The session says so, so that "A minha conta" never offers to turn it on again.
    expect((await browser.request('GET', '/session')).json()).toMatchObject({ totpEnabled: true });

    const noCode = await new Browser().login(TOTP_ADMIN.email, TOTP_ADMIN.password);
    expect(noCode.statusCode).toBe(401);
    expect(noCode.json()).toEqual({ message: TOTP_REQUIRED, totpRequired: true });
    const wrongPassword = await new Browser().login(TOTP_ADMIN.email, 'não é esta a palavra', { code: totpCodeAt(secret, clock()) });
    expect(wrongPassword.json()).toEqual({ message: WRONG });
    const wrongCode = await new Browser().login(TOTP_ADMIN.email, TOTP_ADMIN.password, { code: '123456' });
    expect(wrongCode.statusCode).toBe(401);
    expect(wrongCode.json()).toEqual({ message: TOTP_WRONG, totpRequired: true });
    // The code that confirmed the setup is spent: the next one (30 s on) lets in, once.
    expect((await new Browser().login(TOTP_ADMIN.email, TOTP_ADMIN.password, { code: totpCodeAt(secret, clock()) })).statusCode).toBe(401);
    advance(1);
    const code = totpCodeAt(secret, clock());
    const ok = await new Browser().login(TOTP_ADMIN.email, TOTP_ADMIN.password, { code });
    expect(ok.statusCode).toBe(200);
    expect((await new Browser().login(TOTP_ADMIN.email, TOTP_ADMIN.password, { code })).json()).toEqual({
      message: TOTP_WRONG,
      totpRequired: true,
    });

    const admin = await loggedIn(ADMIN);
    const users = (await admin.request('GET', '/users')).json<{ users: { id: number; email: string; totpEnabled: boolean }[] }>().users;
    const teresa = users.find((u) => u.email === TOTP_ADMIN.email);
    expect(teresa?.totpEnabled).toBe(true);
    const editor = await loggedIn(EDITOR);
    expect((await editor.request('DELETE', `/users/${teresa?.id}/totp`)).statusCode).toBe(403);
    expect((await admin.request('DELETE', `/users/${teresa?.id}/totp`)).statusCode).toBe(204);
    // Turned off, the next login is let in only to set it up again.
    const again = await new Browser().login(TOTP_ADMIN.email, TOTP_ADMIN.password);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ enrolmentRequired: true });
    const actions = (await listAudit(db, { actorEmail: ADMIN.email, action: 'totp.reset' })).map((e) => e.outcome);
    expect(actions).toEqual(['ok']);
  });
});

describe('over HTTPS', () => {
  it('names the cookie __Host-gestao and marks it Secure when PUBLIC_URL is https', async () => {
    const https = await startServer({ PUBLIC_URL: 'https://festa.example', TRUST_PROXY: '127.0.0.1' });
    try {
      const response = await https.app.inject({ method: 'GET', url: '/gestao/api/session', headers: { 'x-forwarded-proto': 'https' } });
      expect(response.statusCode).toBe(200);
      const cookie = response.cookies.find((c) => c.name === '__Host-gestao');
      expect(cookie).toMatchObject({ path: '/', secure: true, httpOnly: true, sameSite: 'Strict' });
      expect(cookie?.domain).toBeUndefined();
      // Logging out clears it with the same attributes (a browser ignores a __Host- Set-Cookie without Secure).
      const logout = await https.app.inject({
        method: 'DELETE',
        url: '/gestao/api/session',
        headers: {
          'x-forwarded-proto': 'https',
          cookie: `__Host-gestao=${cookie?.value}`,
          'x-csrf-token': response.json<{ csrfToken: string }>().csrfToken,
        },
      });
      expect(logout.statusCode).toBe(204);
      expect(logout.cookies.find((c) => c.name === '__Host-gestao')).toMatchObject({ value: '', secure: true, path: '/' });
    } finally {
      await https.close();
    }
  });
});
