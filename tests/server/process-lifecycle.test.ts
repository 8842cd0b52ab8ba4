/**
 * The real server process (server/main.ts): a database it cannot use stops it with one pt-PT line,
 * and SIGTERM lets posts in flight finish and answer.
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

const TEST_ENV = { NODE_ENV: 'test', LOG_LEVEL: 'silent', FESTIVAL_START: '2026-04-02' };

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
  it('answers every post (201, or 503 after the close), with a row for every 201', async () => {
    // The engine under test (a SQLite file, or a PostgreSQL database with TEST_DATABASE=postgres).
    const testDatabase = await createTestDatabase();
    const database = testDatabase.location;
    const { child, port } = await startServer({ ...TEST_ENV, DATABASE: database, RATE_LIMIT_POSTS: '10000' });
    children.push(child);
    const done = exited(child);

    const agent = new Agent({ keepAlive: true, maxSockets: 25 });
    // A first wave opens keep-alive connections; the second is in flight when SIGTERM arrives.
    const first = await Promise.all(Array.from({ length: 25 }, (_, i) => postAccreditation(port, agent, i)));
    const second = Array.from({ length: 50 }, (_, i) => postAccreditation(port, agent, 100 + i));
    await new Promise((r) => setTimeout(r, 5));
    child.kill('SIGTERM');
    const answers = [...first, ...(await Promise.all(second))];
    const { code } = await done;
    agent.destroy();

    expect(answers.filter((a) => a.error)).toEqual([]);
    expect(answers.every((a) => a.status === 201 || a.status === 503)).toBe(true);
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

/** One GET on a keep-alive agent: the status and body, or the socket error; never rejects. */
function get(port: number, agent: Agent, path: string): Promise<{ status?: number; body?: string; error?: string }> {
  return new Promise((resolve) => {
    const req = httpRequest({ port, host: '127.0.0.1', path, agent }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode, body }));
      res.on('error', (error) => resolve({ error: error.message }));
    });
    req.on('error', (error) => resolve({ error: error.message }));
    req.end();
  });
}

describe('readiness through a SIGTERM', () => {
  it('turns not ready from the signal on, while liveness still answers, until the server closes', async () => {
    const testDatabase = await createTestDatabase();
    try {
      const { child, port } = await startServer({ ...TEST_ENV, DATABASE: testDatabase.location });
      children.push(child);
      const done = exited(child);
      const agent = new Agent({ keepAlive: true, maxSockets: 2 });
      expect((await get(port, agent, '/readyz')).status).toBe(200);

      child.kill('SIGTERM');
      // Asked again and again until the server has closed: once it said "not ready", it never
      // says ready again, and meanwhile the process still answers its liveness.
      // Once the drain is over, Fastify itself answers what still arrives while it closes
      // (503 "Service Unavailable"): not ready either.
      const readiness: number[] = [];
      const reasons = new Set<string>();
      let liveDuringDrain: number | undefined;
      for (;;) {
        const ready = await get(port, agent, '/readyz');
        if (ready.status === undefined) break;
        readiness.push(ready.status);
        if (ready.status !== 503) continue;
        const reason = (JSON.parse(ready.body ?? '{}') as { message?: string }).message ?? '';
        reasons.add(/a terminar/.test(reason) ? 'drain' : reason);
        if (reason !== 'Service Unavailable') liveDuringDrain ??= (await get(port, agent, '/healthz')).status;
      }
      agent.destroy();
      expect((await done).code).toBe(0);
      const firstNotReady = readiness.indexOf(503);
      expect(firstNotReady, `readiness after SIGTERM: ${readiness.join(', ')}`).toBeGreaterThanOrEqual(0);
      expect(readiness.slice(firstNotReady).every((status) => status === 503)).toBe(true);
      expect(reasons.has('drain'), [...reasons].join(', ')).toBe(true);
      expect(
        [...reasons].every((reason) => reason === 'drain' || reason === 'Service Unavailable'),
        [...reasons].join(', '),
      ).toBe(true);
      expect(liveDuringDrain).toBe(200);
    } finally {
      await testDatabase.drop();
    }
  }, 60_000);
});
