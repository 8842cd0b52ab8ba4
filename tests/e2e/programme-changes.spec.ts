/**
 * Every visitor told, on a server of its own: the programming team moves a session to a new time
 * (published at once, through the back office's API as the phone screen sends it). A visitor then
 * reads "Mudou: era às 18:00" beside the session on the film's page, and the page "Alterações à
 * programação" lists it (film, day, old time → new); both again without signal after one visit
 * online. axe finds nothing on the changes page.
 */
import AxeBuilder from '@axe-core/playwright';
import { request, type APIRequestContext } from '@playwright/test';
import type { AgendaSession } from '../../src/common/api/api-types';
import type { LastMinuteDay, LastMinuteSession } from '../../src/common/gestao/last-minute';
import { workPath } from '../../src/common/addresses/page-paths';
import { spokenDay } from '../../src/common/time/calendar-names';
import { clockTime, wallDate } from '../../src/common/time/lisbon-time';
import { expect, forgiveOfflineNoise } from './fixtures';
import { addStaff, PASSWORD } from './gestao-browser';
import { waitUntilReadyOffline } from './offline-readiness';
import { testOnOwnServer as test } from './pinned-server';

const PROGRAMMER = 'programacao@festa.test';
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A programmer's logged-in API client, with the CSRF token every write carries. */
async function programmerApi(url: string): Promise<{ api: APIRequestContext; csrf: string }> {
  const api = await request.newContext({ baseURL: url });
  const token = async () => ((await (await api.get('/gestao/api/session')).json()) as { csrfToken: string }).csrfToken;
  const login = await api.post('/gestao/api/session', {
    headers: { 'x-csrf-token': await token() },
    data: { email: PROGRAMMER, password: PASSWORD },
  });
  expect(login.ok()).toBe(true);
  return { api, csrf: await token() };
}

/** Publishes `session` at `startsAt`, accepting the clashes the new time makes, as the phone does. */
async function publishNewTime(api: APIRequestContext, csrf: string, session: LastMinuteSession, startsAt: string): Promise<void> {
  const path = `/gestao/api/screenings/${session.id}/status`;
  const body = { status: session.status, note: session.status_note, venue_id: null, starts_at: startsAt, baseVersion: session.version };
  let answer = await api.post(path, { headers: { 'x-csrf-token': csrf }, data: body });
  if (answer.status() === 409) {
    answer = await api.post(path, { headers: { 'x-csrf-token': csrf }, data: { ...body, clash_reason: 'A cópia chega mais tarde.' } });
  }
  expect(answer.status(), await answer.text()).toBe(200);
}

test('a session moved to a new time is told on its film page and on "Alterações à programação", online and offline', async ({
  page,
  context,
  server,
  consoleProblems,
}) => {
  test.setTimeout(180_000);
  await addStaff(server.database, PROGRAMMER, 'programacao');
  const { api, csrf } = await programmerApi(server.url);
  try {
    // The festival's last day, so the session is still to come whatever the hour; an afternoon
    // session, so 75 minutes later is the same day.
    const { days } = (await (await api.get('/gestao/api/last-minute')).json()) as LastMinuteDay;
    const day = (await (await api.get(`/gestao/api/last-minute?dia=${days.at(-1)!}`)).json()) as LastMinuteDay;
    const target = day.sessions.find((s) => s.status === '' && clockTime(s.starts_at) >= '12:00' && clockTime(s.starts_at) <= '21:00')!;
    expect(target).toBeDefined();
    const [hours, minutes] = clockTime(target.starts_at).split(':').map(Number) as [number, number];
    const later = hours * 60 + minutes + 75;
    const newTime = `${String(Math.floor(later / 60)).padStart(2, '0')}:${String(later % 60).padStart(2, '0')}`;
    await publishNewTime(api, csrf, target, `${wallDate(target.starts_at)}T${newTime}`);

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
    await api.dispose();
  }
});
