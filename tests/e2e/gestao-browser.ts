/**
 * The back office as the e2e stories use it, on a server of their own (pinned-server.ts): accounts
 * made with `npm run staff`, logging in (an administrator's two-step login included: its first
 * login sets it up with an authenticator app's codes, every later one gives a code), and axe on a
 * screen.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { addStaffAccount } from '../support/staff-command';
import { expect } from './fixtures';
import { startOwnServer, type OwnServer } from './pinned-server';

export const PASSWORD = 'lanterna-magica-de-trastevere-26';

/** Adds an account to the server's database, as `npm run staff -- add` does. */
export const addStaff = (database: string, address: string, role: string, password = PASSWORD): Promise<void> =>
  addStaffAccount(database, address, role, password);

/** The hooks of the `test` a spec file uses (fixtures.ts's, or pinned-server.ts's testOnOwnServer). */
interface StoryHooks {
  beforeAll(run: () => Promise<void>): void;
  afterAll(run: () => Promise<void>): void;
  setTimeout(timeout: number): void;
}

/**
 * A server of the file's (or the serial block's) own with these accounts (address: role, made with
 * `npm run staff`), started before its stories and stopped after them; read it inside the stories.
 */
export function ownServerWithStaff(test: StoryHooks, accounts: Record<string, string>): OwnServer {
  let started: OwnServer | undefined;
  const running = (): OwnServer => {
    if (!started) throw new Error('The server is read before test.beforeAll started it.');
    return started;
  };
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    started = await startOwnServer({});
    for (const [address, role] of Object.entries(accounts)) await addStaff(started.database, address, role);
  });
  test.afterAll(async () => {
    await started?.stop();
  });
  return {
    get url() {
      return running().url;
    },
    get database() {
      return running().database;
    },
    stop: () => running().stop(),
  };
}

/** An action's result is on the screen: its own line, or the toast that repeats it when the line is out of view. */
export async function resultInView(page: Page, text: string): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate((said) => {
        const shown = [...document.querySelectorAll('.gestao-status, .gestao-toast > p')].filter((e) => e.textContent?.includes(said));
        return shown.some((e) => {
          const box = e.getBoundingClientRect();
          return box.height > 0 && box.bottom > 0 && box.top < innerHeight && box.right > 0 && box.left < innerWidth;
        });
      }, text),
    )
    .toBe(true);
}

/**
 * A link of the back office's menu, the menu opened first on a phone (600 px or less), where it is
 * one "Menu" button until opened.
 */
export async function gestaoMenuLink(page: Page, name: string, exact = false): Promise<Locator> {
  const nav = page.getByRole('navigation', { name: 'Gestão' });
  const button = nav.getByRole('button', { name: 'Menu' });
  // After a login the menu is still to come: isVisible() does not wait for it.
  await expect(nav).toBeVisible();
  if ((await button.isVisible()) && (await button.getAttribute('aria-expanded')) === 'false') await button.click();
  return nav.getByRole('link', { name, exact });
}

export async function noAxeViolations(page: Page, screen: string): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const report = results.violations.map(
    (v) => `${v.id} (${v.impact}) on ${screen}: ${v.help}\n    ${v.nodes.map((n) => n.target.join(' ')).join('\n    ')}`,
  );
  expect(report, report.join('\n')).toEqual([]);
}

const PERIOD_MS = 30_000;
/** How long a code may take to reach the server: a step about to leave the server's window is not used. */
const IN_FLIGHT_MS = 10_000;
/** The TOTP secrets of the accounts enrolled by these helpers, by server and email. */
const secrets = new Map<string, string>();
/** The last time step a code was given for, by server and email: each step's code is good once. */
const usedSteps = new Map<string, number>();

/**
 * A time step whose code the server takes now and that comes after `after` (the account's last
 * one). The server (server/gestao/auth/totp.ts) takes the step before its own, its own and the next
 * (a phone a little off), each once and in order, so an account logs in up to three times within
 * one step without waiting: the step before while it has more than IN_FLIGHT_MS left, then this
 * one, then the next. Only a fourth login waits for the clock. The server runs on this machine's clock.
 */
export async function unusedStep(after: number | undefined): Promise<number> {
  const now = Date.now();
  const current = Math.floor(now / PERIOD_MS);
  const previousStillTaken = (current + 1) * PERIOD_MS - now > IN_FLIGHT_MS;
  const step = Math.max((after ?? -Infinity) + 1, previousStillTaken ? current - 1 : current);
  // The next step is taken from the moment this one starts.
  const wait = (step - 1) * PERIOD_MS - now;
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  return step;
}

/** The code of `secret` for a step this account has not used (its authenticator app shows it now, or a step either side). */
async function freshCode(key: string, secret: string): Promise<string> {
  const step = await unusedStep(usedSteps.get(key));
  usedSteps.set(key, step);
  return TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: step * PERIOD_MS, algorithm: 'SHA1', digits: 6, period: 30 });
}

/**
 * A browser of one server's back office. `consoleProblems` is the story's fixture: the login of an
 * account with the two-step login answers 401 once (the code is asked after the password), which
 * the browser logs; that one refusal, and nothing else, is forgiven.
 */
export class GestaoStaff {
  constructor(
    readonly url: string,
    private readonly consoleProblems: string[],
  ) {}

  private key(address: string): string {
    return `${this.url} ${address}`;
  }

  /** Fills the login form and sends it; with the account's code too when it has the two-step login. */
  async logIn(page: Page, address: string, password = PASSWORD): Promise<void> {
    await page.goto(`${this.url}/gestao`);
    await page.getByLabel('Email').fill(address);
    await page.getByLabel('Palavra-passe').fill(password);
    const secret = secrets.get(this.key(address));
    const before = this.consoleProblems.length;
    await page.getByRole('button', { name: 'Entrar', exact: true }).click();
    if (!secret || password !== PASSWORD) return;
    const code = page.getByLabel('Código da aplicação de autenticação');
    await expect(code).toBeVisible();
    await code.fill(await freshCode(this.key(address), secret));
    await page.getByRole('button', { name: 'Entrar', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Terminar sessão' })).toBeVisible();
    const asked = this.consoleProblems.slice(before).filter((p) => /status of 401/.test(p));
    expect(asked).toHaveLength(1);
    this.consoleProblems.splice(this.consoleProblems.indexOf(asked[0]!), 1);
  }

  /** Logs in and waits for the header to name the person. */
  async loggedIn(page: Page, address: string): Promise<void> {
    await this.logIn(page, address);
    await expect(page.getByText(new RegExp(`^${address.replace('.', '\\.')} · `))).toBeVisible();
  }

  /**
   * An administrator's first login: only the enrolment is shown; the two-step login is set up with
   * the key shown (typed into an authenticator app, here computed by otpauth) and its first code.
   */
  async enrolAtFirstLogin(page: Page, address: string): Promise<void> {
    await this.logIn(page, address);
    await expect(page.getByRole('heading', { level: 1, name: 'Ative a verificação em dois passos' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Gestão' })).toHaveCount(0);
    await noAxeViolations(page, 'Ativar a verificação em dois passos');
    await page.getByRole('button', { name: 'Ativar a verificação em dois passos' }).click();
    const secret = ((await page.locator('code.gestao-link').textContent()) ?? '').trim();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    secrets.set(this.key(address), secret);
    await page.getByLabel('Código de 6 algarismos que a aplicação mostra').fill(await freshCode(this.key(address), secret));
    await page.getByRole('button', { name: 'Confirmar' }).click();
    await expect(page.getByText(new RegExp(`^${address.replace('.', '\\.')} · Administração`))).toBeVisible();
  }
}
