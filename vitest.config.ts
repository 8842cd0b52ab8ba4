import { configDefaults, defineConfig } from 'vitest/config';
import { linguiMacros } from './scripts/lingui-macros';

// TEST_DATABASE=postgres (with TEST_PG_URL) runs the server tests on PostgreSQL instead of SQLite:
// tests/server/helper.ts makes one database per test file. Files named pg-*.test.ts exercise what
// only PostgreSQL has (several server processes on one database) and run only then; files named
// sqlite-*.test.ts exercise what only SQLite has (its page limit, to fill the disk) and run only on it.
const onPostgres = process.env.TEST_DATABASE === 'postgres';

/**
 * Server tests of what stands in front of the database (the front door's kept answers, slow
 * clients' timeouts, the worker's build): the same on both engines, so the PostgreSQL pass leaves
 * them to the SQLite one.
 */
const ENGINE_INDEPENDENT = ['front-door', 'slow-clients', 'pwa-build'].map((name) => `tests/server/${name}.test.ts`);

export default defineConfig({
  test: {
    // Two files at once on CI's two cores: many server files wait on a process, a socket or a
    // timeout of their own (backups, restarts, slow clients), and the other file runs meanwhile.
    // Three were tried: one run on an idle machine looked faster (216 s against 252 s), but from a
    // clean clone the unit and server pass took 246 s with three against 227 s with two, the
    // third file's imports and the contention costing more than the waits it fills. One setting
    // for every project: Vitest runs projects of different sizes apart.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          exclude: [
            ...configDefaults.exclude,
            ...(onPostgres ? ['tests/server/**/sqlite-*.test.ts', ...ENGINE_INDEPENDENT] : ['tests/server/**/pg-*.test.ts']),
          ],
          environment: 'node',
          // The files share one module graph per worker: each would otherwise import the whole server
          // again (some 4 s a file, most of the pass). Nothing in the server keeps state in a module
          // that one file's app could leave to another's: each builds its app on its own database.
          isolate: false,
          // Server tests migrate and seed a database, build a Fastify app (often in beforeAll) and
          // spawn CLIs: generous limits so a busy CI machine does not fail them at the 5 s default.
          testTimeout: 30_000,
          hookTimeout: 30_000,
          setupFiles: ['tests/setup/fail-on-console-error.ts', 'tests/setup/pageless-i18n.ts'],
          // The server bundled once for the files that start it as a process (tests/support/bundle-server.ts).
          globalSetup: ['tests/setup/server-bundle.ts', 'tests/setup/template-databases.ts'],
        },
      },
      {
        plugins: [linguiMacros()],
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          exclude: [...configDefaults.exclude, 'tests/unit/gestao/**'],
          environment: 'node',
          // A busy machine can stretch a unit test past the 5 s default; a passing one takes no longer for it.
          testTimeout: 15_000,
          setupFiles: ['tests/setup/fail-on-console-error.ts', 'tests/setup/pageless-i18n.ts'],
        },
      },
      {
        plugins: [linguiMacros()],
        test: {
          // The back office's screens in jsdom over the real server in process (tests/unit/gestao/back-office.tsx):
          // jsdom's globals with modules transformed for Node, as the server needs (the environment's file says why).
          name: 'unit-gestao',
          include: ['tests/unit/gestao/**/*.test.{ts,tsx}'],
          environment: './tests/setup/jsdom-beside-server.ts',
          // Each file migrates and seeds a database first, as the server tests do.
          testTimeout: 30_000,
          hookTimeout: 60_000,
          globalSetup: ['tests/setup/template-databases.ts'],
          setupFiles: ['tests/setup/fail-on-console-error.ts', 'tests/setup/pageless-i18n.ts'],
        },
      },
    ],
  },
});
