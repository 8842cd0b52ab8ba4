/**
 * Vitest's server project, before its files: the server bundled once (tests/support/bundle-server.ts)
 * for the files that start it as a process of its own (tests/support/server-process.ts), removed
 * after them.
 */
import { rmSync } from 'node:fs';
import { bundleFolder, bundleServer } from '../support/bundle-server';

export default async function setup(): Promise<() => void> {
  const dir = await bundleFolder();
  await bundleServer(dir);
  process.env.TEST_SERVER_BUNDLE = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}
