import { chromium } from '@playwright/test';
import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromiumArgs } from '../../playwright.config';
import { chromiumPath as executablePath } from '../../scripts/chromium-path';
import { expect, forgiveOfflineNoise, newsletterRows, test, waitForHydration } from './fixtures';
import { waitForWorker } from './offline-readiness';
import { closePersistentBrowser, openPersistentBrowser } from './persistent-browser';
import { copyOfBuild, startOwnServer } from './pinned-server';

test.describe('A visitor subscribes to the newsletter without signal', () => {
  test('the subscription waits on the device, survives closing the browser, and reaches the server exactly once', async ({
    baseURL,
  }, testInfo) => {
    // Two browsers started one after the other on one profile, each waiting for its worker: on a
    // busy two-core machine that alone can take most of the default 30 s.
    test.setTimeout(120_000);
    const profile = mkdtempSync(join(tmpdir(), 'festa-profile-'));
    const email = `offline-${testInfo.project.name}-${Date.now()}@example.pt`;
    const problems: string[] = [];
    try {
      let [context, page] = await openPersistentBrowser(profile, baseURL, testInfo, problems);
      await page.goto('/newsletter');
      await waitForHydration(page);
      await waitForWorker(page);

      await context.setOffline(true);
      await page.getByLabel('E-mail', { exact: true }).fill(email);
      await page.getByLabel('Cidade').fill('Lisboa');
      await page.getByRole('button', { name: 'Subscrever' }).click();
      await expect(page.getByText('Sem ligação: guardado, será enviado quando voltar a ter ligação.')).toBeVisible();
      await expect(page.getByText('1 envio guardado, será enviado quando voltar a ter ligação.')).toBeVisible();
      expect(newsletterRows(email)).toBe(0);
      await closePersistentBrowser(context, profile);

      // Later, with signal again: the app flushes its outbox as it starts.
      [context, page] = await openPersistentBrowser(profile, baseURL, testInfo, problems);
      await page.goto('/');
      await waitForHydration(page);
      await expect.poll(() => newsletterRows(email), { timeout: 15_000 }).toBe(1);
      await expect(page.getByText('envio guardado')).toHaveCount(0);
      // Another start (and any Background Sync replay) stores nothing twice.
      await page.reload();
      await waitForHydration(page);
      await page.waitForLoadState('networkidle');
      expect(newsletterRows(email)).toBe(1);
      await closePersistentBrowser(context, profile);
      forgiveOfflineNoise(problems);
      expect(problems).toEqual([]);
    } finally {
      rmSync(profile, { recursive: true, force: true });
    }
  });
});

test.describe('A visitor installs the site', () => {
  test('Chromium reports no installability error, and does for a page without a manifest', async ({ baseURL }) => {
    // A browser of its own, which waits for its worker: seconds more on a busy machine.
    test.setTimeout(90_000);
    // A real profile: Chromium never offers installation in an incognito context.
    const profile = mkdtempSync(join(tmpdir(), 'festa-install-'));
    const context = await chromium.launchPersistentContext(profile, { executablePath, args: chromiumArgs, baseURL });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto('/');
      await waitForHydration(page);
      await waitForWorker(page);
      const cdp = await context.newCDPSession(page);
      const errors = async () =>
        ((await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] }).installabilityErrors.map(
          (e) => e.errorId,
        );
      expect(await errors()).toEqual([]);

      // Negative control: the same check must be able to fail. Another origin (no worker of ours
      // there yet) answers a page without a manifest.
      const other = new URL(baseURL!);
      other.hostname = 'localhost';
      other.pathname = '/sem-manifesto';
      await page.route(other.href, (route) =>
        route.fulfill({ contentType: 'text/html', body: '<!doctype html><html lang="pt-PT"><title>x</title><h1>x</h1></html>' }),
      );
      await page.goto(other.href);
      expect(await errors()).toContain('no-manifest');
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });

  test('losing the signal while the worker script is checked puts the registration off until it returns, with no error', async ({
    page,
    context,
    consoleProblems,
  }) => {
    // The check of /service-worker.js is held until the signal is gone, then fails as it would.
    let checked = false;
    await page.route('**/service-worker.js', async (route) => {
      if (route.request().method() !== 'HEAD' || checked) return route.continue();
      checked = true;
      await context.setOffline(true);
      await route.abort('internetdisconnected');
    });
    await page.goto('/');
    await waitForHydration(page);
    await expect.poll(() => checked, { timeout: 20_000 }).toBe(true);
    // Registering now would fetch the script without signal, and the browser would log an error:
    // the page says once it has put the registration off instead.
    await expect(page.locator('html')).toHaveAttribute('data-service-worker', 'waiting-for-signal', { timeout: 20_000 });
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(0);
    await context.setOffline(false);
    await waitForWorker(page);
    await expect(page.locator('html')).toHaveAttribute('data-service-worker', 'registered');
    // What the page itself fetched without signal fails as it must; nothing else may be logged.
    forgiveOfflineNoise(consoleProblems);
  });

  test('the manifest names the app, its start page, its icons and its shortcuts', async ({ request }) => {
    const manifest: unknown = await (await request.get('/manifest.webmanifest')).json();
    expect(manifest).toMatchObject({ lang: 'pt-PT', display: 'standalone', start_url: '/', theme_color: '#ed162c' });
  });
});

test.describe('A new version is published', () => {
  test('the visitor is asked, and the new version applies only after "Atualizar"', async ({ page }, testInfo) => {
    // A copy of the build and a server of its own to publish into: starting one takes a while on a busy machine.
    test.setTimeout(120_000);
    const build = copyOfBuild();
    const server = await startOwnServer({ DIST_DIR: build.dist }).catch((error: unknown) => {
      build.remove();
      throw error;
    });
    try {
      await page.goto(`${server.url}/`);
      await waitForHydration(page);
      await waitForWorker(page);
      // A new build: the worker script changes.
      appendFileSync(join(build.dist, 'client/service-worker.js'), `\n// build ${testInfo.project.name} ${Date.now()}\n`);
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
      await expect(page.getByText('Nova versão disponível')).toBeVisible({ timeout: 20_000 });
      // Nothing took over on its own: the new worker waits.
      expect(await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting))).toBe(true);
      await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Atualizar' }).click()]);
      await waitForWorker(page);
      expect(await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting))).toBe(false);
      await expect(page.getByText('Nova versão disponível')).toHaveCount(0);
    } finally {
      // The page first: a server shutting down answers 503, which the page's background work would log.
      await page.close();
      await server.stop();
      build.remove();
    }
  });
});
