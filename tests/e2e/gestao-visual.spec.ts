/**
 * The back office's look, kept: its main screens (the login, the films list, a film's form with its
 * text editor, the programme grid, the last-minute screen, the publish screen, the translations, the
 * programme's import and the venues' list) on a 1440 px desk
 * and a 390 px phone, each compared with its baseline (tests/e2e/__screenshots__/gestao-visual.spec.ts/,
 * rewritten with `--update-snapshots`) and checked for text over text or beyond the viewport
 * (layout-check.ts), with axe on each. The festival's dates and both clocks are pinned; what still
 * says when the seed was imported (a version's time) is masked. One programmer, one server of its
 * own; the viewports are set here (@one-project).
 */
import type { Locator, Page } from '@playwright/test';
import { lisbonInstant } from '../../src/common/time/lisbon-time';
import { expect, test } from './fixtures';
import { addStaff, GestaoStaff, gestaoMenuLink, noAxeViolations } from './gestao-browser';
import { describeLayoutProblems, findLayoutProblems } from './layout-check';
import { startPinnedServer, type OwnServer } from './pinned-server';

/** As visual.spec.ts: the festival from Thursday 2 April 2026, the clock on its fourth day. */
const FESTIVAL_START = '2026-04-02';
const CLOCK = '2026-04-05T15:00';
const PROGRAMMER = 'ines.programacao@festa.test';

interface Screen {
  name: string;
  /** How a programmer gets there from the menu, and what says it has arrived. */
  open: (page: Page) => Promise<void>;
  /** A long form is shot a screenful at a time: its first. */
  fullPage: boolean;
  /** What changes from one run to the next (times the seed was imported at). */
  masked?: (page: Page) => Locator[];
}

const SCREENS: Screen[] = [
  {
    name: 'films',
    fullPage: true,
    open: async (page) => {
      await (await gestaoMenuLink(page, 'Filmes e atividades')).click();
      await expect(page.getByRole('status').filter({ hasText: /^\d+ no total$/ })).toBeVisible();
    },
  },
  {
    name: 'film',
    fullPage: false,
    open: async (page) => {
      await (await gestaoMenuLink(page, 'Filmes e atividades')).click();
      await page.getByRole('link', { name: 'O Verão de Ada', exact: true }).click();
      await expect(page.getByRole('textbox', { name: 'sinopse', exact: true })).toBeVisible();
    },
  },
  {
    name: 'grid',
    fullPage: false,
    open: async (page) => {
      await (await gestaoMenuLink(page, 'Grelha')).click();
      await expect(page.locator('.grid-session').first()).toBeVisible();
    },
  },
  {
    name: 'last-minute',
    fullPage: true,
    open: async (page) => {
      await (await gestaoMenuLink(page, 'Alterações de última hora')).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Alterações de última hora' })).toBeVisible();
      await expect(page.getByRole('listitem').first()).toBeVisible();
    },
  },
  {
    name: 'publish',
    fullPage: true,
    open: async (page) => {
      await (await gestaoMenuLink(page, 'Publicar')).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Publicar' })).toBeVisible();
    },
    masked: (page) => [page.locator('time')],
  },
  {
    name: 'translations',
    fullPage: false,
    open: async (page) => {
      await (await gestaoMenuLink(page, 'Traduções')).click();
      await expect(page.getByRole('navigation', { name: 'Língua' })).toBeVisible();
    },
  },
  {
    name: 'import',
    fullPage: true,
    open: async (page) => {
      await (await gestaoMenuLink(page, 'Importar e exportar programa')).click();
      await expect(page.getByRole('button', { name: 'Ler o ficheiro' })).toBeVisible();
    },
  },
  {
    name: 'venues',
    fullPage: false,
    open: async (page) => {
      await (await gestaoMenuLink(page, 'Salas')).click();
      await expect(page.getByRole('status').filter({ hasText: /^\d+ no total$/ })).toBeVisible();
    },
  },
];

const WIDTHS = [
  { width: 1440, height: 900, touch: false },
  { width: 390, height: 844, touch: true },
] as const;

test.use({ reducedMotion: 'reduce' });

test.describe('The back office’s look @one-project', () => {
  let server: OwnServer | undefined;
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    server = await startPinnedServer(FESTIVAL_START, CLOCK);
    await addStaff(server.database, PROGRAMMER, 'programacao');
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  for (const { width, height, touch } of WIDTHS) {
    test.describe(`${width} px`, () => {
      test.use({ viewport: { width, height }, isMobile: touch, hasTouch: touch });

      test('the login', async ({ page }) => {
        await page.clock.setFixedTime(lisbonInstant(CLOCK));
        await page.goto(`${server!.url}/gestao`);
        await expect(page.getByLabel('Palavra-passe')).toBeVisible();
        await looksAsBefore(page, `login-${width}.png`, true, []);
      });

      for (const { name, open, fullPage, masked } of SCREENS) {
        test(name, async ({ page, consoleProblems }) => {
          await page.clock.setFixedTime(lisbonInstant(CLOCK));
          await new GestaoStaff(server!.url, consoleProblems).loggedIn(page, PROGRAMMER);
          await open(page);
          await noAxeViolations(page, `${name} a ${width} px`);
          await looksAsBefore(page, `${name}-${width}.png`, fullPage, masked?.(page) ?? []);
        });
      }
    });
  }
});

async function looksAsBefore(page: Page, shot: string, fullPage: boolean, mask: Locator[]): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  const problems = describeLayoutProblems(await findLayoutProblems(page));
  expect.soft(problems, `text overlapping text or leaving the viewport on ${shot}`).toEqual([]);
  await expect(page).toHaveScreenshot(shot, { fullPage, animations: 'disabled', caret: 'hide', mask, timeout: 20_000 });
}
