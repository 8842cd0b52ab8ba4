/**
 * `test` whose `page` is a tab kept open between stories, for stories that read the shared
 * server's pages as a new visitor would. A browser context of its own per story costs a renderer
 * process, an empty HTTP cache and every script compiled again: on this project's CI machine that
 * was about 2 s of CPU before a page was hydrated, more than most stories' own work (measured:
 * eight pages each in a fresh context, 42 s; the same in one tab cleared between them, 17 s).
 *
 * Each story still meets the site as a new visitor. Between two stories the tab goes to
 * about:blank, and everything the site kept is cleared: cookies, local and session storage,
 * IndexedDB, Cache Storage, the service worker, permissions, routes, listeners, other tabs and
 * popups. What stays is what a browser keeps after "clear this site's data": its HTTP cache and
 * compiled scripts. A tab is kept per set of context options (a story's `test.use` is honoured),
 * and `context` is that tab's context.
 *
 * A story that sets the page's clock (which cannot be taken back from a context) names a
 * `tabGroup` of its own, shared only with stories on the same clock. Stories that change what the
 * server holds or test a first visit's install keep the default fixtures (./fixtures).
 */
import type { Browser, BrowserContext, BrowserContextOptions, Page } from '@playwright/test';
import { test as base } from './fixtures';

/** The context options a story may set (with `test.use` or the project) that a kept tab must share. */
type TabOptions = Pick<
  BrowserContextOptions,
  | 'baseURL'
  | 'colorScheme'
  | 'deviceScaleFactor'
  | 'hasTouch'
  | 'isMobile'
  | 'javaScriptEnabled'
  | 'locale'
  | 'reducedMotion'
  | 'serviceWorkers'
  | 'timezoneId'
  | 'userAgent'
  | 'viewport'
>;

/** What a story may listen to, the listeners it leaves removed before the next (Playwright's own stay). */
const PAGE_EVENTS = [
  'console',
  'dialog',
  'download',
  'framenavigated',
  'load',
  'pageerror',
  'popup',
  'request',
  'requestfailed',
  'requestfinished',
  'response',
] as const;
const CONTEXT_EVENTS = ['console', 'dialog', 'page', 'request', 'requestfailed', 'requestfinished', 'response', 'serviceworker'] as const;

interface Tab {
  options: TabOptions;
  context: BrowserContext;
  page: Page;
  /** The origins the tab's pages reached: what the clearing clears. */
  origins: Set<string>;
}

class WarmTabs {
  private readonly tabs = new Map<string, Tab>();
  private readonly byContext = new Map<BrowserContext, Tab>();

  constructor(private readonly browser: Browser) {}

  async contextFor(options: TabOptions, group: string): Promise<BrowserContext> {
    const key = JSON.stringify([group, ...Object.entries(options).sort(([a], [b]) => a.localeCompare(b))]);
    let tab = this.tabs.get(key);
    if (!tab) {
      const context = await this.browser.newContext(options);
      const origins = new Set<string>();
      tab = { options, context, page: await this.newPage(context, origins), origins };
      this.tabs.set(key, tab);
      this.byContext.set(context, tab);
    }
    if (tab.page.isClosed()) tab.page = await this.newPage(tab.context, tab.origins);
    return tab.context;
  }

  pageOf(context: BrowserContext): Page {
    return this.tab(context).page;
  }

  /** Back to a new visitor's browser, its HTTP cache kept. */
  async clear(context: BrowserContext): Promise<void> {
    const tab = this.tab(context);
    const { page } = tab;
    for (const event of CONTEXT_EVENTS) context.removeAllListeners(event);
    for (const other of context.pages()) if (other !== page) await other.close();
    if (page.isClosed()) tab.page = await this.newPage(context, tab.origins);
    else {
      for (const event of PAGE_EVENTS) page.removeAllListeners(event);
      this.watchOrigins(tab.page, tab.origins);
      await page.unrouteAll({ behavior: 'ignoreErrors' });
      // Session storage belongs to the tab, not to the origin: cleared from the page that holds it.
      if (/^https?:/.test(page.url())) await page.evaluate(() => sessionStorage.clear()).catch(() => undefined);
      await page.goto('about:blank');
      // A story may have resized the tab (a layout at a width of its own) or emulated a media feature.
      if (tab.options.viewport) await page.setViewportSize(tab.options.viewport);
      await page.emulateMedia({
        media: null,
        colorScheme: tab.options.colorScheme ?? 'light',
        reducedMotion: tab.options.reducedMotion ?? 'no-preference',
        forcedColors: 'none',
      });
    }
    await context.unrouteAll({ behavior: 'ignoreErrors' });
    await context.setOffline(false);
    await context.clearCookies();
    await context.clearPermissions();
    const session = await context.newCDPSession(tab.page);
    try {
      for (const origin of tab.origins) await session.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' });
    } finally {
      await session.detach();
    }
    tab.origins.clear();
  }

  async closeAll(): Promise<void> {
    for (const { context } of this.tabs.values()) await context.close();
  }

  private tab(context: BrowserContext): Tab {
    const tab = this.byContext.get(context);
    if (!tab) throw new Error('not a kept tab’s context');
    return tab;
  }

  private async newPage(context: BrowserContext, origins: Set<string>): Promise<Page> {
    const page = await context.newPage();
    this.watchOrigins(page, origins);
    return page;
  }

  private watchOrigins(page: Page, origins: Set<string>): void {
    page.on('framenavigated', (frame) => {
      const { origin } = new URL(frame.url());
      if (origin.startsWith('http')) origins.add(origin);
    });
  }
}

export const test = base.extend<{ tabGroup: string }, { warmTabs: WarmTabs }>({
  // Stories that set the page's clock keep tabs of their own, apart from the others: their group's name.
  tabGroup: ['shared', { option: true }],
  warmTabs: [
    async ({ browser }, use) => {
      const tabs = new WarmTabs(browser);
      await use(tabs);
      await tabs.closeAll();
    },
    { scope: 'worker' },
  ],
  context: async (
    {
      warmTabs,
      tabGroup,
      baseURL,
      colorScheme,
      deviceScaleFactor,
      hasTouch,
      isMobile,
      javaScriptEnabled,
      locale,
      reducedMotion,
      serviceWorkers,
      timezoneId,
      userAgent,
      viewport,
    },
    // Not "use": ESLint's rule of React hooks would take this method for a component.
    provide,
  ) => {
    // Named one by one, then gathered: Playwright learns a fixture's dependencies from the names
    // its first parameter destructures (a rest element would hide them).
    const context = await warmTabs.contextFor(
      {
        baseURL,
        colorScheme,
        deviceScaleFactor,
        hasTouch,
        isMobile,
        javaScriptEnabled,
        locale,
        reducedMotion,
        serviceWorkers,
        timezoneId,
        userAgent,
        viewport,
      },
      tabGroup,
    );
    await provide(context);
    await warmTabs.clear(context);
  },
  page: async ({ context, warmTabs }, provide) => {
    await provide(warmTabs.pageOf(context));
  },
});

export { expect } from './fixtures';
