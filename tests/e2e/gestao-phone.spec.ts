/**
 * The back office on a 360 px phone: the menu is one line until opened ("Menu"), opens as a list,
 * closes with Escape and gives the focus back; every screen an administrator has fits the width
 * (nothing scrolls sideways, the tables read as cards) and passes axe. It sets its own viewport
 * (@one-project).
 */
import { expect, test } from './fixtures';
import { GestaoStaff, noAxeViolations, ownServerWithStaff } from './gestao-browser';

const ADMIN = 'ana.direcao@festa.test';

const server = ownServerWithStaff(test, { [ADMIN]: 'administracao' });

test('every back-office screen fits a 360 px phone, with the menu one line until opened @one-project', async ({
  page,
  consoleProblems,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 360, height: 740 });
  await new GestaoStaff(server.url, consoleProblems).enrolAtFirstLogin(page, ADMIN);
  const nav = page.getByRole('navigation', { name: 'Gestão' });
  const button = nav.getByRole('button', { name: 'Menu' });
  const links = nav.getByRole('link');

  // Closed, the menu is its button: one line, its links out of sight.
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  const closed = (await nav.boundingBox())!;
  const line = (await button.boundingBox())!;
  expect(closed.height).toBeLessThan(1.5 * line.height);
  await expect(links.first()).toBeHidden();

  // From the keyboard: Enter opens it as a list, Escape closes it and the focus is back on the button.
  await button.focus();
  await page.keyboard.press('Enter');
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  await expect(links.first()).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(links.first()).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(links.first()).toBeHidden();
  await expect(button).toBeFocused();

  // Read while closed: the links are out of the accessibility tree then, not out of the page.
  const screens = [...(await nav.locator('a').allTextContents()), 'A minha conta'];
  expect(screens.length).toBeGreaterThan(10);
  for (const screen of screens) {
    if (screen === 'A minha conta') await page.getByRole('link', { name: new RegExp(`^${ADMIN.replace('.', '\\.')} · `) }).click();
    else {
      await button.click();
      await nav.getByRole('link', { name: screen, exact: true }).click();
      // Following a link closes the menu.
      await expect(button).toHaveAttribute('aria-expanded', 'false');
    }
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('main').getByText('A carregar…')).toHaveCount(0);
    await page.waitForLoadState('networkidle');
    const widths = await page.evaluate(() => ({ scroll: document.scrollingElement!.scrollWidth, inner: window.innerWidth }));
    expect(widths.scroll, `${screen}: nothing sticks out sideways`).toBeLessThanOrEqual(widths.inner);
    expect((await nav.boundingBox())!.height, `${screen}: the menu closed is one line`).toBeLessThan(1.5 * line.height);
    await noAxeViolations(page, `${screen} (telemóvel)`);
  }
});
