/**
 * Two real server processes (server/main.ts) on one PostgreSQL database, as behind a load
 * balancer: they start together on an empty database (both migrate, one imports the content),
 * every post is sent to both at once with one Idempotency-Key, one instance is killed (SIGKILL)
 * in the middle of a wave, and every post is then replayed to the survivor. Each key ends as
 * exactly one row, and every answer of a key carries the same id.
 *
 * PostgreSQL only: vitest.config.ts includes this file only when TEST_DATABASE=postgres (SQLite
 * is one file for one process, so there is nothing to share).
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SubmissionAck } from '../../src/common/api/api-types';
import { openDatabase, type Db } from '../../server/db/database';
import { startServer, type ServerProcess } from '../support/server-process';
import { createTestDatabase, FESTIVAL_START, onPostgres } from './helper';

const POSTS = 200;
const WAVE = 20;
/** The wave during which the first instance is killed. */
const KILL_IN_WAVE = 5;

let database: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
let db: Db | undefined;
const instances: ServerProcess[] = [];

function startInstance(location: string): Promise<ServerProcess> {
  return startServer({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE: location,
    FESTIVAL_START,
    // One client address sends everything here: the limits are not under test.
    RATE_LIMIT_POSTS: '1000000',
    RATE_LIMIT_REPLAYS: '1000000',
  });
}

interface Post {
  key: string;
  body: { name: string; company: string; email: string; telf: string };
}

type Answer = { status: number; id: string } | { status: 'failed'; id: null };

async function send(instance: ServerProcess, post: Post): Promise<Answer> {
  try {
    const response = await fetch(`${instance.url}/admin/api/accreditation`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': post.key },
      body: JSON.stringify(post.body),
    });
    const json = (await response.json()) as SubmissionAck;
    return { status: response.status, id: json.id };
  } catch {
    // The instance died with the request in flight: the client never heard an answer.
    return { status: 'failed', id: null };
  }
}

beforeAll(async () => {
  if (!onPostgres) throw new Error('pg-two-instances.test.ts runs only with TEST_DATABASE=postgres');
  database = await createTestDatabase();
  const location = database.location;
  // Both start at once on the empty database: both migrate, both find it empty and import.
  // Each is kept as soon as it serves, so that afterAll stops it even when the other fails to start.
  await Promise.all(
    [startInstance(location), startInstance(location)].map((started) => started.then((instance) => instances.push(instance))),
  );
  db = openDatabase(location);
}, 90_000);

afterAll(async () => {
  for (const { child } of instances) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await db?.destroy();
  await database?.drop();
}, 60_000);

describe('two server processes on one PostgreSQL', () => {
  it('import the content once and serve the same content', async () => {
    const [a, b] = instances as [ServerProcess, ServerProcess];
    const get = (instance: ServerProcess) => fetch(`${instance.url}/admin/api/cities`).then((r) => r.text());
    expect(await get(a)).toBe(await get(b));
    const settings = await db!.selectFrom('site_settings').select('key').execute();
    expect(settings.filter((s) => s.key === 'settings')).toHaveLength(1);
  });

  it('store every post once under concurrent sends to both, a SIGKILL mid-way and a replay to the survivor', async () => {
    const [a, b] = instances as [ServerProcess, ServerProcess];
    const posts: Post[] = Array.from({ length: POSTS }, (_, i) => ({
      key: randomUUID(),
      body: { name: `Pessoa ${i}`, company: 'Duas Instâncias, Lda', email: `duas-${i}@example.pt`, telf: '912345678' },
    }));
    const answers = new Map<string, Answer[]>(posts.map((p) => [p.key, []]));

    for (let start = 0, wave = 0; start < POSTS; start += WAVE, wave++) {
      const batch = posts.slice(start, start + WAVE);
      const sends = batch.flatMap((post) => [a, b].map((instance) => send(instance, post).then((r) => answers.get(post.key)!.push(r))));
      if (wave === KILL_IN_WAVE) {
        // Killed with this wave's requests in flight: some stored, some not, some answered.
        await delay(5);
        a.child.kill('SIGKILL');
      }
      await Promise.all(sends);
    }
    expect(a.child.signalCode).toBe('SIGKILL');

    // Whatever any instance answered with success, it answered alike for both sends of a key.
    for (const post of posts) {
      const ok = answers.get(post.key)!.filter((r) => r.status !== 'failed');
      for (const r of ok) expect(r, post.key).toEqual({ status: 201, id: ok[0]!.id });
    }
    // The survivor answered everything, before and after the kill.
    const survivorFailed = posts.filter((p) => answers.get(p.key)!.every((r) => r.status === 'failed'));
    expect(survivorFailed).toEqual([]);

    // The client's outbox replays every post to the instance still standing.
    const replays = await Promise.all(posts.map((post) => send(b, post)));
    posts.forEach((post, i) => {
      const first = answers.get(post.key)!.find((r) => r.status !== 'failed')!;
      expect(replays[i], post.key).toEqual({ status: 201, id: first.id });
    });

    // Exactly one row per key, and it is the row whose id every answer carried.
    const rows = await db!
      .selectFrom('accreditation_requests')
      .select(['id', 'email'])
      .where('email', 'like', 'duas-%@example.pt')
      .execute();
    expect(rows).toHaveLength(POSTS);
    const byEmail = new Map(rows.map((r) => [r.email, r.id]));
    posts.forEach((post, i) => expect(byEmail.get(post.body.email), post.key).toBe(replays[i]!.id));
    const keys = await db!
      .selectFrom('idempotency_keys')
      .select('key')
      .where(
        'key',
        'in',
        posts.map((p) => p.key),
      )
      .execute();
    expect(keys).toHaveLength(POSTS);
  }, 60_000);
});
