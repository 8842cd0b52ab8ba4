/**
 * A browser with a lasting profile, closed and opened again as a visitor's is: for the stories of
 * what survives closing the browser (the agenda, the outbox). On the project's device.
 */
import { chromium, expect, type BrowserContext, type Page, type TestInfo } from '@playwright/test';
import { readdirSync, readFileSync } from 'node:fs';
import { chromiumArgs } from '../../playwright.config';
import { chromiumPath as executablePath } from '../../scripts/chromium-path';

/**
 * The processes whose command line names the profile: Chromium gives `--user-data-dir` to every
 * process it starts (its children rewrite their command line as one string, hence the spaces).
 * Empty where there is no /proc to read (not Linux), where nothing can be told.
 */
function processesUsing(profile: string): string[] {
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return [];
  }
  return pids.filter((pid) => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split(/[\0 ]/).includes(`--user-data-dir=${profile}`);
    } catch {
      // The process ended while the list was read.
      return false;
    }
  });
}

/**
 * Opens the profile in a new browser, whose console errors, page errors and hydration warnings go
 * to `problems`. The browser that had the profile before must be closed with
 * `closePersistentBrowser`, which leaves the profile free.
 */
export async function openPersistentBrowser(
  profile: string,
  baseURL: string | undefined,
  testInfo: TestInfo,
  problems: string[],
): Promise<[BrowserContext, Page]> {
  const { viewport, isMobile, hasTouch, deviceScaleFactor, userAgent } = testInfo.project.use;
  const context = await chromium.launchPersistentContext(profile, {
    executablePath,
    args: chromiumArgs,
    baseURL,
    locale: 'pt-PT',
    timezoneId: 'Europe/Lisbon',
    ...(viewport ? { viewport } : {}),
    ...(isMobile !== undefined ? { isMobile } : {}),
    ...(hasTouch !== undefined ? { hasTouch } : {}),
    ...(deviceScaleFactor ? { deviceScaleFactor } : {}),
    ...(userAgent ? { userAgent } : {}),
  });
  const page = context.pages()[0] ?? (await context.newPage());
  page.on('console', (m) => {
    if (m.type() === 'error' || /hydrat/i.test(m.text())) problems.push(m.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return [context, page];
}

/**
 * Closes the browser, leaving the profile free for the next one. A browser started on a profile
 * still in use hands over to the browser using it and closes at once: this was once met on a busy
 * CI machine and tried again. Playwright's close returns only once every process of the browser
 * has ended (it waits for the pipes they share), so there is nothing to wait for; should a
 * process ever outlive it, the story fails here naming it instead of in the next launch.
 */
export async function closePersistentBrowser(context: BrowserContext, profile: string): Promise<void> {
  await context.close();
  expect(processesUsing(profile), 'processes of the closed browser still using its profile').toEqual([]);
}
