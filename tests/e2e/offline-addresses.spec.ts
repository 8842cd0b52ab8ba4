/**
 * A festival-goer in a foyer without signal opens an address by hand or from a saved link (a
 * friend's shared agenda, scanned from its QR code): after one online visit, every page address
 * opens from the service worker, whatever its query, and never the browser's own error page.
 */
import type { Page } from '@playwright/test';
import type { AgendaSession } from '../../src/common/api/api-types';
import { expect, forgiveOfflineNoise, test, waitForHydration, waitUntilReadyOffline } from './fixtures';

/** Opens an address without signal and checks that the service worker, not the browser, answered it. */
async function openOffline(page: Page, address: string): Promise<void> {
  const response = await page.goto(address);
  expect(response?.fromServiceWorker(), `${address} answered by the service worker`).toBe(true);
  expect(response?.status(), address).toBe(200);
}

/** Three films of the seed's programme, at three different times (a shared agenda lists them by time). */
function threeFilmSessions(sessions: AgendaSession[]): AgendaSession[] {
  const picked: AgendaSession[] = [];
  for (const session of sessions) {
    if (session.ismovie !== '1') continue;
    if (picked.some((p) => p.title === session.title || p.starts_at === session.starts_at)) continue;
    picked.push(session);
    if (picked.length === 3) break;
  }
  expect(picked, 'three film sessions in the seed').toHaveLength(3);
  return picked;
}

test('offline, a shared agenda, a search with a dot and a film address with a query open from the saved programme @phone-only', async ({
  page,
  context,
  request,
  consoleProblems,
}) => {
  test.setTimeout(90_000);
  const sessions = threeFilmSessions((await (await request.get('/admin/api/sessions')).json()) as AgendaSession[]);
  const [film] = sessions;

  // The one online visit: the worker installs, takes the page over and the programme is saved.
  await page.goto('/');
  await waitForHydration(page);
  await page.reload();
  await waitUntilReadyOffline(page);
  await context.setOffline(true);

  // The friend's agenda: session ids joined by dots, as the share button makes them.
  await openOffline(page, `/agenda?sessoes=${sessions.map((s) => s.id).join('.')}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Agenda partilhada' })).toBeVisible();
  await expect(page.getByText('Uma agenda partilhada consigo, só de leitura: 3 sessões.')).toBeVisible();
  const byTime = [...sessions].sort((a, b) => a.starts_at.localeCompare(b.starts_at));
  await expect(page.locator('.agenda-item__title')).toHaveText(byTime.map((s) => s.title));
  await expect(page.getByRole('button', { name: 'Adicionar à minha agenda' })).toBeVisible();

  await openOffline(page, '/pesquisa?q=v2.0');
  await expect(page.getByRole('heading', { level: 1, name: 'Pesquisa Resultados para "v2.0"' })).toBeVisible();
  await expect(page.getByText('Sem ligação: resultados da programação guardada neste dispositivo.')).toBeVisible();

  await openOffline(page, `/filme/${film!.work_id}?utm_source=cartaz.qr`);
  await expect(page.getByRole('heading', { level: 1, name: film!.title })).toBeVisible();

  await context.setOffline(false);
  forgiveOfflineNoise(consoleProblems);
});
