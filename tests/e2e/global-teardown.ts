/** After the run: its bundle of the server (TEST_SERVER_BUNDLE, playwright.config.ts) is removed. */
import { rmSync } from 'node:fs';

export default function globalTeardown(): void {
  const bundle = process.env.TEST_SERVER_BUNDLE;
  if (bundle) rmSync(bundle, { recursive: true, force: true });
}
