/**
 * A session given a new time from a 390 px phone, on a server of its own: from "Alterações de
 * última hora", "Nova hora" beside the session opens its time (prefilled) and day in place; the
 * typed time is checked at once, and the clash it makes with the next screening in the venue is
 * listed right there with the reason field and "Aceitar e publicar": four taps in all, typing
 * included, and the new time is published. "Anular" puts it back. axe at each step.
 */
import type { Locator } from '@playwright/test';
import type { LastMinuteDay, LastMinuteSession } from '../../src/common/gestao/last-minute';
import { festivalDayOf } from '../../src/common/time/festival-day';
import { addWallMinutes, clockTime } from '../../src/common/time/lisbon-time';
import { spokenDay } from '../../src/common/time/calendar-names';
import { expect } from './fixtures';
import { addStaff, GestaoStaff, gestaoMenuLink, noAxeViolations } from './gestao-browser';
import { testOnOwnServer as test } from './pinned-server';

const PROGRAMMER = 'programacao@festa.test';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const sessionName = (s: LastMinuteSession) => `${clockTime(s.starts_at)} · ${s.title}`;

test('a session moved to a typed new time from the phone in four taps, its clash shown and accepted with a reason on the same screen @phone-only', async ({
  page,
  server,
  consoleProblems,
}) => {
  test.setTimeout(120_000);
  await addStaff(server.database, PROGRAMMER, 'programacao');
  await new GestaoStaff(server.url, consoleProblems).loggedIn(page, PROGRAMMER);
  const listed = page.waitForResponse((r) => new URL(r.url()).pathname === '/gestao/api/last-minute');
  await (await gestaoMenuLink(page, 'Alterações de última hora')).tap();
  await expect(page.getByRole('heading', { level: 1, name: 'Alterações de última hora' })).toBeVisible();
  const day = (await (await listed).json()) as LastMinuteDay;

  // A session and the next one in its venue: five minutes after that one starts, they overlap.
  const free = day.sessions.filter((s) => s.status === '');
  const pair = free
    .flatMap((a) => free.filter((b) => b.venue_id === a.venue_id && b.starts_at > a.starts_at).map((b) => [a, b] as const))
    .sort((x, y) => x[1].starts_at.localeCompare(y[1].starts_at))[0];
  expect(pair, 'two sessions of the day in one venue').toBeDefined();
  const [moving, next] = pair!;
  const newStart = addWallMinutes(next.starts_at, 5);

  // The day's sessions of one city, the one at this door: the others are a choice away.
  await page.getByLabel('Cidade').selectOption({ label: moving.city_name });
  await expect(page.locator('.last-minute__city')).toHaveCount(1);
  await expect(page.locator('.last-minute__city h2')).toHaveText(moving.city_name);
  await expect(page.getByRole('button', { name: `Nova hora para ${sessionName(moving)}` })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await noAxeViolations(page, 'Alterações de última hora, com «Nova hora»');

  let taps = 0;
  /** One tap; a field's typing is part of the tap that put the cursor in it. */
  const tap = async (target: Locator, typed?: string) => {
    await target.tap();
    if (typed !== undefined) await target.fill(typed);
    taps += 1;
  };

  // 1: "Nova hora" beside the session opens its time, prefilled, and its day, as people say it.
  await tap(page.getByRole('button', { name: `Nova hora para ${sessionName(moving)}` }));
  const editor = page.getByRole('form', { name: `Nova hora: ${sessionName(moving)}` });
  const time = editor.getByLabel('Nova hora');
  await expect(time).toHaveValue(clockTime(moving.starts_at));
  const dayChoice = editor.getByRole('combobox', { name: 'Dia' });
  await expect(dayChoice).toHaveValue(festivalDayOf(moving.starts_at));
  await expect(dayChoice.locator('option:checked')).toHaveText(spokenDay(festivalDayOf(moving.starts_at)));

  // 2: the new time, typed. Its clash with the next screening is listed at once, with the reason beside it.
  await tap(time, clockTime(newStart));
  const check = editor.getByRole('status').filter({ hasText: 'Esta hora cria' });
  await expect(check).toContainText(next.title);
  await expect(check).toContainText('Impede a publicação');
  const accept = editor.getByRole('button', { name: 'Aceitar e publicar' });
  await expect(accept).toBeVisible();
  // Only this session's clashes: every one names its film.
  for (const item of await check.getByRole('listitem').all()) await expect(item).toContainText(moving.title);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await noAxeViolations(page, 'Alterações de última hora: a nova hora e o seu conflito');

  // 3: the reason, which goes into the registo; 4: published.
  await tap(editor.getByLabel('Motivo para aceitar (fica no registo)'), 'a cópia chega mais tarde e a sala seguinte espera');
  await tap(accept);
  const published = page.getByRole('status').filter({ hasText: 'Publicado' });
  await expect(published).toBeVisible();
  expect(taps).toBe(4);
  // The confirmation is where the programmer is looking, under the session it changed, which is marked.
  await expect(published).toBeInViewport();
  await expect(page.locator('.last-minute__sessions > li.is-just-changed')).toContainText(`${clockTime(newStart)} · ${moving.title}`);
  await expect(page.getByRole('button', { name: `Nova hora para ${clockTime(newStart)} · ${moving.title}` })).toBeVisible();
  await expect(editor).toHaveCount(0);
  const after = (await (await page.request.get(`${server.url}/gestao/api/last-minute`)).json()) as LastMinuteDay;
  expect(after.sessions.find((s) => s.id === moving.id)).toMatchObject({ starts_at: newStart, status: '' });
  await noAxeViolations(page, 'Alterações de última hora: a nova hora publicada');

  // "Anular" puts the time back, published at once too.
  await published.getByRole('button', { name: 'Anular' }).tap();
  await expect(page.getByRole('button', { name: `Nova hora para ${sessionName(moving)}` })).toBeVisible();
});
