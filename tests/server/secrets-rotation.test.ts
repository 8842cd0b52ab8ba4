/**
 * `npm run secrets -- rotate`: a new value for a secret the instances share. After a rotation of
 * the session's secret, an instance that starts (the rolling restart of docs/operations.md) no
 * longer accepts a cookie signed before it: the staff log in again.
 */
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { addStaffAccount, GestaoBrowser } from './gestao-browser';
import { startTestServer, type TestServer } from './helper';

const EDITOR = { email: 'edicao@festa.pt', password: 'uma frase longa que só a edição sabe' };
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
  await addStaffAccount(server.db, EDITOR.email, 'edicao', { now: new Date(), password: EDITOR.password });
});
afterAll(async () => {
  await server?.close();
});

function rotate(...args: string[]) {
  return spawnSync(process.execPath, ['--import', 'tsx', 'server/cli/secrets-command.ts', ...args], {
    env: { ...process.env, DATABASE: server.config.database, LOG_LEVEL: 'silent' },
    encoding: 'utf8',
    timeout: 60_000,
  });
}

describe('npm run secrets -- rotate', () => {
  it('ends every staff session once an instance restarts with the new secret', async () => {
    const browser = new GestaoBrowser(server.app);
    expect((await browser.login(EDITOR.email, EDITOR.password)).statusCode).toBe(200);
    const before = (await browser.request('GET', '/session')).json<{ user: { email: string } | null }>();
    expect(before.user?.email).toBe(EDITOR.email);

    const rotated = rotate('rotate', 'session');
    expect(rotated.stderr).toBe('');
    expect(rotated.stdout).toMatch(/^Segredo «session» substituído: todas as pessoas da equipa terão de iniciar sessão de novo\./);
    expect(rotated.status).toBe(0);

    // The instance already running keeps the secret it read at start-up until it is restarted.
    expect((await browser.request('GET', '/session')).json<{ user: unknown }>().user).not.toBeNull();

    const restarted = await buildApp({ db: server.db, config: server.config, clock: () => new Date() });
    try {
      const same = new GestaoBrowser(restarted);
      same.cookie = browser.cookie;
      expect((await same.request('GET', '/session')).json<{ user: unknown }>().user).toBeNull();
      const again = new GestaoBrowser(restarted);
      expect((await again.login(EDITOR.email, EDITOR.password)).statusCode).toBe(200);
    } finally {
      await restarted.close();
    }
  }, 90_000);

  it('refuses an unknown secret or verb with the usage, exit code 2, changing nothing', async () => {
    const secrets = () => server.db.selectFrom('staff_secrets').select(['name', 'value']).orderBy('name').execute();
    // The push sender makes its key pair once, as it first runs: made before the comparison, not during it.
    await server.app.pushSender.publicKey();
    const before = await secrets();
    const unknown = rotate('rotate', 'tudo');
    expect(unknown.stderr).toBe(
      'Segredo desconhecido: «tudo». Uso: npm run secrets -- rotate <session|preview-links|device-cookies|audit-key>\n',
    );
    expect(unknown.status).toBe(2);
    const noVerb = rotate('apagar', 'session');
    expect(noVerb.stderr).toBe('Uso: npm run secrets -- rotate <session|preview-links|device-cookies|audit-key>\n');
    expect(noVerb.status).toBe(2);
    expect(await secrets()).toEqual(before);
  }, 90_000);
});
