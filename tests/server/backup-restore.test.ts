/**
 * Backups that restore (npm run backup, npm run restore), on the engine under test: a real server
 * keeps a member of staff saving news and their unsaved typing and visitors posting forms while
 * `npm run backup` runs as a process of its own; the file is restored into a new empty database,
 * a second server starts on it, and every write acknowledged before the backup began is there
 * (the submissions, the records and drafts, the uploaded picture, the audit log), while a write
 * acknowledged after the backup finished is not (the recovery point). Then: a restore over a
 * database that is not empty is refused in pt-PT and changes nothing; the retention rule deletes
 * the oldest backups beyond BACKUP_KEEP; a bad BACKUP_KEEP stops the command naming it.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { EventEmitter, once } from 'node:events';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UploadedPicture } from '../../src/common/gestao/media';
import type { RecordView } from '../../src/common/gestao/record-schemas';
import type { TypedCopy } from '../../src/common/gestao/typed-copy';
import { openDatabase, type Db } from '../../server/db/database';
import { listBackups } from '../../server/operations/backup';
import { REPOSITORY, startServer, type ServerProcess } from '../support/server-process';
import { addStaffAccount } from './gestao-browser';
import { createTestDatabase, FESTIVAL_START, onPostgres } from './helper';

const ENV = {
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  FESTIVAL_START,
  // One client address sends everything here: the limits are not under test.
  RATE_LIMIT_POSTS: '1000000',
  RATE_LIMIT_GETS: '1000000',
  RATE_LIMIT_REPLAYS: '1000000',
};
const EXTENSION = onPostgres ? 'pgdump' : 'sqlite';
const STAFF = { email: 'copias@festa.pt', password: 'lanterna magica de trastevere' };
/** Writes each kind must have had acknowledged before the backup starts. */
const BEFORE_BACKUP = { visitors: 20, records: 3, drafts: 3 };
const VISITORS = 3;

type Database = Awaited<ReturnType<typeof createTestDatabase>>;
let source: Database | undefined;
let target: Database | undefined;
let server: ServerProcess | undefined;
let restored: ServerProcess | undefined;
const opened: Db[] = [];
/** The backup the first test takes, restored by the next. */
let backupFile: string | undefined;

function open(location: string): Db {
  const db = openDatabase(location);
  opened.push(db);
  return db;
}

/** `npm run <script> -- <args>` as the engineer on call types it, on `env` added to the tests' own. */
function npmRun(
  script: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn('npm', ['run', '--silent', script, ...(args.length ? ['--', ...args] : [])], {
    cwd: REPOSITORY,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

const json = async <T>(response: Response): Promise<T> => (await response.json()) as T;

/** A browser of the back office over HTTP: its cookies and the CSRF token of its session. */
class StaffBrowser {
  private readonly cookies = new Map<string, string>();
  private csrf = '';

  constructor(private readonly base: string) {}

  async request(method: 'GET' | 'POST' | 'PUT', path: string, body?: object | FormData): Promise<Response> {
    const headers: Record<string, string> = { cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ') };
    if (method !== 'GET' && this.csrf) headers['x-csrf-token'] = this.csrf;
    let payload: string | FormData | undefined;
    if (body instanceof FormData) payload = body;
    else if (body) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const response = await fetch(`${this.base}/gestao/api${path}`, { method, headers, body: payload });
    for (const line of response.headers.getSetCookie()) {
      const pair = line.split(';')[0]!;
      const at = pair.indexOf('=');
      const [name, value] = [pair.slice(0, at), pair.slice(at + 1)];
      if (value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  async logIn(): Promise<this> {
    this.csrf = (await json<{ csrfToken: string }>(await this.request('GET', '/session'))).csrfToken;
    const response = await this.request('POST', '/session', STAFF);
    expect(response.status, await response.clone().text()).toBe(200);
    this.csrf = (await json<{ csrfToken: string }>(response)).csrfToken;
    return this;
  }
}

interface Submission {
  kind: 'accreditation' | 'newsletter';
  key: string;
  email: string;
  body: object;
  id: string;
  ackedAt: number;
}

const submissionBody = (kind: Submission['kind'], email: string, n: string) =>
  kind === 'accreditation' ? { name: `Pessoa ${n}`, company: 'Jornal da Cópia', email, telf: '912345678' } : { email, city: 'Lisboa' };

async function post(base: string, kind: Submission['kind'], key: string, body: object): Promise<{ status: number; id: string }> {
  const response = await fetch(`${base}/admin/api/${kind}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': key },
    body: JSON.stringify(body),
  });
  return { status: response.status, id: (await json<{ id: string }>(response)).id };
}

/**
 * Staff saving and visitors posting, each as fast as the server answers, until stopped; every
 * acknowledgement with the time it arrived. Anything but success is kept as a failure.
 */
class Traffic {
  readonly submissions: Submission[] = [];
  readonly records: { id: string; title: string; ackedAt: number }[] = [];
  readonly drafts: { id: string; summary: string; ackedAt: number }[] = [];
  readonly failures: string[] = [];
  private stopped = false;
  private readonly progress = new EventEmitter();
  private readonly running: Promise<void>[];

  constructor(
    private readonly base: string,
    private readonly staff: StaffBrowser,
  ) {
    const writers = [...Array.from({ length: VISITORS }, (_, worker) => this.visitor(worker)), this.editor()];
    // A request that throws (the server gone) is a failure like a refusal, and wakes `until`.
    this.running = writers.map((writer) => writer.catch((error: unknown) => this.failed(String(error))));
  }

  private acknowledged(): void {
    this.progress.emit('ack');
  }

  private failed(what: string): void {
    this.failures.push(what);
    this.progress.emit('ack');
  }

  private async visitor(worker: number): Promise<void> {
    for (let i = 0; !this.stopped; i++) {
      const kind = i % 2 === 0 ? 'accreditation' : 'newsletter';
      const key = randomUUID();
      const email = `visita-${worker}-${i}@example.pt`;
      const body = submissionBody(kind, email, `${worker}-${i}`);
      const answer = await post(this.base, kind, key, body);
      if (answer.status !== 201) return this.failed(`${kind} ${email}: ${answer.status}`);
      this.submissions.push({ kind, key, email, body, id: answer.id, ackedAt: Date.now() });
      this.acknowledged();
    }
  }

  private async editor(): Promise<void> {
    for (let i = 0; !this.stopped; i++) {
      const title = `Notícia gravada durante a cópia ${i}`;
      const created = await this.staff.request('POST', '/records/news', {
        fields: { scope: 'festa', title, published_at: '2026-04-05T10:00' },
      });
      if (created.status !== 201) return this.failed(`news ${i}: ${created.status} ${await created.text()}`);
      const record = await json<RecordView>(created);
      this.records.push({ id: record.id, title, ackedAt: Date.now() });
      this.acknowledged();

      const summary = `Resumo ainda por gravar ${i}`;
      const typed = await this.staff.request('PUT', `/typed/news/${record.id}`, { baseVersion: record.version, fields: { summary } });
      if (typed.status !== 200) return this.failed(`typed ${record.id}: ${typed.status} ${await typed.text()}`);
      this.drafts.push({ id: record.id, summary, ackedAt: Date.now() });
      this.acknowledged();
    }
  }

  /** Resolves once `condition` holds; fails as soon as a write was refused. */
  async until(condition: () => boolean): Promise<void> {
    while (!condition()) {
      if (this.failures.length > 0) throw new Error(`writes failed: ${this.failures.join('; ')}`);
      await once(this.progress, 'ack');
    }
  }

  /** Stops sending and waits for the writes in flight to be answered. */
  async stop(): Promise<void> {
    this.stopped = true;
    await Promise.all(this.running);
  }
}

/** A photograph, as a member of staff uploads one. */
const photograph = () =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 20, g: 90, b: 160 } } })
    .jpeg({ quality: 85 })
    .toBuffer();

beforeAll(async () => {
  source = await createTestDatabase();
  server = await startServer({ ...ENV, DATABASE: source.location }, { within: 90_000 });
  // As `npm run staff -- add` makes it: Edição, which saves news and uploads pictures with a password alone.
  await addStaffAccount(open(source.location), STAFF.email, 'edicao', { now: new Date(), password: STAFF.password });
}, 120_000);

afterAll(async () => {
  await Promise.all([server?.stop(), restored?.stop()]);
  for (const db of opened) await db.destroy();
  await target?.drop();
  await source?.drop();
}, 60_000);

describe(`npm run backup and npm run restore (${onPostgres ? 'PostgreSQL' : 'SQLite'})`, () => {
  it('a backup taken while staff save and visitors post restores every write acknowledged before it began', async () => {
    const live = server!;
    const sourceDb = open(source!.location);
    const staff = await new StaffBrowser(live.url).logIn();

    const uploaded = new FormData();
    uploaded.append('ficheiro', new Blob([new Uint8Array(await photograph())], { type: 'image/jpeg' }), 'cartaz-da-copia.jpg');
    const upload = await staff.request('POST', '/media/pictures', uploaded);
    expect(upload.status, await upload.clone().text()).toBe(201);
    const picture = await json<UploadedPicture>(upload);
    const pictureBytes = Buffer.from(await (await fetch(`${live.url}/media/${picture.path}`)).arrayBuffer());
    expect(pictureBytes.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));

    const traffic = new Traffic(live.url, staff);
    let backup: Awaited<ReturnType<typeof npmRun>>;
    let began: number;
    let ended: number;
    let auditBefore: { id: number; action: string; subject: string | null; outcome: string }[];
    try {
      await traffic.until(
        () =>
          traffic.submissions.length >= BEFORE_BACKUP.visitors &&
          traffic.records.length >= BEFORE_BACKUP.records &&
          traffic.drafts.length >= BEFORE_BACKUP.drafts,
      );
      // Every audit row committed now is older than the backup's snapshot.
      auditBefore = await sourceDb.selectFrom('audit_log').select(['id', 'action', 'subject', 'outcome']).orderBy('id').execute();
      began = Date.now();
      backup = await npmRun('backup', [], { DATABASE: source!.location, BACKUP_DIR: join(source!.dir, 'copias') });
      ended = Date.now();
    } finally {
      await traffic.stop();
    }
    expect(traffic.failures).toEqual([]);
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    const files = listBackups(join(source!.dir, 'copias'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(new RegExp(`^festa-\\d{4}-\\d{2}-\\d{2}T\\d{2}-\\d{2}-\\d{2}Z\\.${EXTENSION}$`));
    backupFile = join(source!.dir, 'copias', files[0]!);
    expect(backup.stdout).toContain(`Cópia de segurança feita: ${backupFile}`);
    expect(backup.stdout).toContain('ficam as 14 cópias mais recentes');
    // The server went on taking writes of both kinds while the backup ran.
    const during = (ackedAt: number) => ackedAt > began && ackedAt < ended;
    expect(traffic.submissions.filter((s) => during(s.ackedAt)).length).toBeGreaterThan(0);
    expect([...traffic.records, ...traffic.drafts].filter((w) => during(w.ackedAt)).length).toBeGreaterThan(0);

    // A write acknowledged after the backup finished: beyond the recovery point.
    const late = { key: randomUUID(), email: 'depois-da-copia@example.pt' };
    expect((await post(live.url, 'accreditation', late.key, submissionBody('accreditation', late.email, 'tardia'))).status).toBe(201);

    target = await createTestDatabase();
    const restore = await npmRun('restore', [backupFile], { DATABASE: target.location });
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);
    expect(restore.stdout).toContain(`Cópia ${backupFile} reposta na base de dados`);
    restored = await startServer({ ...ENV, DATABASE: target.location }, { within: 90_000 });
    const restoredDb = open(target.location);

    // Visitors: every submission acknowledged before the backup began, under the id it was answered with.
    // Acknowledged by the time the backup began (the same millisecond too: the ack was read before `began` was taken).
    const submitted = traffic.submissions.filter((s) => s.ackedAt <= began!);
    expect(submitted.length).toBeGreaterThanOrEqual(BEFORE_BACKUP.visitors);
    const stored = new Map<string, string>();
    for (const table of ['accreditation_requests', 'newsletter_subscriptions'] as const) {
      const rows = await restoredDb.selectFrom(table).select(['id', 'email']).where('email', 'like', 'visita-%@example.pt').execute();
      for (const row of rows) stored.set(String(row.id), row.email);
    }
    for (const s of submitted) expect(stored.get(s.id), `${s.kind} ${s.email}`).toBe(s.email);
    // Their keys came along: the outbox replaying one gets the same answer, and no second row.
    for (const s of submitted) expect(await post(restored.url, s.kind, s.key, s.body), s.key).toEqual({ status: 201, id: s.id });
    const lateRows = await restoredDb.selectFrom('accreditation_requests').select('id').where('email', '=', late.email).execute();
    expect(lateRows).toEqual([]);

    // Staff: the account logs in on the restored server and finds its saved records and unsaved typing.
    const again = await new StaffBrowser(restored.url).logIn();
    const saved = traffic.records.filter((r) => r.ackedAt <= began!);
    expect(saved.length).toBeGreaterThanOrEqual(BEFORE_BACKUP.records);
    for (const record of saved) {
      const response = await again.request('GET', `/records/news/${record.id}`);
      expect(response.status, record.id).toBe(200);
      expect((await json<RecordView>(response)).fields.title).toBe(record.title);
    }
    const typed = traffic.drafts.filter((d) => d.ackedAt <= began!);
    expect(typed.length).toBeGreaterThanOrEqual(BEFORE_BACKUP.drafts);
    for (const draft of typed) {
      const response = await again.request('GET', `/typed/news/${draft.id}`);
      expect(response.status, draft.id).toBe(200);
      expect((await json<{ copy: TypedCopy | null }>(response)).copy?.fields.summary).toBe(draft.summary);
    }

    // The upload: listed in the back office and served, byte for byte.
    const pictures = await json<UploadedPicture[]>(await again.request('GET', '/media/pictures'));
    expect(pictures.map((p) => [p.path, p.originalName])).toContainEqual([picture.path, 'cartaz-da-copia.jpg']);
    const served = await fetch(`${restored.url}/media/${picture.path}`);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(pictureBytes)).toBe(true);

    // The audit log: every row committed before the backup began, the upload and the saves among them.
    const audit = await restoredDb.selectFrom('audit_log').select(['id', 'action', 'subject', 'outcome']).orderBy('id').execute();
    const restoredAudit = new Map(audit.map((row) => [row.id, row]));
    for (const row of auditBefore!) expect(restoredAudit.get(row.id), `audit ${row.id}`).toEqual(row);
    const entries = audit.map((row) => [row.action, row.subject, row.outcome]);
    expect(entries).toContainEqual(['media.upload', picture.path, 'ok']);
    for (const record of saved) expect(entries).toContainEqual(['record.create', `news/${record.id}`, 'ok']);
  }, 240_000);

  it('refuses, in pt-PT, to restore over a database that is not empty, and changes nothing', async () => {
    expect(backupFile).toBeDefined();
    const sourceDb = open(source!.location);
    const count = async () =>
      Number(
        (
          await sourceDb
            .selectFrom('accreditation_requests')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();

    const refused = await npmRun('restore', [backupFile!], { DATABASE: source!.location });
    expect(refused.code).toBe(1);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toMatch(
      /^A reposição foi recusada: a base de dados (SQLite|PostgreSQL) .+ não está vazia \(já tem \d+ tabelas\)\./,
    );
    expect(refused.stderr).toContain('Uma cópia só se repõe numa base de dados vazia');
    expect(await count()).toBe(before);

    // Nor a file that is not a backup, into an empty database.
    const notBackup = join(source!.dir, 'notas.txt');
    writeFileSync(notBackup, 'isto não é uma cópia de segurança');
    const empty = await createTestDatabase();
    try {
      const wrongFile = await npmRun('restore', [notBackup], { DATABASE: empty.location });
      expect(wrongFile.code).toBe(1);
      expect(wrongFile.stderr).toContain(`O ficheiro ${notBackup} não é uma cópia de segurança do site`);
    } finally {
      await empty.drop();
    }
  }, 120_000);

  it('keeps the newest BACKUP_KEEP backups and deletes the older ones, leaving other files alone', async () => {
    const dir = join(source!.dir, 'retencao');
    mkdirSync(dir);
    const older = [
      'festa-2020-01-01T00-00-00Z',
      'festa-2020-01-02T00-00-00Z',
      'festa-2020-01-03T00-00-00Z',
      'festa-2020-01-04T00-00-00Z',
      // A second backup within the same second, newer than the first.
      'festa-2020-01-04T00-00-00Z-1',
    ].map((name) => `${name}.${EXTENSION}`);
    for (const name of [...older, 'notas.txt']) writeFileSync(join(dir, name), 'antiga');

    const run = await npmRun('backup', [], { DATABASE: source!.location, BACKUP_DIR: dir, BACKUP_KEEP: '3' });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const [newest] = listBackups(dir);
    expect(newest).not.toMatch(/^festa-2020/);
    expect(readdirSync(dir).sort()).toEqual(
      [newest!, `festa-2020-01-04T00-00-00Z.${EXTENSION}`, `festa-2020-01-04T00-00-00Z-1.${EXTENSION}`, 'notas.txt'].sort(),
    );
    expect(run.stdout).toContain(
      `Retenção: ficam as 3 cópias mais recentes em ${dir} (BACKUP_KEEP=3); apagadas as 3 mais antigas: ` +
        `festa-2020-01-03T00-00-00Z.${EXTENSION}, festa-2020-01-02T00-00-00Z.${EXTENSION}, festa-2020-01-01T00-00-00Z.${EXTENSION}.`,
    );
  }, 120_000);

  it('stops on a bad BACKUP_KEEP, naming it, before writing anything', async () => {
    const dir = join(source!.dir, 'nunca');
    const run = await npmRun('backup', [], { DATABASE: source!.location, BACKUP_DIR: dir, BACKUP_KEEP: 'todas' });
    expect(run.code).toBe(1);
    expect(run.stderr).toBe('Configuração inválida:\n  - BACKUP_KEEP tem de ser um número inteiro (quantas cópias se guardam)\n');
    expect(() => readdirSync(dir)).toThrow(/ENOENT/);
  }, 60_000);
});
