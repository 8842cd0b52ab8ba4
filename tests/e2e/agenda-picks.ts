/**
 * Sessions of the seed (server/content/seed/sessions.json) that stories star, on festival days
 * after today (the e2e server's festival began three days ago): "O Verão de Ada" in Lisbon at 16:00
 * and "Maré Baixa" in Porto at 19:30 on day 6 (the journey takes 3 h, the gap is under 2 h), "Os
 * Dias Contados" in Lisbon on day 5; and the star that adds one from its film's page.
 */
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

export const ADD = 'Adicionar à minha agenda';
export const REMOVE = 'Remover da minha agenda';

export const ADA = { film: '101', session: '219', title: 'O Verão de Ada', time: '16:00' };
export const MARE = { film: '141', session: '228', title: 'Maré Baixa', time: '19:30' };
export const DIAS = { film: '102', session: '204', title: 'Os Dias Contados', time: '22:00' };
export type SeedPick = typeof ADA;

export const star = (page: Page, pick: SeedPick, name = ADD) =>
  page.locator(`.agenda-star[data-session="${pick.session}"]`).getByRole('button', { name });

/** Opens a film page and adds one of its sessions with its star. */
export async function addFromFilmPage(page: Page, pick: SeedPick): Promise<void> {
  await page.goto(`/filme/${pick.film}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await star(page, pick).click();
  // The star shows the choice at once; enabled again once IndexedDB holds it (before the page is left).
  await expect(star(page, pick, REMOVE)).toBeEnabled();
}
