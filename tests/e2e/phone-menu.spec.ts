/**
 * User stories of the top menu on a 390 px phone: a "Menu" button in the header opens a panel in
 * which every top-menu item, and every child of a dropdown, is within the screen; the agenda comes
 * first; the keyboard opens and closes it; it works before (and without) the scripts; the header
 * is no taller than the two rows it always had. On a desktop every item is in the bar. Each story
 * sets its own width, so it runs in the one project of that width (its tag), not in both.
 */
import type { Locator, Page } from '@playwright/test';
import { waitForHydration } from './fixtures';
import { expect, test } from './warm-tab';

const PHONE = { width: 390, height: 844 };
/** The header's two rows (logo and tools, then the menu): 60 + 44 px. */
const HEADER_HEIGHT = 104;

async function withinViewport(page: Page, element: Locator, name: string): Promise<void> {
  await element.scrollIntoViewIfNeeded();
  await expect(element, name).toBeVisible();
  const box = (await element.boundingBox())!;
  const viewport = page.viewportSize()!;
  expect(box.x, `${name} starts inside the screen`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${name} ends inside the screen`).toBeLessThanOrEqual(viewport.width);
  expect(box.y, `${name} is below the top`).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height, `${name} is above the bottom`).toBeLessThanOrEqual(viewport.height);
}

/** The titles of the top menu, with the children of each dropdown, as the API gives them. */
async function topMenu(page: Page): Promise<{ title: string; childs: { title: string }[] }[]> {
  const response = await page.request.get('/admin/api/menus/festa');
  return ((await response.json()) as { top: { title: string; childs: { title: string }[] }[] }).top;
}

test.describe('A visitor on a 390 px phone @phone-only', () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

  test('opens the menu and reaches every top-menu item and every child within the screen', async ({ page }) => {
    // Some 25 links and four dropdowns, each scrolled to and measured: on a machine with both
    // cores busy this walk alone has taken more than the default minute (measured 64 s).
    test.setTimeout(120_000);
    await page.goto('/festa');
    await waitForHydration(page);
    const header = page.locator('header.site-header');
    expect((await header.boundingBox())!.height).toBeLessThanOrEqual(HEADER_HEIGHT);
    // The bar of the desktop is not there to run off the edge.
    await expect(page.locator('nav.top-menu')).toBeHidden();

    const button = page.locator('summary.menu-panel__button');
    await withinViewport(page, button, 'the Menu button');
    await expect(button).toHaveText('Menu');
    const nav = page.getByRole('navigation', { name: 'Menu principal' });
    await expect(nav).toHaveCount(0);
    await button.click();
    await expect(nav).toBeVisible();
    expect((await header.boundingBox())!.height, 'the open panel does not stretch the header').toBeLessThanOrEqual(HEADER_HEIGHT);

    const items = await topMenu(page);
    expect(items[0]!.title).toBe('Programação');
    expect(items.length).toBeGreaterThanOrEqual(5);
    for (const item of items) {
      await withinViewport(page, nav.getByRole('link', { name: item.title, exact: true }), item.title);
      if (item.childs.length === 0) continue;
      const toggle = nav.getByRole('button', { name: `${item.title}: mais opções` });
      await withinViewport(page, toggle, `${item.title} (mais opções)`);
      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      for (const child of item.childs) {
        await withinViewport(page, nav.locator('.menu__submenu').getByRole('link', { name: child.title, exact: true }), child.title);
      }
      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    }

    // The agenda first: one tap from the menu, and the panel closes on the way.
    await nav.getByRole('link', { name: 'Programação', exact: true }).click();
    await expect(page).toHaveURL(/\/programacao$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Programação');
    await expect(nav).toHaveCount(0);
  });

  test('opens and closes the menu with the keyboard, Escape giving the focus back to the button', async ({ page }) => {
    await page.goto('/festa');
    await waitForHydration(page);
    const button = page.locator('summary.menu-panel__button');
    await button.focus();
    await page.keyboard.press('Enter');
    const nav = page.getByRole('navigation', { name: 'Menu principal' });
    await expect(nav).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(nav.getByRole('link', { name: 'Programação', exact: true })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(nav).toHaveCount(0);
    await expect(button).toBeFocused();
    await page.keyboard.press('Space');
    await expect(nav).toBeVisible();
    // A click elsewhere (here: into the search box) closes it too.
    await page.locator('header input[type="search"]').click();
    await expect(nav).toHaveCount(0);
  });
});

test.describe('A visitor on a phone without JavaScript @phone-only', () => {
  test.use({ viewport: PHONE, javaScriptEnabled: false });

  test('opens the menu and finds every item and child listed', async ({ page }) => {
    await page.goto('/festa');
    const button = page.locator('summary.menu-panel__button');
    await button.click();
    const nav = page.getByRole('navigation', { name: 'Menu principal' });
    await expect(nav).toBeVisible();
    for (const item of await topMenu(page)) {
      await withinViewport(page, nav.getByRole('link', { name: item.title, exact: true }), item.title);
      for (const child of item.childs) {
        await withinViewport(page, nav.locator('.menu__submenu').getByRole('link', { name: child.title, exact: true }), child.title);
      }
    }
    await nav.getByRole('link', { name: 'Programação', exact: true }).click();
    await expect(page).toHaveURL(/\/programacao$/);
  });
});

test.describe('A visitor on a 1280 px screen @one-project', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('sees every top-menu item in the bar, the agenda first, and no Menu button', async ({ page }) => {
    await page.goto('/festa');
    await waitForHydration(page);
    await expect(page.locator('summary.menu-panel__button')).toBeHidden();
    expect((await page.locator('header.site-header').boundingBox())!.height).toBeLessThanOrEqual(HEADER_HEIGHT);
    const nav = page.getByRole('navigation', { name: 'Menu principal' });
    const items = await topMenu(page);
    for (const item of items) await withinViewport(page, nav.getByRole('link', { name: item.title, exact: true }), item.title);
    await expect(nav.getByRole('link').first()).toHaveText('Programação');
    await expect(nav.getByRole('link').first()).toHaveAttribute('href', '/programacao');
  });
});
