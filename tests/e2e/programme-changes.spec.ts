/**
 * Every visitor told, on a server of its own: the programming team moves a session to a new time
 * (published at once, through the back office's API as the phone screen sends it). A visitor then
 * reads "Mudou: era às 18:00" beside the session on the film's page, and the page "Alterações à
 * programação" lists it (film, day, old time → new); both again without signal after one visit
 * online. axe finds nothing on the changes page.
 */
import AxeBuilder from '@axe-core/playwright';
import type { AgendaSession } from '../../src/common/api/api-types';
import { workPath } from '../../src/common/addresses/page-paths';
import { spokenDay } from '../../src/common/time/calendar-names';
import { clockTime, wallDate } from '../../src/common/time/lisbon-time';
import { expect, forgiveOfflineNoise } from './fixtures';
import { waitUntilReadyOffline } from './offline-readiness';
import { testOnOwnServer as test } from './pinned-server';
import { programmerApi, publishNewTime, sessionToMove } from './programmer-api';

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test('a session moved to a new time is told on its film page and on "Alterações à programação", online and offline', async ({
  page,
  context,
  server,
  consoleProblems,
}) => {
  test.setTimeout(180_000);
  const programmer = await programmerApi(server);
  try {
    const { session: target, newTime } = await sessionToMove(programmer);
    await publishNewTime(programmer, target, newTime);

    const index = (await (await page.request.get(`${server.url}/admin/api/sessions`)).json()) as AgendaSession[];
    const session = index.find((s) => s.id === target.id)!;
    expect(clockTime(session.starts_at)).toBe(newTime);
    const filmPage = `${server.url}${workPath({ id: session.work_id, ismovie: session.ismovie })}`;
    const oldTime = clockTime(target.starts_at);
    const marker = `Mudou: era às ${oldTime}`;
    const listed = `${spokenDay(wallDate(target.starts_at))}, ${oldTime} → ${newTime}`;

    const readFilmPage = async () => {
      await expect(page.getByRole('heading', { level: 1, name: session.title })).toBeVisible();
      await expect(page.locator('.session-change').filter({ hasText: marker })).toBeVisible();
    };
    const readChangesPage = async () => {
      await expect(page.getByRole('heading', { level: 1, name: 'Alterações à programação' })).toBeVisible();
      const entry = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name: session.title }) });
      await expect(entry).toHaveCount(1);
      await expect(entry.locator('.programme-changes__when')).toHaveText(listed);
      await expect(page.getByRole('heading', { level: 2, name: new RegExp(`· ${escaped(session.city_name)}$`) })).toBeVisible();
    };

    // One visit online: the film's page and the changes page, and the device keeps both.
    await page.goto(filmPage);
    await readFilmPage();
    await page.goto(`${server.url}/alteracoes`);
    await readChangesPage();
    const axe = await new AxeBuilder({ page }).analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    await waitUntilReadyOffline(page);

    // Without signal, from what the device kept.
    await context.setOffline(true);
    await page.goto(filmPage);
    await readFilmPage();
    await page.goto(`${server.url}/alteracoes`);
    await readChangesPage();
    // The page leaves before the connection returns: its background work (the pictures it keeps for
    // later) would otherwise meet the server stopping after the story, which answers 503.
    await page.goto('about:blank');
    await context.setOffline(false);
    forgiveOfflineNoise(consoleProblems);
  } finally {
    await programmer.api.dispose();
  }
});
