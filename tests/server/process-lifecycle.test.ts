/**
 * The real server process (server/main.ts): a database it cannot use stops it with one pt-PT line,
 * and SIGTERM stops it taking connections at once while posts in flight finish and answer.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest, Agent } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/database';
import { spawnServer, startServer } from '../support/server-process';
import { createTestDatabase } from './helper';

const dirs: string[] = [];
const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'festa-process-'));
  dirs.push(dir);
  return dir;
}

// Through tsx, as `npm start` runs it, not the run's bundle (tests/support/server-process.ts).
const TEST_ENV = { NODE_ENV: 'test', LOG_LEVEL: 'silent', FESTIVAL_START: '2026-04-02', TEST_SERVER_BUNDLE: '' };

/** A server that is expected to stop by itself. */
function startFailingServer(env: Record<string, string>): ChildProcess {
  const { child } = spawnServer({ ...TEST_ENV, ...env });
  children.push(child);
  return child;
}

function exited(child: ChildProcess): Promise<{ code: number | null; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, stdout, stderr })));
}

describe('start-up on a database that cannot be used', () => {
  it.each([
    ['a file that is not a database', (dir: string) => writeGarbage(join(dir, 'lixo.sqlite')), /não é uma base de dados SQLite/],
    ['a folder that cannot be created', (dir: string) => join(writeGarbage(join(dir, 'ficheiro')), 'dados', 'festa.sqlite'), /pasta/],
  ])(
    '%s: one pt-PT line naming the file, exit code 1',
    async (_case, makePath, cause) => {
      const path = makePath(tempDir());
      const result = await exited(startFailingServer({ DATABASE: path, PORT: '0' }));
      expect(result.code).toBe(1);
      const lines = result.stderr.trim().split('\n');
      expect(lines, result.stderr).toHaveLength(1);
      expect(lines[0]).toContain(path);
      expect(lines[0]).toMatch(/^Base de dados inválida: não foi possível usar o ficheiro /);
      expect(lines[0]).toMatch(cause);
      expect(lines[0]).not.toMatch(/\bat \S+:\d+/);
    },
    60_000,
  );
});

function writeGarbage(path: string): string {
  writeFileSync(path, 'isto não é uma base de dados SQLite, só bytes ao acaso. '.repeat(200));
  return path;
}

interface Answer {
  status?: number;
  id?: string;
  error?: string;
}

/** One POST on a keep-alive agent; resolves with the status or the socket error, never rejects. */
function postAccreditation(port: number, agent: Agent, i: number): Promise<Answer> {
  const body = JSON.stringify({ name: `Pessoa ${i}`, company: 'Jornal', email: `p${i}@example.pt`, telf: '912345678' });
  return new Promise((resolve) => {
    const req = httpRequest(
      { port, host: '127.0.0.1', method: 'POST', path: '/admin/api/accreditation', agent, headers: { 'content-type': 'application/json' } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          const id = res.statusCode === 201 ? (JSON.parse(text) as { id: string }).id : undefined;
          resolve({ status: res.statusCode, id });
        });
        res.on('error', (error) => resolve({ error: error.message }));
      },
    );
    req.on('error', (error) => resolve({ error: `${(error as NodeJS.ErrnoException).code ?? ''} ${error.message}` }));
    req.end(body);
  });
}

describe('SIGTERM with posts in flight', () => {
  it('answers every post it took (201, or 503 once stopping), refuses new connections, and keeps a row for every 201', async () => {
    // The engine under test (a SQLite file, or a PostgreSQL database with TEST_DATABASE=postgres).
    const testDatabase = await createTestDatabase();
    const database = testDatabase.location;
    const { child, port } = await startServer({ ...TEST_ENV, DATABASE: database, RATE_LIMIT_POSTS: '10000' });
    children.push(child);
    const done = exited(child);

    const agent = new Agent({ keepAlive: true, maxSockets: 25 });
    // A first wave opens keep-alive connections; the second is in flight when SIGTERM arrives, and
    // half of it waits for a connection of its own, which the stopping server no longer takes.
    const first = await Promise.all(Array.from({ length: 25 }, (_, i) => postAccreditation(port, agent, i)));
    const second = Array.from({ length: 50 }, (_, i) => postAccreditation(port, agent, 100 + i));
    await new Promise((r) => setTimeout(r, 5));
    child.kill('SIGTERM');
    const answers = [...first, ...(await Promise.all(second))];
    const { code } = await done;
    agent.destroy();

    // A refused connection carried no request (nginx hands it to the other instance); nothing
    // sent was reset.
    expect(answers.filter((a) => a.error !== undefined && !a.error.startsWith('ECONNREFUSED'))).toEqual([]);
    expect(answers.every((a) => a.error !== undefined || a.status === 201 || a.status === 503)).toBe(true);
    expect(code).toBe(0);

    const created = answers.filter((a) => a.status === 201).map((a) => a.id!);
    expect(created.length).toBeGreaterThanOrEqual(25);
    const db = openDatabase(database);
    try {
      const rows = await db.selectFrom('accreditation_requests').select('id').where('id', 'in', created).execute();
      expect(rows).toHaveLength(created.length);
    } finally {
      await db.destroy();
      await testDatabase.drop();
    }
  }, 60_000);
});

/** One GET: the status, `Connection` header and body, or the socket error's code; never rejects. */
function get(
  port: number,
  agent: Agent | false,
  path: string,
): Promise<{ status?: number; connection?: string; body?: string; error?: string }> {
  return new Promise((resolve) => {
    const req = httpRequest({ port, host: '127.0.0.1', path, agent }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode, connection: res.headers.connection, body }));
      res.on('error', (error) => resolve({ error: error.message }));
    });
    req.on('error', (error) => resolve({ error: (error as NodeJS.ErrnoException).code ?? error.message }));
    req.end();
  });
}

describe('readiness through a SIGTERM', () => {
  it('refuses new connections at once; on one it already had, says not ready and why, while liveness answers', async () => {
    const testDatabase = await createTestDatabase();
    try {
      const { child, port } = await startServer({ ...TEST_ENV, DATABASE: testDatabase.location });
      children.push(child);
      const done = exited(child);
      // Two keep-alive connections, opened before the signal (as nginx keeps them).
      const agent = new Agent({ keepAlive: true, maxSockets: 2 });
      const opened = await Promise.all([get(port, agent, '/readyz'), get(port, agent, '/healthz')]);
      expect(opened.map((answer) => answer.status)).toEqual([200, 200]);

      child.kill('SIGTERM');
      // A new connection each time, until the server has stopped listening: answered while the
      // signal is on its way (ready, or already not), then refused (one the kernel had queued as
      // the socket closed is reset).
      let fresh = await get(port, false, '/readyz');
      while (fresh.error !== 'ECONNREFUSED') {
        expect(fresh.status === 200 || fresh.status === 503 || fresh.error === 'ECONNRESET', JSON.stringify(fresh)).toBe(true);
        fresh = await get(port, false, '/readyz');
      }

      // The connections it had: readiness says why it is not ready, liveness answers, and each
      // answer closes its connection.
      const ready = await get(port, agent, '/readyz');
      expect([ready.status, ready.connection]).toEqual([503, 'close']);
      expect((JSON.parse(ready.body ?? '{}') as { message?: string }).message).toMatch(/a terminar/);
      const live = await get(port, agent, '/healthz');
      expect([live.status, live.connection]).toEqual([200, 'close']);
      agent.destroy();
      expect((await done).code).toBe(0);
    } finally {
      await testDatabase.drop();
    }
  }, 60_000);
});
