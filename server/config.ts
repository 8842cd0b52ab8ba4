/**
 * The server's configuration, read from the environment once at start-up and validated: a bad
 * value stops the server with a message naming the variable, before anything listens.
 */
import proxyAddr from '@fastify/proxy-addr';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { number, object, string, ValidationError } from 'yup';
import { lisbonDate, lisbonInstant, addDays } from './clock';
import { auditKeysOf, type AuditKeys } from './db/audit-seal';
import {
  DEFAULT_PUSH_LEASE_SECONDS,
  MAX_PUSH_LEASE_SECONDS,
  MIN_PUSH_LEASE_SECONDS,
  pushServiceOriginsOf,
  vapidSettingsOf,
  type PushServiceOrigins,
  type VapidSettings,
} from './push/push-config';

const ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '..');

/**
 * Which peers may tell the client's address (X-Forwarded-For) and protocol (X-Forwarded-Proto):
 * given the address of a hop and its distance (0: the socket's peer), whether to trust it. Fastify
 * (request.ip, request.protocol) and the front door both call this one function.
 */
export type ProxyTrust = (address: string, hop: number) => boolean;

const TRUST_PROXY_EXAMPLES = 'o número de proxies à frente do servidor (1) ou os seus endereços (127.0.0.1, 10.0.0.0/8, loopback)';

/**
 * TRUST_PROXY: unset, false or 0, no proxy (the socket's address is the client's); a hop count;
 * or proxy addresses and networks, comma-separated, as @fastify/proxy-addr reads them. `true` is
 * refused: a proxy that appends to X-Forwarded-For passes on whatever the client put first, so
 * trusting every hop lets the client choose its address (rate limits, login limits, audit log).
 * A hop count trusts whatever connects to the socket: right only when nothing but the proxy can
 * reach the server (HOST=127.0.0.1, a firewall); addresses are stricter.
 */
function proxyTrustOf(value: string | undefined): ProxyTrust | false {
  const text = (value ?? '').trim();
  if (text === '' || /^(false|0)$/i.test(text)) return false;
  if (/^true$/i.test(text)) {
    throw new Error(
      `TRUST_PROXY=true deixa cada cliente escolher o seu endereço (basta enviar X-Forwarded-For): indique ${TRUST_PROXY_EXAMPLES}.`,
    );
  }
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    return (_address, hop) => hop < hops;
  }
  try {
    return proxyAddr.compile(text.split(',').map((a) => a.trim()));
  } catch {
    throw new Error(
      `TRUST_PROXY «${text}» não é um número nem uma lista de endereços separados por vírgulas: indique ${TRUST_PROXY_EXAMPLES}.`,
    );
  }
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

const isPostgresUrl = (value: string) => /^postgres(ql)?:\/\//.test(value);

/** The server and database a postgres:// URL names, without the role or its password. */
function postgresTarget(value: string): string | undefined {
  try {
    const url = new URL(value);
    return `${url.hostname}:${url.port || '5432'}${decodeURIComponent(url.pathname)}`;
  } catch {
    return undefined;
  }
}

/**
 * MIGRATION_DATABASE: unset (DATABASE migrates, as always), or the same PostgreSQL database as
 * DATABASE reached as another role, the owner of the tables: a typo must not migrate one database
 * and serve another.
 */
function migrationDatabaseProblem(value: string | undefined, database: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (!isPostgresUrl(value) || postgresTarget(value) === undefined) {
    return 'MIGRATION_DATABASE tem de ser um URL postgres:// (o papel dono das tabelas, que aplica as migrações)';
  }
  if (database === undefined || !isPostgresUrl(database)) {
    return 'MIGRATION_DATABASE só serve com PostgreSQL: DATABASE tem de ser um URL postgres:// da mesma base de dados';
  }
  if (postgresTarget(value) !== postgresTarget(database)) {
    return `MIGRATION_DATABASE e DATABASE têm de apontar para a mesma base de dados (${postgresTarget(value)} não é ${postgresTarget(database) ?? 'um URL válido'}), com papéis diferentes`;
  }
  return undefined;
}

const envSchema = object({
  NODE_ENV: string().oneOf(['development', 'production', 'test']).default('production'),
  PORT: number().typeError('PORT tem de ser um número').integer().min(0).max(65535).default(3000),
  HOST: string().default('0.0.0.0'),
  DATABASE: string()
    .default(resolve(ROOT, 'data/festa.sqlite'))
    .test('database', 'DATABASE tem de ser um caminho de ficheiro SQLite ou um URL postgres://', (v) =>
      Boolean(v && (v === ':memory:' || /^postgres(ql)?:\/\//.test(v) || !/^[a-z]+:\/\//i.test(v))),
    ),
  // PostgreSQL with two roles (docs/operations.md): the tables' owner, for the migrations only.
  MIGRATION_DATABASE: string()
    .test('migration-database', '', function (v) {
      const problem = migrationDatabaseProblem(v, (this.parent as { DATABASE?: string }).DATABASE);
      return problem === undefined || this.createError({ message: problem });
    })
    .optional(),
  // new URL rather than Yup's url(), which refuses hosts without a dot such as http://localhost:3000.
  PUBLIC_URL: string()
    .test('url', 'PUBLIC_URL tem de ser um URL (https://...)', (v) => v === undefined || isHttpUrl(v))
    .optional(),
  FESTIVAL_START: string()
    .matches(/^\d{4}-\d{2}-\d{2}$/, 'FESTIVAL_START tem de ser uma data AAAA-MM-DD')
    .test('date', 'FESTIVAL_START não é uma data válida', (v) => !v || !Number.isNaN(Date.parse(`${v}T00:00:00Z`)))
    .optional(),
  CLOCK_AT: string()
    .matches(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, 'CLOCK_AT tem de ser uma hora de Lisboa AAAA-MM-DDTHH:MM')
    .test('time', 'CLOCK_AT não é uma hora válida', (v) => !v || !Number.isNaN(Date.parse(`${v}:00Z`)))
    .optional(),
  FESTIVAL_DAYS: number().typeError('FESTIVAL_DAYS tem de ser um número').integer().min(1).max(60).default(9),
  CONTENT_DIR: string().default(resolve(ROOT, 'server/content')),
  // The build (`npm run build`): another folder lets a test serve a copy it changes.
  DIST_DIR: string().default(resolve(ROOT, 'dist')),
  MEDIA_CACHE_DIR: string().default(resolve(ROOT, 'data/media-variants')),
  VIDEO_BASE: string().url('VIDEO_BASE tem de ser um URL').default('https://video.festadocinemaitaliano.pt'),
  // A whole venue can post from one Wi-Fi address: 300 a minute lets a full screening's posts through.
  RATE_LIMIT_POSTS: number().typeError('RATE_LIMIT_POSTS tem de ser um número').integer().min(1).default(300),
  RATE_LIMIT_REPLAYS: number().typeError('RATE_LIMIT_REPLAYS tem de ser um número').integer().min(1).default(30),
  RATE_LIMIT_GETS: number().typeError('RATE_LIMIT_GETS tem de ser um número').integer().min(1).default(600),
  // Phones that turn the notices on from one address in a day: the largest venue full behind one Wi-Fi.
  PUSH_DEVICES_PER_ADDRESS: number().typeError('PUSH_DEVICES_PER_ADDRESS tem de ser um número').integer().min(1).default(1000),
  TRUST_PROXY: string()
    .test('trust-proxy', '', function (v) {
      try {
        proxyTrustOf(v);
        return true;
      } catch (error) {
        return this.createError({ message: (error as Error).message });
      }
    })
    .optional(),
  // GET /metrics from another machine (Prometheus): Authorization: Bearer <METRICS_TOKEN>. Unset: loopback only.
  METRICS_TOKEN: string().min(24, 'METRICS_TOKEN tem de ter pelo menos 24 caracteres').optional(),
  // The audit log's seals (server/db/audit-seal.ts): id:hex keys, the first seals, the others verify.
  AUDIT_MAC_KEYS: string()
    .test('audit-mac-keys', '', function (v) {
      try {
        auditKeysOf(v);
        return true;
      } catch (error) {
        return this.createError({ message: (error as Error).message });
      }
    })
    .optional(),
  // Web Push (server/push/): the push services a subscription may name, and the VAPID keys.
  PUSH_SERVICE_ORIGINS: string()
    .test('push-service-origins', '', function (v) {
      try {
        pushServiceOriginsOf(v);
        return true;
      } catch (error) {
        return this.createError({ message: (error as Error).message });
      }
    })
    .optional(),
  // How long a claimed batch of notices is one instance's (the request timeout follows from it).
  PUSH_LEASE_SECONDS: number()
    .typeError('PUSH_LEASE_SECONDS tem de ser um número de segundos')
    .integer('PUSH_LEASE_SECONDS tem de ser um número inteiro de segundos')
    .min(
      MIN_PUSH_LEASE_SECONDS,
      `PUSH_LEASE_SECONDS tem de ser pelo menos ${MIN_PUSH_LEASE_SECONDS}: o tempo de cada pedido ao serviço de push é um quarto dele`,
    )
    .max(
      MAX_PUSH_LEASE_SECONDS,
      `PUSH_LEASE_SECONDS não pode passar de ${MAX_PUSH_LEASE_SECONDS}: as notificações de uma instância que caia esperariam mais de uma hora`,
    )
    .default(DEFAULT_PUSH_LEASE_SECONDS),
  VAPID_PUBLIC_KEY: string().optional(),
  VAPID_PRIVATE_KEY: string().optional(),
  VAPID_SUBJECT: string().optional(),
  // E-mail (server/mail/): invitations and password resets sent through this SMTP server. Unset: the
  // back office shows the link to copy and hand over.
  SMTP_URL: string()
    .test('smtp-url', '', function (v) {
      const problem = smtpUrlProblem(v);
      return problem === undefined || this.createError({ message: problem });
    })
    .optional(),
  MAIL_FROM: string()
    .test(
      'mail-from',
      'MAIL_FROM tem de ser um endereço de e-mail, com ou sem nome ("Festa do Cinema Italiano <gestao@exemplo.pt>")',
      (v) => v === undefined || MAIL_FROM.test(v),
    )
    .when('SMTP_URL', {
      is: (url: string | undefined) => url !== undefined,
      then: (schema) => schema.required('MAIL_FROM é obrigatório com SMTP_URL: o remetente dos convites e das ligações'),
    }),
  LOG_LEVEL: string().oneOf(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  database: string;
  /**
   * PostgreSQL with two roles: the owner's URL, through which `npm run migrate` and the start-up
   * migrate, while the app runs as DATABASE's role (which may add to the audit log, not rewrite
   * it). Undefined: DATABASE migrates.
   */
  migrationDatabase: string | undefined;
  publicUrl: string;
  /**
   * Passkeys (WebAuthn) are bound to the site's host and origin, both from PUBLIC_URL: localhost in
   * tests, the real domain in production (a browser refuses an IP address as the host).
   */
  passkeyRpId: string;
  passkeyOrigin: string;
  festivalStart: string;
  festivalDays: number;
  /** Set by CLOCK_AT: the server's clock starts at this instant and runs on (rehearsals, tests). */
  clockAt: Date | null;
  contentDir: string;
  /** The build: the client in client/, the server entry in server/. */
  distDir: string;
  /** Where the responsive copies of the media folder's photographs are kept (made at import or on first request). */
  mediaCacheDir: string;
  videoBase: string;
  rateLimitPosts: number;
  rateLimitGets: number;
  /** New push subscriptions one address may make in a day (a device's later changes never count). */
  pushDevicesPerAddress: number;
  /** Replays of one known Idempotency-Key per minute (free for the address up to this). */
  rateLimitReplays: number;
  /** TRUST_PROXY: false without a proxy; given to Fastify as its trustProxy, and to the front door. */
  trustProxy: ProxyTrust | false;
  logLevel: string;
  /** Bearer token for GET /metrics from another machine; undefined: loopback only. */
  metricsToken: string | undefined;
  /**
   * AUDIT_MAC_KEYS: the keys that seal the audit log's entries (the first) and verify them (all),
   * held outside the database; undefined: entries are written unsealed.
   */
  auditKeys: AuditKeys | undefined;
  rootDir: string;
  /** PUSH_SERVICE_ORIGINS: where Web Push may send (a subscription elsewhere is refused). */
  pushServiceOrigins: PushServiceOrigins;
  /**
   * PUSH_LEASE_SECONDS in ms: how long a batch of notices claimed by one instance is its own before
   * another may take it over; each request to a push service gets a quarter of it (push-sender.ts).
   */
  pushLeaseMs: number;
  /** VAPID_*: the keys when the environment gives them, and the subject. */
  vapid: VapidSettings;
  /** SMTP_URL and MAIL_FROM: where staff e-mail goes out, and from whom; undefined: links are shown to copy. */
  mail: MailSettings | undefined;
}

export interface MailSettings {
  smtpUrl: string;
  from: string;
}

/** "Nome <a@b.pt>" or "a@b.pt". */
const MAIL_FROM = /^(?:[^<>@]+<[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+)$/;

/** smtp:// (STARTTLS when the server offers it) or smtps:// (TLS from the start), with a host. */
function smtpUrlProblem(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'SMTP_URL tem de ser um URL smtp:// ou smtps:// (smtps://utilizador:palavra-passe@servidor:465)';
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:')
    return `SMTP_URL tem de começar por smtp:// ou smtps://, não ${url.protocol}//`;
  if (!url.hostname) return 'SMTP_URL não diz o servidor (smtps://utilizador:palavra-passe@servidor:465)';
  return undefined;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Configuração inválida:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}

/** Reads and validates the environment; `now` decides the default festival dates. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, now: Date = new Date()): Config {
  const raw = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  let v;
  try {
    v = envSchema.validateSync(raw, { abortEarly: false, stripUnknown: true });
  } catch (error) {
    if (error instanceof ValidationError) throw new ConfigError(error.errors);
    throw error;
  }
  const clockAt = v.CLOCK_AT ? lisbonInstant(v.CLOCK_AT) : null;
  const publicUrlText = (v.PUBLIC_URL ?? `http://localhost:${v.PORT}`).replace(/\/$/, '');
  let vapid: VapidSettings;
  try {
    vapid = vapidSettingsOf({ publicKey: v.VAPID_PUBLIC_KEY, privateKey: v.VAPID_PRIVATE_KEY, subject: v.VAPID_SUBJECT }, publicUrlText);
  } catch (error) {
    throw new ConfigError([(error as Error).message]);
  }
  const publicUrl = new URL(v.PUBLIC_URL ?? `http://localhost:${v.PORT}`);
  return {
    nodeEnv: v.NODE_ENV,
    port: v.PORT,
    host: v.HOST,
    database: v.DATABASE,
    migrationDatabase: v.MIGRATION_DATABASE,
    publicUrl: (v.PUBLIC_URL ?? `http://localhost:${v.PORT}`).replace(/\/$/, ''),
    // By default an edition is running: it opened three days ago.
    passkeyRpId: publicUrl.hostname,
    passkeyOrigin: publicUrl.origin,
    festivalStart: v.FESTIVAL_START ?? addDays(lisbonDate(clockAt ?? now), -3),
    festivalDays: v.FESTIVAL_DAYS,
    clockAt,
    contentDir: v.CONTENT_DIR,
    distDir: resolve(v.DIST_DIR),
    mediaCacheDir: v.MEDIA_CACHE_DIR,
    videoBase: v.VIDEO_BASE.replace(/\/$/, ''),
    rateLimitPosts: v.RATE_LIMIT_POSTS,
    rateLimitGets: v.RATE_LIMIT_GETS,
    pushDevicesPerAddress: v.PUSH_DEVICES_PER_ADDRESS,
    rateLimitReplays: v.RATE_LIMIT_REPLAYS,
    trustProxy: proxyTrustOf(v.TRUST_PROXY),
    logLevel: v.LOG_LEVEL,
    metricsToken: v.METRICS_TOKEN,
    auditKeys: auditKeysOf(v.AUDIT_MAC_KEYS),
    rootDir: ROOT,
    pushServiceOrigins: pushServiceOriginsOf(v.PUSH_SERVICE_ORIGINS),
    pushLeaseMs: v.PUSH_LEASE_SECONDS * 1000,
    vapid,
    mail: v.SMTP_URL && v.MAIL_FROM ? { smtpUrl: v.SMTP_URL, from: v.MAIL_FROM } : undefined,
  };
}
