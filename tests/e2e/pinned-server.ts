/**
 * A server of its own for stories that need the festival's clock pinned (CLOCK_AT, e.g. "the 5th
 * at 15:00") on fixed festival dates: the built server on a free port with a fresh database,
 * started and stopped by the story's hooks. The shared server runs on the machine's clock.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { lisbonInstant } from '../../src/common/lisbon-time';
import { test } from './fixtures';

export interface PinnedServer {
  url: string;
  stop: () => Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function waitUntilUp(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the pinned server stopped (${child.exitCode}):\n${output()}`);
    const ok = await fetch(`${url}/admin/homeprefs`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the pinned server did not answer within 60 s:\n${output()}`);
}

/** Starts the server with the festival from `festivalStart` and its clock at `clockAt` (Lisbon, 'YYYY-MM-DDTHH:MM'). */
export async function startPinnedServer(festivalStart: string, clockAt: string): Promise<PinnedServer> {
  const dir = mkdtempSync(join(tmpdir(), 'festa-pinned-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE: join(dir, 'festa.sqlite'),
      PUBLIC_URL: url,
      FESTIVAL_START: festivalStart,
      CLOCK_AT: clockAt,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_POSTS: '10000',
      RATE_LIMIT_GETS: '100000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitUntilUp(url, child, () => output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, stop };
}

/**
 * For the stories of the calling describe block: one pinned server (started before the first,
 * stopped after the last) and each page's clock standing at the same instant, so that the device
 * agrees with the festival's clock. `url` is known once the block's stories run.
 */
export function usePinnedFestival(festivalStart: string, clockAt: string): { readonly url: string } {
  let server: PinnedServer | undefined;
  test.beforeAll(async () => {
    test.setTimeout(90_000);
    server = await startPinnedServer(festivalStart, clockAt);
  });
  test.afterAll(async () => {
    await server?.stop();
  });
  test.beforeEach(async ({ page }) => {
    await page.clock.setFixedTime(lisbonInstant(clockAt));
  });
  return {
    get url() {
      if (!server) throw new Error('the pinned server is not running: read its url inside a story');
      return server.url;
    },
  };
}
