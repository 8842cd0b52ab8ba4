import { expect, test, waitForHydration } from './fixtures';
import type { Page } from '@playwright/test';

/** Waits until the service worker controls the page and the programme is stored in IndexedDB. */
async function waitUntilReadyOffline(page: Page): Promise<void> {
  const ready = () =>
    page.evaluate(async () => {
      if (navigator.serviceWorker.controller?.state !== 'activated') return false;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open('festa-cinema-italiano');
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      if (!db.objectStoreNames.contains('meta')) {
        db.close();
        return false;
      }
      const synced = await new Promise<unknown>((resolve) => {
        const get = db.transaction('meta').objectStore('meta').get('programmeSyncedAt');
        get.onsuccess = () => resolve(get.result);
        get.onerror = () => resolve(undefined);
      });
      db.close();
      return synced !== undefined;
    });
  await expect.poll(ready, { timeout: 20_000 }).toBe(true);
}

/** Without a connection the browser reports each request it could not make: expected here, and only here. */
function forgiveOfflineNetworkErrors(problems: string[]): void {
  const kept = problems.filter((p) => !/Failed to load resource: net::ERR_(INTERNET_DISCONNECTED|FAILED)/.test(p));
  problems.splice(0, problems.length, ...kept);
}

test.describe('A festival-goer without signal at the venue', () => {
  test('browses the agenda by city and day and opens films after one online visit', async ({ page, context, consoleProblems }) => {
    await page.goto('/');
    await waitForHydration(page);
    // The first visit installs the worker; a reload lets it control the page.
    await page.reload();
    await waitUntilReadyOffline(page);

    // The worker answers fetches before the connection goes.
    expect(await page.evaluate(async () => (await fetch('/offline-shell.html')).status)).toBe(200);
    await context.setOffline(true);
    await page.goto('/programacao');
    await expect(page.getByRole('heading', { level: 1, name: 'Programação' })).toBeVisible();
    await expect(page.locator('.offline-banner')).toContainText('Está sem ligação à internet.');
    const cities = page.getByRole('navigation', { name: 'Cidades' }).getByRole('button');
    await expect(cities.first()).toHaveText('Lisboa');
    await cities.nth(1).click();
    await expect(cities.nth(1)).toHaveAttribute('aria-pressed', 'true');
    const days = page.locator('.day-strip__day');
    await days.nth(3).click();
    await expect(days.nth(3)).toHaveAttribute('aria-current', 'date');
    const event = page.locator('.paged--events .paged__item:not([aria-hidden="true"]) a').first();
    if (await event.count()) {
      const href = (await event.getAttribute('href'))!;
      await event.click();
      await expect(page).toHaveURL(new RegExp(`${href}$`));
      await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Página não encontrada.');
    }

    // A film never opened before renders from IndexedDB too.
    await page.goto('/filme/150');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText('SESSÕES').or(page.getByText('Realização:')).first()).toBeVisible();
    await page.goto('/filmes');
    await expect(page.locator('.paged--films .card__title').first()).toBeVisible();

    // A page never seen says so in Portuguese and leads to the agenda.
    await page.goto('/noticia/310');
    await expect(page.getByText('Sem ligação: esta página ainda não foi guardada neste dispositivo.')).toBeVisible();
    await page.getByRole('link', { name: 'Ver a programação guardada' }).click();
    await expect(page).toHaveURL(/\/programacao$/);
    await context.setOffline(false);
    forgiveOfflineNetworkErrors(consoleProblems);
  });
});
