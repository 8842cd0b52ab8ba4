/**
 * The real server (server/main.ts) as a process of its own, for the tests that need one: e2e
 * stories on a pinned clock or on a copy of the build, and the server tests of start-up, shutdown
 * and several instances on one database.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';

/** The repository, where the server is started from. */
export const REPOSITORY = join(import.meta.dirname, '../..');

/** A port free on 127.0.0.1 now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no free port'))));
    });
  });
}

export interface SpawnedServer {
  child: ChildProcess;
  /** What it printed so far, standard output and error together. */
  output: () => string;
}

/**
 * How the server is started: from its bundle (tests/support/bundle-server.ts) when
 * TEST_SERVER_BUNDLE names one, as Playwright's run and Vitest's server project do (2 s less of CPU
 * each time); otherwise, or with TEST_SERVER_BUNDLE set empty in `env`, server/main.ts through tsx,
 * as `npm start` runs it.
 */
function serverArguments(env: NodeJS.ProcessEnv): string[] {
  const bundle = env.TEST_SERVER_BUNDLE;
  return bundle ? [join(bundle, 'main.mjs')] : ['--import', 'tsx', 'server/main.ts'];
}

/** The arguments of `node` for `npm run seed` (server/cli/seed-command.ts), from the bundle likewise. */
export function seedArguments(env: NodeJS.ProcessEnv = process.env): string[] {
  const bundle = env.TEST_SERVER_BUNDLE;
  return bundle ? [join(bundle, 'seed.mjs')] : ['--import', 'tsx', 'server/cli/seed-command.ts'];
}

/** Starts server/main.ts with `env` added to the tests' own environment. */
export function spawnServer(env: NodeJS.ProcessEnv): SpawnedServer {
  const childEnv = { ...process.env, ...env };
  const child = spawn(process.execPath, serverArguments(childEnv), {
    cwd: REPOSITORY,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { child, output: () => output };
}

/**
 * Resolves once the server answers /admin/homeprefs: it has migrated, imported an empty database's
 * content and listens. Fails with what it printed when it exits first or is not up `within` ms.
 */
export async function waitUntilServing(url: string, { child, output }: SpawnedServer, within: number): Promise<void> {
  const deadline = Date.now() + within;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the server at ${url} stopped (${child.exitCode ?? child.signalCode}):\n${output()}`);
    }
    const up = await fetch(`${url}/admin/homeprefs`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the server at ${url} did not answer within ${within / 1000} s:\n${output()}`);
}

export interface ServerProcess extends SpawnedServer {
  port: number;
  /** http://127.0.0.1:{port} */
  url: string;
  /** Sends SIGTERM and resolves once the process has exited. */
  stop: () => Promise<void>;
  /**
   * Ends the process at once (SIGKILL) and resolves once it has exited: for a server whose own
   * shutdown nothing reads, which would otherwise drain its connections for a second first.
   */
  halt: () => Promise<void>;
}

/**
 * Starts the server on a free port of 127.0.0.1 with `env` (its DATABASE at least) and waits until
 * it serves. Starting takes seconds (migrations, the content import, the media copies) and longer
 * on a busy machine: the caller's test or hook must allow for `within`.
 */
export async function startServer(
  env: NodeJS.ProcessEnv,
  { within = 60_000, hostName = '127.0.0.1' }: { within?: number; hostName?: '127.0.0.1' | 'localhost' } = {},
): Promise<ServerProcess> {
  const port = await freePort();
  // `hostName` names the server in its url and PUBLIC_URL: localhost where a browser refuses an IP
  // address (a passkey's host). It listens on 127.0.0.1 either way, and is waited for there.
  const url = `http://${hostName}:${port}`;
  const spawned = spawnServer({ PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: url, ...env });
  const { child } = spawned;
  const ending = (signal: NodeJS.Signals) => async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill(signal);
    await exited;
  };
  const stop = ending('SIGTERM');
  try {
    await waitUntilServing(`http://127.0.0.1:${port}`, spawned, within);
  } catch (error) {
    await stop();
    throw error;
  }
  return { ...spawned, port, url, stop, halt: ending('SIGKILL') };
}
