/**
 * The server for a test run, bundled once with esbuild (tsx's own): server/main.ts and the seed
 * command, our TypeScript in one file each, the packages imported from node_modules as production
 * imports them. Started through tsx, every server process paid some 2 s of CPU compiling and
 * resolving server/ again (measured on CI's two-core machine: 5.3 s of CPU from start to serving,
 * 3.0 s bundled), and the browser stories start dozens of servers of their own, the server tests
 * some twenty. tests/support/server-process.ts starts the bundle when TEST_SERVER_BUNDLE names one:
 * playwright.config.ts's run (its webServer command writes it) and Vitest's server project
 * (tests/setup/server-bundle.ts) do; `npm start`'s own way, through tsx, stays proven by
 * tests/server/process-lifecycle.test.ts.
 *
 * A module finding its files beside itself (`import.meta.url`: config.ts's ROOT, the heavy jobs'
 * worker entry, the PDF fonts, a createRequire) gets its own source file's URL written in, so it
 * finds them where it does under tsx. Each run's bundle is a folder of its own under
 * node_modules/.cache (so that the packages it imports resolve from the repository's
 * node_modules), removed at the run's end.
 *
 *   node --import tsx tests/support/bundle-server.ts <dir>   writes <dir>/main.mjs and <dir>/seed.mjs
 */
import { build, type Plugin } from 'esbuild';
import { readFile, readdir, rm, stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const REPOSITORY = join(import.meta.dirname, '../..');

/** Where the runs' bundles go, under node_modules so that the packages they import resolve from there. */
export const BUNDLES = join(REPOSITORY, 'node_modules/.cache/festa-test-server');

/** `import.meta.url` in a server module becomes that module's own file URL. */
const ownModuleUrl: Plugin = {
  name: 'own-module-url',
  setup(bundle) {
    bundle.onLoad({ filter: /\.tsx?$/ }, async ({ path }) => {
      const text = await readFile(path, 'utf8');
      if (!text.includes('import.meta')) return undefined;
      if (/import\.meta(?!\.url)/.test(text)) throw new Error(`${path}: only import.meta.url can be bundled here`);
      return {
        contents: text.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(path).href)),
        loader: path.endsWith('x') ? 'tsx' : 'ts',
      };
    });
  },
};

/** Writes the server (main.mjs) and the seed command (seed.mjs) into `dir`. */
export async function bundleServer(dir: string): Promise<void> {
  await build({
    absWorkingDir: REPOSITORY,
    entryPoints: { main: 'server/main.ts', seed: 'server/cli/seed-command.ts' },
    outdir: dir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: `node${process.versions.node.split('.')[0]}`,
    packages: 'external',
    logLevel: 'warning',
    plugins: [ownModuleUrl],
  });
}

/** Removes the bundles in `bundles` of runs that ended without their teardown (a day old or more). */
async function removeStaleBundles(bundles: string): Promise<void> {
  const names = await readdir(bundles).catch(() => []);
  const dayAgo = Date.now() - 24 * 3600_000;
  for (const name of names) {
    const path = join(bundles, name);
    const { mtimeMs } = await stat(path);
    if (mtimeMs < dayAgo) await rm(path, { recursive: true, force: true });
  }
}

/** A new folder for a run's bundle, beside the bundles of earlier runs (those a day old removed). */
export async function bundleFolder(): Promise<string> {
  await removeStaleBundles(BUNDLES);
  return join(BUNDLES, `${process.pid}-${Date.now()}`);
}

// Run as a command: the bundle into the folder named.
if (process.argv[1] && resolve(process.argv[1]) === import.meta.filename) {
  const dir = process.argv[2];
  if (!dir) throw new Error('usage: node --import tsx tests/support/bundle-server.ts <dir>');
  await removeStaleBundles(dirname(resolve(dir)));
  await bundleServer(dir);
}
