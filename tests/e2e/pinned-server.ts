/**
 * Servers of their own for stories that cannot use the shared one: the festival's clock pinned
 * (CLOCK_AT, e.g. "the 5th at 15:00") on fixed festival dates, or a copy of the build to publish a
 * new version into. Each is the built server on a free port with a fresh database, started and
 * stopped by the story, its block's hooks or the `server` fixture of testOnOwnServer. The shared
 * server runs on the machine's clock.
 */
import { cpSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { lisbonInstant } from '../../src/common/time/lisbon-time';
import { REPOSITORY, startServer } from '../support/server-process';
import { test } from './fixtures';

export interface OwnServer {
  url: string;
  /** Its SQLite file, for a command run beside it (npm run staff, npm run seed). */
  database: string;
  stop: () => Promise<void>;
}

/**
 * Starts the built server as the shared one is configured (playwright.config.ts), with `env` over
 * it, on a fresh database. Allow it a minute: migrating and importing the content takes seconds,
 * many more on a busy machine.
 */
export async function startOwnServer(
  env: NodeJS.ProcessEnv,
  { hostName }: { hostName?: '127.0.0.1' | 'localhost' } = {},
): Promise<OwnServer> {
  const dir = mkdtempSync(join(tmpdir(), 'festa-own-server-'));
  try {
    const database = join(dir, 'festa.sqlite');
    const server = await startServer(
      {
        DATABASE: database,
        LOG_LEVEL: 'warn',
        RATE_LIMIT_POSTS: '10000',
        RATE_LIMIT_GETS: '100000',
        ...env,
      },
      { hostName },
    );
    return {
      url: server.url,
      database,
      // Its story is over: nothing reads how it shuts down (tests/server/process-lifecycle.test.ts
      // does), so it ends at once, not after the second of draining a SIGTERM gives.
      stop: async () => {
        await server.halt();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

/**
 * `test` with a `server` of the story's own (startOwnServer, with `ownServerEnv`: none unless a
 * spec sets it), started before it and stopped
 * after: stories that publish, lock an account or read the whole draft run in parallel, none
 * seeing another's work. The start has a timeout of its own (startServer's minute, and its stop),
 * so the story's timeout is the story's.
 */
export const testOnOwnServer = test.extend<{ server: OwnServer; ownServerEnv: NodeJS.ProcessEnv }>({
  // What a spec adds to the server's environment (a fixture of its own may work it out first: the
  // Web Push story's local push service, whose port is known once it listens).
  ownServerEnv: [{}, { option: true }],
  server: [
    async ({ ownServerEnv, context }, use) => {
      const server = await startOwnServer(ownServerEnv);
      // Playwright comes back from use() once the story ended, passed or failed.
      await use(server);
      // The story's pages go before their server: a request still running (a script, the worker's
      // update check) would otherwise be cut off by the stop and logged as the page's error.
      await context.close();
      await server.stop();
    },
    { timeout: 90_000 },
  ],
});

/** Starts a server with the festival from `festivalStart` and its clock at `clockAt` (Lisbon, 'YYYY-MM-DDTHH:MM'). */
export function startPinnedServer(festivalStart: string, clockAt: string): Promise<OwnServer> {
  return startOwnServer({ FESTIVAL_START: festivalStart, CLOCK_AT: clockAt });
}

/**
 * A copy of the build (dist/) that a story may change, for a server of its own (DIST_DIR): the
 * shared server's build, which other stories load at the same time, stays as built. The built
 * server entry imports its packages, found through a link to the repository's node_modules.
 */
export function copyOfBuild(): { dist: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'festa-build-'));
  cpSync(join(REPOSITORY, 'dist'), join(dir, 'dist'), { recursive: true });
  symlinkSync(join(REPOSITORY, 'node_modules'), join(dir, 'node_modules'), 'dir');
  return { dist: join(dir, 'dist'), remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * For the stories of the calling describe block: one pinned server (started before the first,
 * stopped after the last) and each page's clock standing at the same instant, so that the device
 * agrees with the festival's clock. `url` is known once the block's stories run.
 */
export function usePinnedFestival(festivalStart: string, clockAt: string): { readonly url: string } {
  let server: OwnServer | undefined;
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
