/**
 * A page whose chunk cannot load (offline and never kept, or removed by a deploy) never blanks
 * the site: the header and footer stay, a pt-PT message explains, and "Tentar novamente" really
 * loads the page once it can.
 *
 * The service worker is blocked here: it precaches every chunk, and the point is a chunk this
 * device does not have (a first visit, or a deploy that replaced it), which the route below stands for.
 */
import { expect, forgiveOfflineNoise, test, waitForHydration } from './fixtures';
import type { Page } from '@playwright/test';

test.use({ serviceWorkers: 'block' });

const PRESS_CHUNK = '**/assets/press-page-*.js';

/** Navigates inside the app (no page load), as a menu link does. */
async function goInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: {} }));
  }, path);
}

/** The requests this story makes fail on purpose are reported by the browser: expected here. */
function forgiveFailedLoads(problems: string[]): void {
  forgiveOfflineNoise(problems, /Failed to load resource: the server responded with a status of 404/);
}

test.describe('A visitor whose page cannot load', () => {
  test('offline, sees a message inside the site and loads the page once back online', async ({ page, context, consoleProblems }) => {
    await page.goto('/');
    await waitForHydration(page);

    await context.setOffline(true);
    await context.route(PRESS_CHUNK, (route) => route.abort('internetdisconnected'));
    await goInApp(page, '/presskit');

    const message = page.getByRole('heading', { level: 1, name: 'Não foi possível mostrar esta página.' });
    await expect(message).toBeVisible();
    await expect(page.getByText('Sem ligação, esta parte do site ainda não foi guardada neste dispositivo.')).toBeVisible();
    await expect(page.locator('header.site-header')).toBeVisible();
    await expect(page.locator('footer').last()).toBeAttached();
    await expect(page.getByRole('link', { name: 'Voltar à página principal' })).toHaveAttribute('href', '/');
    const retry = page.getByRole('button', { name: 'Tentar novamente' });
    await expect(retry).toBeVisible();

    await context.setOffline(false);
    await context.unroute(PRESS_CHUNK);
    await retry.click();
    await expect(page.getByRole('heading', { level: 1, name: 'Presskit' })).toBeVisible();
    await expect(message).toHaveCount(0);
    forgiveFailedLoads(consoleProblems);
  });

  test('online, a chunk removed by a deploy shows the error and a retry that works', async ({ page, context, consoleProblems }) => {
    await page.goto('/');
    await waitForHydration(page);

    await context.route(PRESS_CHUNK, (route) => route.fulfill({ status: 404, body: 'Not found' }));
    await goInApp(page, '/comunicados');
    await expect(page.getByRole('heading', { level: 1, name: 'Não foi possível mostrar esta página.' })).toBeVisible();
    await expect(page.getByText('Ocorreu um erro ao mostrar esta página.')).toBeVisible();
    await expect(page.locator('header.site-header')).toBeVisible();

    await context.unroute(PRESS_CHUNK);
    await page.getByRole('button', { name: 'Tentar novamente' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Comunicados de Imprensa' })).toBeVisible();
    forgiveFailedLoads(consoleProblems);
  });
});
