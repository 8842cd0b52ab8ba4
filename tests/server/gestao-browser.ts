/**
 * The back office for server tests: an app on a fresh database with its staff accounts, on a clock
 * the test moves (startBackOffice, TestClock), and a browser of it that keeps its cookie and the
 * CSRF token GET /gestao/api/session gave it, and checks that every answer stays out of caches and
 * indexes.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { join } from 'node:path';
import { Secret, TOTP } from 'otpauth';
import { expect } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig, type Config } from '../../server/config';
import { openDatabase, type Db } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';
import { runStaffCommand } from '../../server/gestao/run-staff-command';
import { createTestDatabase, FESTIVAL_START, NOW } from './helper';

/** The code an authenticator app shows for `secret` at `now` (RFC 6238 as server/gestao/auth/totp.ts). */
export function authenticatorCode(secret: string, now: Date): string {
  return TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: now.getTime(), algorithm: 'SHA1', digits: 6, period: 30 });
}

/** A browser of the back office: keeps its cookies (the session's, the device's) and the CSRF token GET /session gave it. */
export class GestaoBrowser {
  cookie: string | undefined;
  csrf: string | undefined;
  /** The device cookie a successful login gave this browser (server/gestao/auth/device-cookies.ts). */
  device: string | undefined;

  constructor(
    readonly app: FastifyInstance,
    readonly address = '127.0.0.1',
  ) {}

  /** `sent`: the headers a page's own request carries (its CSRF token, its content type), over this browser's. */
  async request(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    path: string,
    payload?: object | string,
    withCsrf = true,
    sent: Record<string, string> = {},
  ): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = { 'user-agent': 'Teste/1.0', ...sent };
    const cookies = [this.cookie && `gestao=${this.cookie}`, this.device && `gestao-dispositivo=${this.device}`].filter(Boolean);
    if (cookies.length > 0) headers.cookie = cookies.join('; ');
    if (withCsrf && this.csrf && method !== 'GET') headers['x-csrf-token'] = this.csrf;
    const response = await this.app.inject({ method, url: `/gestao/api${path}`, headers, payload, remoteAddress: this.address });
    const set = response.cookies.find((c) => c.name === 'gestao');
    if (set) this.cookie = set.value === '' ? undefined : set.value;
    const device = response.cookies.find((c) => c.name === 'gestao-dispositivo');
    if (device) this.device = device.value === '' ? undefined : device.value;
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['x-robots-tag']).toBe('noindex, nofollow');
    return response;
  }

  async open(): Promise<this> {
    const response = await this.request('GET', '/session');
    expect(response.statusCode).toBe(200);
    this.csrf = response.json<{ csrfToken: string }>().csrfToken;
    return this;
  }

  async login(email: string, password: string, extra: object = {}): Promise<LightMyRequestResponse> {
    if (!this.csrf) await this.open();
    const response = await this.request('POST', '/session', { email, password, ...extra });
    if (response.statusCode === 200) this.csrf = response.json<{ csrfToken: string }>().csrfToken;
    return response;
  }

  /**
   * Sets up the two-step login of the account logged in here, as a person with an authenticator
   * app does (the otpauth:// secret, then its code at `now`); the secret, for the next logins.
   */
  async enrolTotp(now: Date): Promise<string> {
    const setup = await this.request('POST', '/totp/setup');
    expect(setup.statusCode).toBe(200);
    const { secret } = setup.json<{ secret: string }>();
    const confirmed = await this.request('POST', '/totp/confirm', { code: authenticatorCode(secret, now) });
    expect(confirmed.statusCode).toBe(200);
    return secret;
  }
}

/**
 * Logs staff in as the server tests need, administrators included: an administrator must have the
 * two-step login (server/gestao/auth/enrolment.ts), so the first login of one enrols it and every
 * later one gives a code. A code's time step is good once, so `nextStep` moves the test's clock
 * on by 30 seconds before each login with a code.
 */
export class StaffLogins {
  private readonly secrets = new Map<string, string>();

  constructor(
    private readonly clock: () => Date,
    private readonly nextStep: () => void,
  ) {}

  /** The TOTP secret of an account enrolled here (undefined when it has none). */
  secretOf(email: string): string | undefined {
    return this.secrets.get(email);
  }

  /** Remembers the secret of an account a test enrolled itself. */
  remember(email: string, secret: string): void {
    this.secrets.set(email, secret);
  }

  /** Forgets an account's secret (an administrator turned its two-step login off). */
  forget(email: string): void {
    this.secrets.delete(email);
  }

  /** Logs `browser` in (200 expected), enrolling or giving a code when the account needs it. */
  async logIn(browser: GestaoBrowser, who: { email: string; password: string }): Promise<void> {
    const secret = this.secrets.get(who.email);
    if (secret) this.nextStep();
    const response = await browser.login(who.email, who.password, secret ? { code: authenticatorCode(secret, this.clock()) } : {});
    expect(response.statusCode, response.body).toBe(200);
    if (response.json<{ enrolmentRequired: boolean }>().enrolmentRequired) {
      this.secrets.set(who.email, await browser.enrolTotp(this.clock()));
    }
  }
}

/** The password the server tests give the accounts they make. */
export const STAFF_PASSWORD = 'lanterna magica de trastevere';

/** An account made as `npm run staff -- add` makes it (on `db`, the app's or a process server's database). */
export async function addStaffAccount(
  db: Db,
  email: string,
  role: string,
  { now = NOW, password = STAFF_PASSWORD }: { now?: Date; password?: string } = {},
): Promise<void> {
  const made = await runStaffCommand(['add', email, '--role', role, '--password-stdin'], {
    db,
    now,
    readStdin: () => Promise.resolve(`${password}\n`),
  });
  expect(made.code, made.err).toBe(0);
}

/**
 * A staff member logged in on a browser of their own: the account made as `npm run staff -- add`
 * makes it, with STAFF_PASSWORD; an administrator's second factor set up at the first login, as
 * the server asks before anything else answers (later logins with a code: StaffLogins).
 */
export async function loggedInStaff(
  server: { app: FastifyInstance; db: Db },
  email: string,
  role: string,
  now = NOW,
): Promise<GestaoBrowser> {
  await addStaffAccount(server.db, email, role, { now });
  const browser = new GestaoBrowser(server.app);
  const login = await browser.login(email, STAFF_PASSWORD);
  expect(login.statusCode).toBe(200);
  if (login.json<{ enrolmentRequired: boolean }>().enrolmentRequired) await browser.enrolTotp(now);
  return browser;
}

/** A clock a test moves by hand, from the pinned NOW. */
export class TestClock {
  private ms = NOW.getTime();
  readonly now = (): Date => new Date(this.ms);
  readonly advance = (minutes: number): void => {
    this.ms += minutes * 60_000;
  };
}

export interface StaffAccount {
  email: string;
  password: string;
}

export interface BackOffice {
  app: FastifyInstance;
  db: Db;
  config: Config;
  /** The database's location (a SQLite file or a PostgreSQL URL), for a command run beside the app. */
  location: string;
  /** Each account's id, by email. */
  ids: Record<string, number>;
  close: () => Promise<void>;
}

/**
 * The back office on a fresh, migrated database with no content (it needs none), on `clock`, with
 * `accounts` made as `npm run staff -- add` makes them. `prepare` fills the database first (the
 * site's own words, say); `env` adds to the configuration.
 */
export async function startBackOffice(
  clock: () => Date,
  accounts: [StaffAccount, string][],
  { env = {}, prepare }: { env?: Record<string, string>; prepare?: (db: Db) => Promise<void> } = {},
): Promise<BackOffice> {
  const created = await createTestDatabase();
  const config = loadConfig(
    { NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE: created.location, FESTIVAL_START, MEDIA_CACHE_DIR: join(created.dir, 'm'), ...env },
    NOW,
  );
  const db = openDatabase(config.database);
  await migrateToLatest(db);
  await prepare?.(db);
  const app = await buildApp({ db, config, clock });
  await app.ready();
  const ids: Record<string, number> = {};
  for (const [who, role] of accounts) {
    await addStaffAccount(db, who.email, role, { now: clock(), password: who.password });
    ids[who.email] = (await db.selectFrom('staff_users').select('id').where('email', '=', who.email).executeTakeFirstOrThrow()).id;
  }
  return {
    app,
    db,
    config,
    location: created.location,
    ids,
    close: async () => {
      await app.close();
      await db.destroy();
      await created.drop();
    },
  };
}
