/**
 * The Chromium every browser run uses (the stories, the benches, the screenshots):
 * PLAYWRIGHT_CHROMIUM_PATH, else Debian's /usr/bin/chromium when present, else undefined, which
 * lets Playwright launch its own browser (ordinary machines, after `npx playwright install chromium`).
 */
import { existsSync } from 'node:fs';

export const chromiumPath: string | undefined =
  process.env.PLAYWRIGHT_CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);
