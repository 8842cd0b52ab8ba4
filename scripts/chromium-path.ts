/**
 * The Chromium every browser run uses. PLAYWRIGHT_CHROMIUM_PATH names one for all of them;
 * otherwise, with Debian's packages:
 * - `chromiumPath`, the full browser (/usr/bin/chromium): the benches, Lighthouse, screenshots,
 *   and the stories of what only a full browser does (installing the app, Web Push, a profile
 *   that outlives its browser);
 * - `storyChromiumPath`, the headless shell (chromium-headless-shell) for every other story: what
 *   Playwright itself runs headless, without the full browser's processes (measured on CI's
 *   machine: the whole e2e run 1,868 s with the full browser, 1,425 s with the shell).
 * Undefined lets Playwright launch its own (ordinary machines, after `npx playwright install chromium`).
 */
import { existsSync } from 'node:fs';

const DEBIAN_CHROMIUM = '/usr/bin/chromium';
const DEBIAN_HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';

const named = process.env.PLAYWRIGHT_CHROMIUM_PATH || undefined;

export const chromiumPath: string | undefined = named ?? (existsSync(DEBIAN_CHROMIUM) ? DEBIAN_CHROMIUM : undefined);

export const storyChromiumPath: string | undefined = named ?? (existsSync(DEBIAN_HEADLESS_SHELL) ? DEBIAN_HEADLESS_SHELL : chromiumPath);
