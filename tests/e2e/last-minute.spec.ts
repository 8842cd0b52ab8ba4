/**
 * A last-minute change from a phone, each story on a server of its own: at the venue's door, a programmer
 * cancels one of today's sessions in three taps on a 360 × 740 phone, which publishes it at once.
 * A visitor who starred that session, with the film's page open, is told "Cancelada" within the
 * minute; offline, the film's page and the agenda still say it, struck through, with the reason;
 * the agenda's calendar file and the calendar feed mark the event STATUS:CANCELLED. The session's
 * form greys its status, saying why; then "Repor sessão" brings the session back. A delay that
 * lands on the next screening is refused with the clash and published once accepted with a
 * reason. The phone screen passes axe at each step.
 */
import type { Locator, Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import type { AgendaSession } from '../../src/common/api/api-types';
import type { LastMinuteDay, LastMinuteSession } from '../../src/common/gestao/last-minute';
import type { GridAnswer } from '../../src/common/programme/grid';
import { clockTime } from '../../src/common/time/lisbon-time';
import { workPath } from '../../src/common/addresses/page-paths';
import { spokenDay } from '../../src/common/time/calendar-names';
import { durationOf } from '../../src/common/time/work-length';
import { expect, forgiveOfflineNoise } from './fixtures';
import { addStaff, GestaoStaff, noAxeViolations, gestaoMenuLink } from './gestao-browser';
import { waitUntilReadyOffline } from './offline-readiness';
import { testOnOwnServer as test, type OwnServer } from './pinned-server';

const PROGRAMMER = 'programacao@festa.test';
const ADD = 'Adicionar à minha agenda';
const REMOVE = 'Remover da minha agenda';

// The phone the programmer holds at the door.
test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A visitor on another device, with the film's page open and the session starred, ready for use without signal. */
async function visitorWhoStarred(server: OwnServer, page: Page, session: AgendaSession, problems: string[]): Promise<Page> {
  const visitor = await (await page.context().browser()!.newContext({ locale: 'pt-PT', timezoneId: 'Europe/Lisbon' })).newPage();
  visitor.on('console', (message) => {
    if (message.type() === 'error') problems.push(`visitor: ${message.text()}`);
  });
  visitor.on('pageerror', (error) => problems.push(`visitor: ${error.message}`));
  // The page's clock runs on, and jumps where the story waits for the next minute's question.
  await visitor.clock.install();
  await visitor.goto(`${server.url}${workPath({ id: session.work_id, ismovie: session.ismovie })}`);
  await waitUntilReadyOffline(visitor);
  const star = visitor.locator(`.agenda-star[data-session="${session.id}"]`);
  await star.getByRole('button', { name: ADD }).click();
  // Enabled again once IndexedDB holds it.
  await expect(star.getByRole('button', { name: REMOVE })).toBeEnabled();
  return visitor;
}

test('a programmer cancels a session in three taps on a phone; a visitor who starred it reads "Cancelada" within the minute, offline too, and in its calendar @phone-only', async ({
  page,
  server,
  consoleProblems,
}) => {
  test.setTimeout(240_000);
  await addStaff(server.database, PROGRAMMER, 'programacao');
  await new GestaoStaff(server.url, consoleProblems).loggedIn(page, PROGRAMMER);
  const listed = page.waitForResponse((r) => new URL(r.url()).pathname === '/gestao/api/last-minute');
  await (await gestaoMenuLink(page, 'Alterações de última hora')).tap();
  await expect(page.getByRole('heading', { level: 1, name: 'Alterações de última hora' })).toBeVisible();
  const day = (await (await listed).json()) as LastMinuteDay;
  expect(day.day).toBe(day.today);
  // Today's last session: the one still to come.
  const target = day.sessions.reduce<LastMinuteSession>((a, b) => (b.starts_at > a.starts_at ? b : a), day.sessions[0]!);
  const index = (await (await page.request.get(`${server.url}/admin/api/sessions`)).json()) as AgendaSession[];
  const session = index.find((s) => s.id === target.id)!;

  const visitorProblems: string[] = [];
  const visitor = await visitorWhoStarred(server, page, session, visitorProblems);

  // The day's sessions by city and venue, as buttons a thumb hits; nothing wider than the phone.
  await expect(page.getByRole('combobox', { name: 'Dia' })).toHaveValue(day.today);
  await expect(page.getByRole('heading', { level: 2, name: target.city_name })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await noAxeViolations(page, 'Alterações de última hora');

  let taps = 0;
  const tap = async (target: Locator) => {
    await target.tap();
    taps += 1;
  };
  const sessionButton = page.getByRole('button', { name: new RegExp(`^${escaped(`${clockTime(target.starts_at)} · ${target.title}`)}`) });
  const box = await sessionButton.first().boundingBox();
  expect(box!.height).toBeGreaterThanOrEqual(48);
  await tap(sessionButton.first());
  await expect(page.getByRole('heading', { level: 2, name: `${clockTime(target.starts_at)} · ${target.title}` })).toBeVisible();
  await noAxeViolations(page, 'Alterações de última hora: as alterações de uma sessão');
  await tap(page.getByRole('button', { name: 'Cancelar sessão', exact: true }));
  await expect(page.getByRole('heading', { level: 3, name: 'Cancelar sessão: porquê?' })).toBeVisible();
  await noAxeViolations(page, 'Alterações de última hora: os motivos');
  await tap(page.getByRole('button', { name: 'cópia não chegou' }));

  // Published at once: what was published, in the changelog's words, and the way back.
  const published = page.getByRole('status').filter({ hasText: 'Publicado' });
  await expect(published).toContainText(
    `Sessão cancelada: ${target.title}, ${spokenDay(target.starts_at.slice(0, 10))}, ${clockTime(target.starts_at)}, ${target.venue_name} — cópia não chegou`,
  );
  expect(taps).toBe(3);
  await expect(published.getByRole('button', { name: 'Repor sessão' })).toBeVisible();
  await expect(sessionButton.first()).toContainText('Cancelada');
  await noAxeViolations(page, 'Alterações de última hora: publicado');

  // The visitor's open page asks for the programme's version within the minute, and names the cancellation.
  await visitor.clock.fastForward(61_000);
  const notice = visitor.getByRole('status').filter({ hasText: '1 sessão da sua agenda mudou:' });
  await expect(notice.getByRole('listitem')).toHaveText(
    `${target.title}, Cancelada (cópia não chegou) — ${spokenDay(target.starts_at.slice(0, 10))}, ${clockTime(target.starts_at)}, ${target.venue_name}.`,
    { timeout: 30_000 },
  );

  // Without signal, the film's page and the agenda still list it, struck through, with the word and the reason.
  await visitor.context().setOffline(true);
  await visitor.goto(`${server.url}${workPath({ id: session.work_id, ismovie: session.ismovie })}`);
  const line = visitor.locator('.sessions__item.is-cancelled');
  await expect(line).toHaveCount(1);
  await expect(line.locator('.session-status__word')).toHaveText('Cancelada');
  await expect(line.locator('.session-status__sentence')).toHaveText('Sessão cancelada: cópia não chegou');
  await expect(line.locator('.sessions__when')).toHaveCSS('text-decoration-line', 'line-through');
  await visitor.goto(`${server.url}/agenda`);
  const row = visitor.locator(`.agenda-item[data-session-id="${target.id}"]`);
  await expect(row).toHaveClass(/is-cancelled/);
  await expect(row.locator('.session-status')).toContainText('CanceladaSessão cancelada: cópia não chegou');
  await expect(row.locator('.agenda-item__title')).toHaveCSS('text-decoration-line', 'line-through');

  // The agenda's calendar file, made on the device, marks the event cancelled; so does the feed.
  const [download] = await Promise.all([
    visitor.waitForEvent('download'),
    visitor.getByRole('button', { name: 'Descarregar a agenda (.ics)' }).click(),
  ]);
  const file = readFileSync(await download.path(), 'utf8');
  expect(file).toMatch(/STATUS:CANCELLED/);
  expect(file).toContain(`SUMMARY:Cancelada: ${target.title}`);
  const feed = await (await page.request.get(`${server.url}/admin/agenda/${target.id}/calendario.ics`)).text();
  expect(feed).toMatch(/STATUS:CANCELLED/);
  expect(feed).toMatch(/SEQUENCE:1/);
  // The file made on the device carries the feed's SEQUENCE, so a calendar that imports it replaces the event.
  expect(file).toMatch(/SEQUENCE:1/);
  await visitor.context().close();
  forgiveOfflineNoise(visitorProblems);
  expect(visitorProblems).toEqual([]);

  // In the film's form, the session's status is greyed, with the reason and the way back.
  await page.goto(`${server.url}/gestao/filmes/${session.work_id}`);
  // The session as people read it: "sábado 28, 18:00, Cinema Ideal".
  const when = `${spokenDay(target.starts_at.slice(0, 10))}, ${clockTime(target.starts_at)}, ${target.venue_name}`;
  const form = page.getByRole('form', { name: `Sessão de ${when}` });
  await page.locator('summary', { hasText: when }).tap();
  await expect(form.getByLabel('estado', { exact: true })).toBeDisabled();
  await expect(form.getByLabel('estado', { exact: true })).toHaveAccessibleDescription(
    'Sessão cancelada (cópia não chegou): só «Repor sessão», em Alterações de última hora, a traz de volta.',
  );

  // Bringing it back is its own, explicit action, published at once too.
  await (await gestaoMenuLink(page, 'Alterações de última hora')).tap();
  await sessionButton.first().tap();
  await expect(page.getByRole('button', { name: 'Cancelar sessão', exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: 'Repor sessão' }).tap();
  await expect(page.getByRole('status').filter({ hasText: 'Publicado' })).toContainText(`Sessão reposta: ${target.title}`);
  await expect(sessionButton.first()).not.toContainText('Cancelada');
});

test('a delay from the phone that lands on the next screening in the venue shows the clash, and is published once accepted with a reason @phone-only', async ({
  page,
  server,
  consoleProblems,
}) => {
  test.setTimeout(120_000);
  await addStaff(server.database, PROGRAMMER, 'programacao');
  await new GestaoStaff(server.url, consoleProblems).loggedIn(page, PROGRAMMER);
  const listed = page.waitForResponse((r) => new URL(r.url()).pathname === '/gestao/api/last-minute');
  await (await gestaoMenuLink(page, 'Alterações de última hora')).tap();
  const day = (await (await listed).json()) as LastMinuteDay;
  // Runtimes come from the grid: a session whose 30 minutes' delay runs into the next one in its venue.
  const runtimes = new Map<number, number>();
  for (const city of new Set(day.sessions.map((s) => s.city_id))) {
    const grid = (await (await page.request.get(`${server.url}/gestao/api/grid?city=${city}`)).json()) as GridAnswer;
    for (const s of grid.sessions) runtimes.set(s.id, durationOf(s));
  }
  const minutes = (wall: string) => Date.parse(`${wall}:00Z`) / 60_000;
  const free = day.sessions.filter((s) => s.status === '');
  const pair = free
    .flatMap((a) => free.filter((b) => b.venue_id === a.venue_id && b.starts_at > a.starts_at).map((b) => [a, b] as const))
    .find(([a, b]) => minutes(a.starts_at) + 30 + runtimes.get(Number(a.id))! > minutes(b.starts_at));
  expect(pair, 'a session whose delay of 30 minutes overlaps the next one in its venue').toBeDefined();
  const [late, next] = pair!;

  await page
    .getByRole('button', { name: new RegExp(`^${escaped(`${clockTime(late.starts_at)} · ${late.title}`)}`) })
    .first()
    .tap();
  await page.getByRole('button', { name: 'Atrasada +30 min' }).tap();
  await page.getByRole('button', { name: 'convidado atrasado' }).tap();

  // Refused, with the clash in words; nothing was published.
  const clash = page.getByRole('region', { name: 'Esta mudança cria um conflito' });
  await expect(clash).toContainText(next.title);
  await expect(page.getByRole('status').filter({ hasText: 'Publicado' })).toHaveCount(0);
  // The browser logs the refusal it was meant to get.
  forgiveOfflineNoise(consoleProblems, /the server responded with a status of 409/);
  await noAxeViolations(page, 'Alterações de última hora: um conflito');
  const reason = clash.getByLabel('Motivo para aceitar (fica no registo)');
  await reason.fill('curto');
  await clash.getByRole('button', { name: 'Aceitar e publicar' }).tap();
  await expect(clash.getByText('O motivo tem de ter pelo menos 10 caracteres.')).toBeVisible();
  await reason.fill('o realizador chega mais tarde e a sessão seguinte espera');
  await clash.getByRole('button', { name: 'Aceitar e publicar' }).tap();
  await expect(page.getByRole('status').filter({ hasText: 'Publicado' })).toContainText(`Sessão atrasada: ${late.title}`);
  await expect(clash).toHaveCount(0);
});
