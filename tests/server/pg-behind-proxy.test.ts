/**
 * The deployment as shipped: deploy/nginx-site.conf, filled in as its header says, ends TLS (a
 * throw-away authority and a localhost certificate made with openssl) in front of two real server
 * processes on one PostgreSQL database, started with TRUST_PROXY set to nginx's address. Through
 * it, over HTTPS, a programmer logs in (password, then the two-step code), uploads a 2 MB picture
 * and an 8 MB PDF, keeps a 96 KB text while typing, saves a film with the picture, imports a
 * 1,000-row sheet (upload, dry run, apply) and publishes; a visitor without a cookie then sees
 * the change from both instances. nginx sends requests to the instances in turn, so the session
 * is used on both. A file just over the app's limit gets the app's own pt-PT answer; any other
 * body over a limit gets nginx's, with the app's message. A forged X-Forwarded-For changes
 * neither the audit log nor the login limit, /metrics is not served, the runbook's rolling restart
 * (docs/operations.md's own block) fails no request under load, and with every instance stopped
 * nginx answers a pt-PT 503.
 *
 * PostgreSQL only (vitest.config.ts: pg-*.test.ts), and needs nginx and openssl (Debian: apt-get
 * install -y nginx openssl): it fails saying so when they are missing. Ports are free ones of
 * 127.0.0.1, so it needs no root.
 */
import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { Agent, request as httpsRequest } from 'node:https';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES, UPLOAD_MESSAGES, type UploadedPicture, type UploadedPdf } from '../../src/common/gestao/media';
import { MAX_SHEET_BYTES, SHEET_MESSAGES, type DryRun, type SheetUpload } from '../../src/common/gestao/programme-sheet';
import type { RecordView } from '../../src/common/gestao/record-schemas';
import { BODY_LIMIT } from '../../server/api/http-errors';
import { toCsv } from '../../server/csv';
import { openDatabase, type Db } from '../../server/db/database';
import { listAudit } from '../../server/db/repositories/audit/audit-log-repository';
import { MAX_FAILURES_PER_ADDRESS } from '../../server/gestao/auth/login-limits';
import { GESTAO_BODY_LIMIT } from '../../server/gestao/gestao-api';
import {
  localhostCertificates,
  missingTools,
  nginxMainConfig,
  runNginx,
  siteShowingUpstream,
  which,
  type RunningNginx,
} from '../support/nginx-site';
import { runBash, runbookPid, runbookSection, stopPid } from '../support/runbook';
import { freePort, REPOSITORY, startServer, type ServerProcess } from '../support/server-process';
import { authenticatorCode, STAFF_PASSWORD } from './gestao-browser';
import { createTestDatabase, FESTIVAL_START, onPostgres } from './helper';

const PROGRAMMER = 'programacao@festa.pt';
/** The one response header the test adds to nginx (at the http level, outside the shipped file): which instance answered. */
const UPSTREAM_HEADER = 'x-festa-upstream';
const NEW_SESSIONS = 700;
const SHEET_ROWS = 1000;

let database: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
let db: Db | undefined;
/** The two instances: started by the test, then, after the runbook's rolling restart, by its shell. */
const instances: Pick<ServerProcess, 'port' | 'url' | 'stop'>[] = [];
let nginx: RunningNginx | undefined;
let httpsPort = 0;
let httpPort = 0;
let agent: Agent | undefined;
/** The throw-away authority's certificate (PEM file): what the test's clients, curl too, trust. */
let certificateAuthority = '';

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** The instance (host:port) that answered, or undefined when nginx answered itself. */
  upstream: string | undefined;
}

const text = (answer: Answer) => answer.body.toString('utf8');
function json<T>(answer: Answer): T {
  try {
    return JSON.parse(text(answer)) as T;
  } catch {
    throw new Error(`not JSON (${answer.status}, ${String(answer.headers['content-type'])}): ${text(answer).slice(0, 300)}`);
  }
}
const message = (answer: Answer) => json<{ message: string }>(answer).message;

/**
 * One request to the site over HTTPS through nginx, trusting the test's authority. The answer is
 * kept even when nginx answers before the body is all sent (a 413 on Content-Length alone).
 */
function proxied(method: string, path: string, headers: Record<string, string> = {}, body?: Buffer | string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    let answered = false;
    const request = httpsRequest(
      {
        host: '127.0.0.1',
        port: httpsPort,
        servername: 'localhost',
        method,
        path,
        agent,
        headers: {
          host: `localhost:${httpsPort}`,
          ...headers,
          ...(body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) }),
        },
      },
      (response) => {
        answered = true;
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const upstream = response.headers[UPSTREAM_HEADER];
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
            upstream: typeof upstream === 'string' ? upstream : undefined,
          });
        });
        response.on('error', reject);
      },
    );
    request.on('error', (error) => {
      if (!answered) reject(error);
    });
    request.end(body);
  });
}

/** A multipart/form-data body with one file in the field the back office's file inputs use. */
function multipart(name: string, type: string, data: Buffer): { body: Buffer; contentType: string } {
  const boundary = `----festa-${randomUUID()}`;
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="ficheiro"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** A browser of the back office through the proxy: its __Host- cookie, its CSRF token, the instances that answered it. */
class ProxyBrowser {
  cookie: string | undefined;
  csrf: string | undefined;
  readonly upstreams: string[] = [];

  async request(method: string, path: string, payload?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
    const sent: Record<string, string> = { ...headers };
    if (this.cookie) sent.cookie = `__Host-gestao=${this.cookie}`;
    if (this.csrf && method !== 'GET') sent['x-csrf-token'] = this.csrf;
    let body: Buffer | string | undefined;
    if (Buffer.isBuffer(payload)) body = payload;
    else if (payload !== undefined) {
      body = JSON.stringify(payload);
      sent['content-type'] = 'application/json';
    }
    const answer = await proxied(method, `/gestao/api${path}`, sent, body);
    const setCookies = answer.headers['set-cookie'] ?? [];
    for (const line of setCookies) {
      const match = /^__Host-gestao=([^;]*)/.exec(line);
      if (match) this.cookie = match[1] === '' ? undefined : match[1];
    }
    if (answer.upstream) this.upstreams.push(answer.upstream);
    return answer;
  }

  async open(): Promise<void> {
    const answer = await this.request('GET', '/session');
    expect(answer.status, text(answer)).toBe(200);
    this.csrf = json<{ csrfToken: string }>(answer).csrfToken;
  }

  async login(email: string, password: string, extra: object = {}, headers: Record<string, string> = {}): Promise<Answer> {
    if (!this.csrf) await this.open();
    const answer = await this.request('POST', '/session', { email, password, ...extra }, headers);
    if (answer.status === 200) this.csrf = json<{ csrfToken: string }>(answer).csrfToken;
    return answer;
  }

  async upload(path: string, name: string, type: string, data: Buffer): Promise<Answer> {
    const { body, contentType } = multipart(name, type, data);
    return this.request('POST', path, body, { 'content-type': contentType });
  }
}

/** A photograph's worth of noise: JPEG keeps it about as large as its pixels make it. */
function noisyJpeg(width: number, height: number, quality: number): Promise<Buffer> {
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .jpeg({ quality })
    .toBuffer();
}

/** A real PDF (pdfkit): a title and a large photograph, embedded as it is (JPEG). */
async function pressKitPdf(photo: Buffer): Promise<Buffer> {
  const document = new PDFDocument({ size: 'A4', info: { Title: 'Dossier de imprensa' } });
  const chunks: Buffer[] = [];
  document.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise((resolve) => document.on('end', resolve));
  document.fontSize(20).text('Festa do Cinema Italiano — dossier de imprensa');
  document.image(photo, 50, 100, { fit: [495, 650] });
  document.end();
  await ended;
  return Buffer.concat(chunks);
}

/** `npm run staff -- add`, as an operator makes the first account, on the instances' database. */
function addStaff(email: string, role: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child: ChildProcess = spawn(
      process.execPath,
      ['--import', 'tsx', 'server/cli/staff-command.ts', 'add', email, '--role', role, '--password-stdin'],
      { cwd: REPOSITORY, env: { ...process.env, DATABASE: database!.location, LOG_LEVEL: 'silent' }, stdio: ['pipe', 'pipe', 'pipe'] },
    );
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, output }));
    child.stdin?.end(`${STAFF_PASSWORD}\n`);
  });
}

/** Parses the CSV the programme export writes (no quoted line breaks in a programme). */
function csvRows(csv: string): string[][] {
  return csv
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter((line) => line !== '')
    .map((line) =>
      (line.match(/("([^"]|"")*"|[^,]*)(,|$)/g) ?? []).map((c) => c.replace(/,$/, '').replace(/^"|"$/g, '').replace(/""/g, '"')),
    )
    .map((cells) => cells.slice(0, 9));
}

/** Asks until `check` holds, or fails with what it last saw once `within` ms have passed. */
async function eventually<T>(what: string, ask: () => Promise<T>, check: (value: T) => boolean, within = 20_000): Promise<T> {
  const deadline = Date.now() + within;
  for (;;) {
    const value = await ask();
    if (check(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${within / 1000} s; last seen: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Every instance's environment (its PORT aside). */
/** What a Prometheus on another machine sends (docs/operations.md). */
const METRICS_TOKEN = 'le-metriche-della-festa-per-prometheus';

const instanceEnvironment = (location: string): NodeJS.ProcessEnv => ({
  NODE_ENV: 'test',
  LOG_LEVEL: 'warn',
  DATABASE: location,
  FESTIVAL_START,
  PUBLIC_URL: `https://localhost:${httpsPort}`,
  // nginx connects from loopback: only it may say who the client is.
  TRUST_PROXY: '127.0.0.1',
  // Everything comes from one address here, the load of the rolling restart too: the GET limit is not under test.
  RATE_LIMIT_GETS: '1000000000',
  METRICS_TOKEN,
});

beforeAll(async () => {
  if (!onPostgres) throw new Error('pg-behind-proxy.test.ts runs only with TEST_DATABASE=postgres');
  const missing = missingTools();
  if (missing) throw new Error(`pg-behind-proxy.test.ts runs the shipped nginx site: ${missing}`);
  database = await createTestDatabase();
  const { location, dir } = database;
  [httpsPort, httpPort] = [await freePort(), await freePort()];
  const certificates = localhostCertificates(dir);
  certificateAuthority = certificates.ca;
  agent = new Agent({ keepAlive: true, ca: readFileSync(certificates.ca) });

  const startInstance = () => startServer(instanceEnvironment(location), { within: 120_000 });
  // Kept as soon as each serves, so that afterAll stops it even when the other fails to start.
  await Promise.all([startInstance(), startInstance()].map((started) => started.then((instance) => instances.push(instance))));
  db = openDatabase(location);

  const upstreams = instances.map((i) => `127.0.0.1:${i.port}`);
  nginx = await runNginx(
    which('nginx')!,
    dir,
    nginxMainConfig(dir, siteShowingUpstream(certificates, { upstreams, httpPort, httpsPort }), { connections: 256 }),
    httpsPort,
  );
}, 180_000);

afterAll(async () => {
  agent?.destroy();
  await nginx?.stop();
  await Promise.all(instances.map((instance) => instance.stop()));
  await db?.destroy();
  await database?.drop();
}, 60_000);

describe('two instances on PostgreSQL behind deploy/nginx-site.conf, over HTTPS', () => {
  const staff = new ProxyBrowser();
  let picture: UploadedPicture;

  it('sends plain HTTP to HTTPS and keeps /metrics from the outside, but for a Prometheus with the token, an instance at a time', async () => {
    const redirect = await new Promise<{ status: number; location: string | undefined }>((resolve, reject) => {
      httpRequest({ host: '127.0.0.1', port: httpPort, path: '/programacao', headers: { host: 'localhost' } }, (response) => {
        response.resume();
        resolve({ status: response.statusCode ?? 0, location: response.headers.location });
      })
        .on('error', reject)
        .end();
    });
    expect(redirect).toEqual({ status: 301, location: 'https://localhost/programacao' });
    for (const path of ['/metrics', '/metrics/', '/metrics?format=text']) {
      const answer = await proxied('GET', path);
      expect(answer.status, path).toBe(404);
      expect(json<{ message: string }>(answer).message).toBe('Conteúdo não encontrado.');
      expect(answer.upstream, path).toBeUndefined();
    }

    // Each instance at its port's address: without the token nginx keeps the request, with a wrong
    // one that instance (and no other) refuses it, with the token its own counters come back. Which
    // instance answered is read from the instances themselves, on this machine.
    const scrape = (port: number | string, authorization?: string) =>
      proxied('GET', `/metrics/${port}`, authorization ? { authorization } : {});
    const refusedScrapes = async (port: number) => {
      const own = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
      const line = own
        .split('\n')
        .find((l) => l.startsWith('festa_http_requests_total{') && l.includes('route="/metrics"') && l.includes('status="404"'));
      return Number(line?.split(' ').at(-1) ?? 0);
    };
    const refusedByEach = () => Promise.all(instances.map(({ port }) => refusedScrapes(port)));
    for (const [index, { port }] of instances.entries()) {
      const before = await refusedByEach();
      const bare = await scrape(port);
      expect([bare.status, message(bare)]).toEqual([404, 'Conteúdo não encontrado.']);
      expect(await refusedByEach()).toEqual(before);
      const wrong = await scrape(port, 'Bearer um-token-que-nao-e-o-da-festa');
      expect([wrong.status, message(wrong)]).toEqual([404, 'Esta página não existe.']);
      expect(await refusedByEach()).toEqual(before.map((count, i) => (i === index ? count + 1 : count)));
      const scraped = await scrape(port, `Bearer ${METRICS_TOKEN}`);
      expect(scraped.status).toBe(200);
      expect(text(scraped)).toMatch(/^festa_http_requests_total\{/m);
    }
    // No other port of the machine is reached, whatever is sent.
    const database = await scrape(5432, `Bearer ${METRICS_TOKEN}`);
    expect([database.status, message(database)]).toEqual([404, 'Conteúdo não encontrado.']);
  });

  it('lets a programmer made with npm run staff log in with the password, then the two-step code, on either instance', async () => {
    const made = await addStaff(PROGRAMMER, 'programacao');
    expect(made.code, made.output).toBe(0);

    const first = await staff.login(PROGRAMMER, STAFF_PASSWORD);
    expect(first.status, text(first)).toBe(200);
    // The session cookie is Secure: the app knew the request came over HTTPS (X-Forwarded-Proto from nginx).
    expect(String(first.headers['set-cookie'])).toMatch(/__Host-gestao=[^;]+;.*Secure/);
    const setup = await staff.request('POST', '/totp/setup');
    expect(setup.status, text(setup)).toBe(200);
    const { secret } = json<{ secret: string }>(setup);
    const confirmed = await staff.request('POST', '/totp/confirm', { code: authenticatorCode(secret, new Date()) });
    expect(confirmed.status, text(confirmed)).toBe(200);
    expect((await staff.request('DELETE', '/session')).status).toBe(204);

    await staff.open();
    expect((await staff.login(PROGRAMMER, STAFF_PASSWORD)).status).toBe(401);
    // A time step is good once: the next one's code (within the one step either side allowed).
    const second = await staff.login(PROGRAMMER, STAFF_PASSWORD, { code: authenticatorCode(secret, new Date(Date.now() + 30_000)) });
    expect(second.status, text(second)).toBe(200);

    for (let i = 0; i < 4; i++) {
      const session = await staff.request('GET', '/session');
      expect(json<{ user: { email: string } | null }>(session).user?.email).toBe(PROGRAMMER);
    }
    // nginx sent them to both instances in turn: the session is in the database, not in an instance.
    expect(new Set(staff.upstreams.slice(-4))).toEqual(new Set(instances.map((i) => `127.0.0.1:${i.port}`)));
  }, 60_000);

  it('uploads a 2 MB picture and an 8 MB PDF', async () => {
    const photo = await noisyJpeg(1700, 1400, 92);
    expect(photo.length).toBeGreaterThan(2_000_000);
    const uploaded = await staff.upload('/media/pictures', 'cartaz.jpg', 'image/jpeg', photo);
    expect(uploaded.status, text(uploaded)).toBe(201);
    picture = json<UploadedPicture>(uploaded);
    expect(picture).toMatchObject({ mime: 'image/jpeg', width: 1700, height: 1400, originalName: 'cartaz.jpg' });

    const pdf = await pressKitPdf(await noisyJpeg(2900, 2900, 95));
    expect(pdf.length).toBeGreaterThan(8_000_000);
    const pdfAnswer = await staff.upload('/media/pdfs', 'dossier.pdf', 'application/pdf', pdf);
    expect(pdfAnswer.status, text(pdfAnswer)).toBe(201);
    expect(json<UploadedPdf>(pdfAnswer)).toMatchObject({ mime: 'application/pdf', size: pdf.length });
  }, 120_000);

  it('answers a body over a limit in pt-PT: a file just over, the app; JSON and forms, nginx with the app’s message', async () => {
    // A file just over the app's 20 MB (or the sheet's 5 MB): nginx lets it through, the app refuses it.
    const overApp = await staff.upload('/media/pdfs', 'grande.pdf', 'application/pdf', randomBytes(MAX_UPLOAD_BYTES + 4096));
    expect([overApp.status, overApp.upstream !== undefined, message(overApp)]).toEqual([413, true, UPLOAD_MESSAGES.tooLarge]);
    const bigSheet = await staff.upload('/programme/imports', 'programa.csv', 'text/csv', Buffer.alloc(MAX_SHEET_BYTES + 1024, 'a'));
    expect([bigSheet.status, bigSheet.upstream !== undefined, message(bigSheet)]).toEqual([413, true, SHEET_MESSAGES.tooLarge]);
    // Far over it: nginx refuses it before the app sees it, in the app's words.
    const overNginx = await staff.upload('/media/pictures', 'enorme.jpg', 'image/jpeg', randomBytes(24 * 1024 * 1024));
    expect([overNginx.status, overNginx.upstream, message(overNginx)]).toEqual([413, undefined, UPLOAD_MESSAGES.tooLarge]);
    expect(overNginx.headers['content-type']).toBe('application/json; charset=utf-8');

    // The back office's JSON: a long text kept while it is typed (96 KB, over the old 64k) reaches the app; 256 KiB is its limit.
    const film = json<RecordView>(await staff.request('GET', '/records/movies/101'));
    const typed = (size: number) =>
      staff.request('PUT', '/typed/movies/101', { baseVersion: film.version, fields: { description_html: `<p>${'x'.repeat(size)}</p>` } });
    const long = await typed(96_000);
    expect([long.status, text(long)]).toEqual([200, expect.stringContaining('savedAt')]);
    const tooLong = await typed(GESTAO_BODY_LIMIT);
    expect([tooLong.status, tooLong.upstream, message(tooLong)]).toEqual([413, undefined, 'O pedido é demasiado grande (máximo 256 KiB).']);

    // The public API's 16 KiB: up to it the app reads the body, one byte more and nginx answers as the app would.
    const post = (bytes: number) =>
      proxied('POST', '/admin/api/accreditation', { 'content-type': 'application/json' }, JSON.stringify({ name: 'x'.repeat(bytes - 11) }));
    const atLimit = await post(BODY_LIMIT);
    expect([atLimit.status === 413, atLimit.upstream !== undefined]).toEqual([false, true]);
    const overPublic = await post(BODY_LIMIT + 1);
    expect([overPublic.status, overPublic.upstream, message(overPublic)]).toEqual([
      413,
      undefined,
      'O pedido é demasiado grande (máximo 16 KiB).',
    ]);
    // Every address of the public API answers JSON, nginx's refusal included: a phone's push
    // subscription with ten thousand stars is over the 16 KiB.
    const stars = Array.from({ length: 10_000 }, (_, index) => String(100_000 + index));
    const subscription = await proxied(
      'POST',
      '/admin/push/subscription',
      { 'content-type': 'application/json' },
      JSON.stringify({ endpoint: 'https://push.example/device', keys: { p256dh: 'k', auth: 'a' }, sessions: stars }),
    );
    expect([subscription.status, subscription.upstream, subscription.headers['content-type'], message(subscription)]).toEqual([
      413,
      undefined,
      'application/json; charset=utf-8',
      'O pedido é demasiado grande (máximo 16 KiB).',
    ]);
    // A form posted without JavaScript: a page, as the app's form pages answer.
    const form = await proxied(
      'POST',
      '/newsletter',
      { 'content-type': 'application/x-www-form-urlencoded' },
      `email=${'x'.repeat(BODY_LIMIT)}`,
    );
    expect([form.status, form.upstream, form.headers['content-type']]).toEqual([413, undefined, 'text/html; charset=utf-8']);
    expect(text(form)).toContain('<html lang=pt-PT>');
    expect(text(form)).toContain('O formulário enviado é demasiado grande.');
  }, 120_000);

  it('saves a synopsis with the uploaded picture, imports a 1,000-row sheet, and publishes', async () => {
    const described = await staff.request('PUT', `/media/pictures/${picture.path}`, { alt: 'Cartaz do filme', focal_x: 50, focal_y: 40 });
    expect(described.status, text(described)).toBe(200);

    const film = await db!
      .selectFrom('movies')
      .select(['id', 'title'])
      .where('is_movie', '=', 1)
      .where('duration_min', '>=', 60)
      .where('duration_min', '<=', 150)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const record = json<RecordView>(await staff.request('GET', `/records/movies/${film.id}`));
    const synopsis = `<p>${'Uma sinopse longa, escrita com cuidado. '.repeat(400)}</p>`;
    const saved = await staff.request('PUT', `/records/movies/${film.id}`, {
      baseVersion: record.version,
      fields: { ...record.fields, description_html: synopsis, thumb: picture.path },
    });
    expect(saved.status, text(saved).slice(0, 500)).toBe(200);

    const exported = await staff.request('GET', '/programme/export?format=csv');
    expect(exported.status).toBe(200);
    const [header, ...existing] = csvRows(text(exported));
    // New sessions of that film in one venue, three hours apart, on days after the festival: no clash between them.
    const times = ['10:00', '13:00', '16:00', '19:00', '22:00'];
    const fresh = Array.from({ length: NEW_SESSIONS }, (_, i) => {
      const day = new Date(Date.UTC(2026, 5, 1 + Math.floor(i / times.length))).toISOString().slice(0, 10);
      return [`PROXY-${i + 1}`, String(film.id), 'Lisboa', 'Cinema São Jorge', day, times[i % times.length]!, '', '', ''];
    });
    const rows = [...existing, ...fresh];
    expect(rows).toHaveLength(SHEET_ROWS);
    const csv = toCsv(
      header!,
      rows.map((row) => Object.fromEntries(header!.map((h, i) => [h, row[i] ?? '']))),
    );
    const sheet = await staff.upload('/programme/imports', 'programa.csv', 'text/csv', Buffer.from(csv, 'utf8'));
    expect(sheet.status, text(sheet)).toBe(201);
    const upload = json<SheetUpload>(sheet);
    expect(upload.rowCount).toBe(SHEET_ROWS);
    const dryRun = await staff.request('POST', `/programme/imports/${upload.id}/dry-run`, { mapping: upload.mapping });
    expect(dryRun.status, text(dryRun).slice(0, 500)).toBe(200);
    expect(json<DryRun>(dryRun).counts).toMatchObject({ erro: 0, novo: NEW_SESSIONS, 'sem alterações': SHEET_ROWS - NEW_SESSIONS });
    const applied = await staff.request('POST', `/programme/imports/${upload.id}/apply`, { mapping: upload.mapping });
    expect(applied.status, text(applied).slice(0, 500)).toBe(200);
    expect(json<{ created: number }>(applied).created).toBe(NEW_SESSIONS);

    const published = await staff.request('POST', '/releases');
    expect(published.status, text(published).slice(0, 1000)).toBe(201);

    // A visitor, without a cookie: every instance serves the published change (each notices the
    // new content version within a second), and the uploaded picture.
    // Each instance's latest answers: each is asked twice a round, as nginx sends requests in turn.
    const seen: Record<string, { film?: { synopsis: boolean; picture: boolean }; sessions?: number }> = {};
    await eventually(
      'the published film and sessions from both instances',
      async () => {
        for (const movie of [await proxied('GET', `/admin/api/movie/${film.id}`), await proxied('GET', `/admin/api/movie/${film.id}`)]) {
          const shown = { synopsis: text(movie).includes('Uma sinopse longa'), picture: text(movie).includes(picture.path) };
          if (movie.upstream) seen[movie.upstream] = { ...seen[movie.upstream], film: shown };
        }
        for (const sessions of [await proxied('GET', '/admin/api/sessions'), await proxied('GET', '/admin/api/sessions')]) {
          if (sessions.upstream) seen[sessions.upstream] = { ...seen[sessions.upstream], sessions: json<unknown[]>(sessions).length };
        }
        return seen;
      },
      (s) =>
        Object.keys(s).length === 2 &&
        Object.values(s).every((v) => v.film?.synopsis && v.film.picture && v.sessions === existing.length + NEW_SESSIONS),
    );
    const served = await proxied('GET', `/media/${picture.path}`);
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
  }, 120_000);

  it('ignores a forged X-Forwarded-For: the audit log and the login limit see the address nginx saw', async () => {
    const visitor = new ProxyBrowser();
    const forged = await visitor.login('alguem@festa.pt', 'palavra-passe errada', {}, { 'x-forwarded-for': '198.51.100.23' });
    expect(forged.status).toBe(401);
    const [audited] = await listAudit(db!, { action: 'login', outcome: 'failed' });
    expect(audited).toMatchObject({ subject: 'alguem@festa.pt', ip: '127.0.0.1' });

    // Each with its own forged address and account: the address limit (counted in the database,
    // whichever instance answers) stops them all the same.
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) {
      const answer = await visitor.login(`ninguem-${i}@festa.pt`, 'palavra-passe errada', {}, { 'x-forwarded-for': `198.18.${i}.7` });
      statuses.push(answer.status);
    }
    const firstRefusal = statuses.indexOf(429);
    expect(firstRefusal).toBe(MAX_FAILURES_PER_ADDRESS - 1);
    expect(statuses.slice(firstRefusal).every((s) => s === 429)).toBe(true);
    const logins = await listAudit(db!, { action: 'login', limit: 5000 });
    expect(new Set(logins.map((e) => e.ip))).toEqual(new Set(['127.0.0.1']));
  }, 120_000);

  it("restarts one instance, then the other, with the runbook's own block, under load, and no request fails", async () => {
    const paths = ['/admin/api/cities', `/admin/api/movie/101`, '/admin/api/sessions', '/admin/api/festival_program'];
    const failures: string[] = [];
    const answeredBy = new Map<string, number>();
    let loading = true;
    const client = async (offset: number) => {
      for (let i = offset; loading; i++) {
        const path = paths[i % paths.length]!;
        try {
          const answer = await proxied('GET', path);
          if (answer.status >= 400) failures.push(`${path}: ${answer.status} ${text(answer).slice(0, 160)}`);
          else {
            // "A, B" when nginx tried A (stopping) and handed the request to B: B answered.
            const by = answer.upstream?.split(', ').at(-1) ?? 'nginx';
            answeredBy.set(by, (answeredBy.get(by) ?? 0) + 1);
          }
        } catch (error) {
          failures.push(`${path}: ${(error as Error).message}`);
        }
      }
    };
    const clients = Array.from({ length: 6 }, (_, i) => client(i));
    // The instances as the runbook's first deploy leaves them: a pid file each in RUN_DIR.
    const runDir = database!.dir;
    const [a, b] = instances as [ServerProcess, ServerProcess];
    writeFileSync(join(runDir, 'festa-a.pid'), String(a.child.pid));
    writeFileSync(join(runDir, 'festa-b.pid'), String(b.child.pid));
    const run = await runBash(
      runbookSection('Rolling restart').join('\n'),
      {
        ...process.env,
        ...instanceEnvironment(database!.location),
        HOST: '127.0.0.1',
        PORT_A: String(a.port),
        PORT_B: String(b.port),
        RUN_DIR: runDir,
        CURL_CA_BUNDLE: certificateAuthority,
      },
      240_000,
    );
    loading = false;
    await Promise.all(clients);
    // From here on the instances are the ones the runbook's shell started.
    instances.splice(
      0,
      2,
      ...([a, b] as const).map(({ port, url }, i) => ({ port, url, stop: () => stopPid(runbookPid(runDir, i === 0 ? 'a' : 'b')) })),
    );
    expect(run.code, run.output).toBe(0);
    for (const name of ['a', 'b'] as const) expect(runbookPid(runDir, name)).not.toBe((name === 'a' ? a : b).child.pid);
    expect(failures).toEqual([]);
    // The load went on through both restarts, answered by both instances.
    expect([...answeredBy.keys()].sort()).toEqual([`127.0.0.1:${a.port}`, `127.0.0.1:${b.port}`].sort());
  }, 300_000);

  it('says in pt-PT, with Retry-After, when no instance answers', async () => {
    await Promise.all(instances.map((instance) => instance.stop()));
    const api = await proxied('GET', '/admin/api/cities');
    expect([api.status, api.headers['retry-after'], api.headers['content-type']]).toEqual([503, '30', 'application/json; charset=utf-8']);
    expect(json<{ message: string }>(api).message).toBe('O site está de momento indisponível. Tente novamente dentro de momentos.');
    const page = await proxied('GET', '/programacao');
    expect([page.status, page.headers['retry-after'], page.headers['content-type']]).toEqual([503, '30', 'text/html; charset=utf-8']);
    expect(text(page)).toContain('O site está de momento indisponível.');
  });
});
