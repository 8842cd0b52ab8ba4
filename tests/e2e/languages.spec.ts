/**
 * A visitor who reads English or Italian, on a 390 px phone: the home page, the programme, a film, an
 * agenda with a clash, the newsletter refusing a wrong e-mail (with JavaScript and without) and
 * thanking in the same language, then the same pages offline after one visit, and the language
 * switch, which keeps the page, online and off.
 * The words expected are the catalogs' (tests/support/catalog-words.ts): what the spec says in pt-PT,
 * as the translation says it.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { ADA, MARE, type SeedPick } from './agenda-picks';
import { expect, forgiveOfflineNoise, newsletterRows, openPage, test, waitUntilReadyOffline } from './fixtures';
import { wordsIn } from '../support/catalog-words';
import { localizedPath } from '../../src/common/i18n/locales';

test.describe.configure({ timeout: 120_000 });

async function expectNoAxeViolations(page: Page): Promise<void> {
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.map((violation) => `${violation.id}: ${violation.nodes[0]?.target.join(' ')}`)).toEqual([]);
}

for (const locale of ['en', 'it'] as const) {
  const say = wordsIn(locale);
  const at = (path: string) => localizedPath(path, locale);
  const item = (page: Page, pick: SeedPick) => page.locator(`.agenda-item[data-session-id="${pick.session}"]`);

  test.describe(`A visitor who reads ${locale === 'en' ? 'English' : 'Italian'}`, () => {
    test('finds the festival, plans a clash-free evening, subscribes, and keeps it all offline', async ({
      page,
      context,
      consoleProblems,
    }) => {
      // Home: the page, its head and the switch speak the language.
      await openPage(page, at('/'));
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await expect(page.getByRole('link', { name: say('Saltar para o conteúdo') })).toBeAttached();
      const languages = page.getByRole('navigation', { name: say('Idioma') });
      await expect(languages.locator('[aria-current="true"]')).toHaveText(locale.toUpperCase());
      await expect(page.locator(`link[rel="alternate"][hreflang="${locale}"]`)).toHaveAttribute('href', new RegExp(`/${locale}/$`));
      await expectNoAxeViolations(page);

      // The programme and a film.
      await openPage(page, at('/programacao'));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(say('Programação'));
      await expectNoAxeViolations(page);
      await openPage(page, at(`/filme/${ADA.film}`));
      await expect(page.locator(`.agenda-star[data-session="${ADA.session}"]`).getByRole('button')).toHaveAccessibleName(
        say('Adicionar à minha agenda'),
      );

      // Two sessions too far apart to travel between: the agenda says so in the visitor's language.
      for (const pick of [ADA, MARE]) {
        await page.goto(at(`/filme/${pick.film}`));
        await page
          .locator(`.agenda-star[data-session="${pick.session}"]`)
          .getByRole('button', { name: say('Adicionar à minha agenda') })
          .click();
        await expect(
          page.locator(`.agenda-star[data-session="${pick.session}"]`).getByRole('button', { name: say('Remover da minha agenda') }),
        ).toBeEnabled();
      }
      await page.goto(at('/agenda'));
      await expect(item(page, MARE).locator('.agenda-clash')).toBeVisible();
      await expect(item(page, MARE).locator('.agenda-clash')).not.toContainText('Sem tempo');
      // The clash names the film by its title in the page's language (the seed translates 101's).
      await expect(item(page, MARE).locator('.agenda-clash')).toContainText(locale === 'en' ? "Ada's Summer" : "L'estate di Ada");
      await expectNoAxeViolations(page);

      // The newsletter refuses a wrong e-mail in the visitor's language.
      await openPage(page, at('/newsletter'));
      const email = page.getByLabel(say('E-mail'), { exact: true });
      await email.fill('ana@exemplo');
      await email.blur();
      await expect(page.getByText(say('Endereço de email inválido.'), { exact: true })).toBeVisible();
      await expectNoAxeViolations(page);
      // Mended and sent, it is thanked in the same language: the server answers in the page's.
      await email.fill(`ana-${locale}-${Date.now()}@exemplo.pt`);
      await page.getByLabel(say('Cidade'), { exact: true }).fill('Lisboa');
      await page.getByRole('button', { name: say('Subscrever') }).click();
      await expect(
        page.getByText(say('Obrigado por subscrever a newsletter. Em breve começará a receber regularmente as nossas publicações.'), {
          exact: true,
        }),
      ).toBeVisible();

      // Offline after that one visit: the pages open in the same language, and the switch changes it at once.
      await page.reload();
      await waitUntilReadyOffline(page);
      await context.setOffline(true);
      await page.goto(at('/programacao'));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(say('Programação'));
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await page.goto(at('/filme/150'));
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('link', { name: say('Saltar para o conteúdo') })).toBeAttached();
      await page.goto(at('/agenda'));
      await expect(item(page, ADA)).toBeVisible();
      await page.goto(at(`/pesquisa?q=${encodeURIComponent('verao')}`));
      // Found by its Portuguese words, shown by its title in the page's language.
      await expect(page.getByRole('link', { name: locale === 'en' ? "Ada's Summer" : "L'estate di Ada" }).first()).toBeVisible();
      const other = locale === 'en' ? 'it' : 'en';
      await page
        .getByRole('navigation', { name: say('Idioma') })
        .getByRole('link', { name: other === 'en' ? 'English' : 'Italiano' })
        .click();
      await expect(page).toHaveURL(new RegExp(`/${other}/pesquisa\\?q=verao$`));
      await expect(page.locator('html')).toHaveAttribute('lang', other);
      await expect(page.getByRole('link', { name: wordsIn(other)('Saltar para o conteúdo') })).toBeAttached();
      await context.setOffline(false);
      forgiveOfflineNoise(consoleProblems);
    });

    test('without JavaScript, is told in its language that the e-mail is wrong, and nothing is saved', async ({ browser }) => {
      const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
      const page = await context.newPage();
      const address = `ana-${locale}-${Date.now()}@exemplo`;
      await page.goto(at('/newsletter'));
      await page.getByLabel(say('E-mail'), { exact: true }).fill(address);
      await page.getByLabel(say('Cidade'), { exact: true }).fill('Lisboa');
      await page.getByRole('button', { name: say('Subscrever') }).click();
      await expect(page).toHaveURL(new RegExp(`/${locale}/newsletter$`));
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await expect(page.getByText(say('Endereço de email inválido.'), { exact: true })).toBeVisible();
      expect(newsletterRows(address)).toBe(0);
      await context.close();
    });
  });
}
