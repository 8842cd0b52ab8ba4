/**
 * A festival-goer plans their festival: a personal agenda kept on the device (offline, no account),
 * with clashes between cities, a calendar file, changes announced after a programme sync, a
 * shared link, and search of the saved programme without signal.
 */
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { lisbonDateTime } from '../../src/common/time/lisbon-time';
import ICAL from 'ical.js';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ADA, ADD, addFromFilmPage, DIAS, MARE, REMOVE, star, type SeedPick } from './agenda-picks';
import { expect, forgiveOfflineNoise, test, waitForHydration } from './fixtures';
import { closePersistentBrowser, openPersistentBrowser } from './persistent-browser';
import { waitForSavedProgramme, waitUntilReadyOffline } from './offline-readiness';
import { startOwnServer, usePinnedFestival } from './pinned-server';
import { REPOSITORY, seedArguments } from '../support/server-process';
import { diffProgramme } from '../../src/common/programme/programme-delta';
import { spokenDay } from '../../src/common/time/calendar-names';
import { wallDate } from '../../src/common/time/lisbon-time';
import type { AgendaSession, ProgrammeSync } from '../../src/common/api/api-types';

const agendaLink = (page: Page) => page.getByRole('link', { name: /^A minha agenda/ });
const items = (page: Page) => page.locator('.agenda-item');
const item = (page: Page, pick: SeedPick) => page.locator(`.agenda-item[data-session-id="${pick.session}"]`);

// Each story is a festival-goer's whole errand (several pages, a service worker, IndexedDB): on a
// busy machine that takes longer than the default 30 s.
test.describe.configure({ timeout: 90_000 });

test.describe('A festival-goer plans their festival', () => {
  test('adds three sessions without signal, closes the browser, and finds the agenda intact', async ({ baseURL }, testInfo) => {
    test.setTimeout(150_000);
    const profile = mkdtempSync(join(tmpdir(), 'festa-agenda-'));
    const problems: string[] = [];
    try {
      let [context, page] = await openPersistentBrowser(profile, baseURL, testInfo, problems);
      await page.goto('/programacao');
      await waitForHydration(page);
      // The first visit installs the worker; a reload lets it control the page.
      await page.reload();
      await waitUntilReadyOffline(page);

      await context.setOffline(true);
      for (const pick of [ADA, MARE, DIAS]) await addFromFilmPage(page, pick);
      await expect(agendaLink(page)).toHaveAccessibleName('A minha agenda: 3 sessões');
      await closePersistentBrowser(context, profile);

      [context, page] = await openPersistentBrowser(profile, baseURL, testInfo, problems);
      await context.setOffline(true);
      await page.goto('/agenda');
      await expect(page.getByRole('heading', { level: 1, name: 'A minha agenda' })).toBeVisible();
      await expect(items(page).locator('.agenda-item__title')).toHaveText([DIAS.title, ADA.title, MARE.title]);
      await expect(item(page, ADA).locator('.agenda-item__place')).toHaveText(/ · Lisboa$/);
      await expect(item(page, ADA).locator('time')).toHaveText(ADA.time);
      await expect(item(page, ADA).getByRole('link', { name: ADA.title })).toHaveAttribute('href', `/filme/${ADA.film}`);
      await expect(agendaLink(page)).toHaveAccessibleName('A minha agenda: 3 sessões');

      // Taking one out works offline too, and stays out.
      await item(page, DIAS).getByRole('button', { name: REMOVE }).click();
      await expect(items(page)).toHaveCount(2);
      await page.reload();
      await expect(items(page)).toHaveCount(2);
      await closePersistentBrowser(context, profile);
      forgiveOfflineNoise(problems);
      expect(problems).toEqual([]);
    } finally {
      rmSync(profile, { recursive: true, force: true });
    }
  });

  test('sees a clash between two cities it cannot travel between in time', async ({ page }) => {
    await page.goto('/agenda');
    await waitForHydration(page);
    await expect(page.getByText('A sua agenda está vazia.')).toBeVisible();
    await expect(page.locator('.agenda-empty').getByRole('link', { name: 'programação' })).toHaveAttribute('href', '/programacao');

    await addFromFilmPage(page, ADA);
    await addFromFilmPage(page, MARE);
    await agendaLink(page).click();
    await expect(page).toHaveURL(/\/agenda$/);
    // Both are marked; the clash is said once, under the later session, in the order it is lived.
    await expect(item(page, ADA)).toHaveClass(/has-clash/);
    await expect(item(page, ADA).locator('.agenda-clash')).toHaveCount(0);
    await expect(item(page, MARE).locator('.agenda-clash')).toHaveText(
      /^Sem tempo para viajar entre Porto e Lisboa: a viagem leva 3 h e só há 1 h \d+ min depois de «O Verão de Ada» \(16:00, /,
    );
    // With another session of one of the two films that fits, and its star to add it.
    const alternative = item(page, MARE).locator('.agenda-item__alternative');
    await expect(alternative).toHaveText(
      /^Outra sessão sem conflito: «(Maré Baixa|O Verão de Ada)», \S+ \d+, \d{2}:\d{2}, .+ \((Lisboa|Porto|Coimbra|Setúbal)\)/,
    );
    await expect(alternative.getByRole('button', { name: ADD })).toBeVisible();

    // Without the Porto session, Lisbon's has nothing to clash with.
    await item(page, MARE).getByRole('button', { name: REMOVE }).click();
    await expect(item(page, MARE)).toHaveCount(0);
    await expect(item(page, ADA).locator('.agenda-clash')).toHaveCount(0);

    // A parallel event's sessions carry the star too, and the header counts them all.
    // One still to come: a session that is over can no longer be added.
    const activity = await activityWithSessionToCome(page.request);
    await page.goto(`/actividade/${activity.id}`);
    await waitForHydration(page);
    const toCome = page.locator('.sessions__item').filter({ has: page.locator(`[data-session="${activity.session}"]`) });
    await toCome.getByRole('button', { name: ADD }).click();
    await expect(toCome.getByRole('button', { name: REMOVE })).toBeEnabled();
    await expect(agendaLink(page)).toHaveAccessibleName('A minha agenda: 2 sessões');
    await agendaLink(page).click();
    await expect(items(page)).toHaveCount(2);

    const axe = await new AxeBuilder({ page }).analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  });

  test('downloads its agenda as an .ics file with one event and one alarm per session', async ({ page }) => {
    for (const pick of [ADA, MARE, DIAS]) await addFromFilmPage(page, pick);
    await page.goto('/agenda');
    await expect(items(page)).toHaveCount(3);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Descarregar a agenda (.ics)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('agenda-festa-cinema-italiano.ics');
    const text = readFileSync(await download.path(), 'utf8');

    const calendar = ICAL.Component.fromString(text);
    for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
    expect(calendar.getFirstSubcomponent('vtimezone')?.getFirstPropertyValue('tzid')).toBe('Europe/Lisbon');
    const events = calendar.getAllSubcomponents('vevent');
    expect(events.map((e) => e.getFirstPropertyValue('summary'))).toEqual([DIAS.title, ADA.title, MARE.title]);
    const host = new URL(page.url()).hostname;
    for (const [event, pick] of events.map((e, i) => [e, [DIAS, ADA, MARE][i]!] as const)) {
      expect(event.getFirstPropertyValue('uid')).toBe(`sessao-${pick.session}@${host}`);
      expect(event.getFirstProperty('dtstart')?.getParameter('tzid')).toBe('Europe/Lisbon');
      expect(new ICAL.Event(event).startDate.toString().slice(11, 16)).toBe(pick.time);
      expect(event.getFirstPropertyValue('url')).toBe(new URL(`/filme/${pick.film}`, page.url()).href);
      // The venue and its street address, which a phone's maps can find.
      expect(String(event.getFirstPropertyValue('location'))).toMatch(/^[^,]+, .+, \d{4}-\d{3} (Lisboa|Porto)$/);
      const alarms = event.getAllSubcomponents('valarm');
      expect(alarms).toHaveLength(1);
      // 30 minutes before; the Porto session after Lisbon's that day, the 3 h journey earlier still.
      expect(String(alarms[0]!.getFirstPropertyValue('trigger'))).toBe(pick === MARE ? '-PT3H30M' : '-PT30M');
    }
    expect(String(events[2]!.getFirstSubcomponent('valarm')!.getFirstPropertyValue('description'))).toMatch(
      /^Hora de partir para Porto: a viagem leva 3 h e Maré Baixa começa às 19:30/,
    );

    // And one session alone.
    const [one] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: `Adicionar ao calendário: ${ADA.title}` }).click(),
    ]);
    const single = ICAL.Component.fromString(readFileSync(await one.path(), 'utf8'));
    expect(single.getAllSubcomponents('vevent').map((e) => e.getFirstPropertyValue('uid'))).toEqual([`sessao-${ADA.session}@${host}`]);
  });

  test('shares its agenda: the link opens the same agenda on a fresh profile, read-only, ready to add', async ({
    page,
    browser,
    baseURL,
  }, testInfo) => {
    await addFromFilmPage(page, ADA);
    await addFromFilmPage(page, DIAS);
    await page.goto('/agenda');
    await page.getByRole('button', { name: 'Partilhar a agenda' }).click();
    const link = await page.getByRole('textbox', { name: 'Ligação da agenda' }).inputValue();
    expect(new URL(link).pathname + new URL(link).search).toBe(`/agenda?sessoes=${DIAS.session}.${ADA.session}`);
    await expect(page.getByRole('img', { name: 'Código QR da ligação da agenda' })).toBeVisible();

    const friend = await browser.newContext({
      baseURL,
      locale: 'pt-PT',
      timezoneId: 'Europe/Lisbon',
      ...(testInfo.project.use.viewport ? { viewport: testInfo.project.use.viewport } : {}),
    });
    const problems: string[] = [];
    try {
      const other = await friend.newPage();
      other.on('console', (m) => {
        if (m.type() === 'error' || /hydrat/i.test(m.text())) problems.push(m.text());
      });
      await other.goto(link);
      await waitForHydration(other);
      await expect(other.getByRole('heading', { level: 1, name: 'Agenda partilhada' })).toBeVisible();
      await expect(items(other).locator('.agenda-item__title')).toHaveText([DIAS.title, ADA.title]);
      // Read-only: no star to take anything out of someone else's agenda.
      await expect(other.getByRole('button', { name: REMOVE })).toHaveCount(0);
      await other.getByRole('button', { name: ADD }).click();
      await expect(other.getByRole('status').filter({ hasText: '2 sessões na sua agenda.' })).toBeVisible();
      await other.getByRole('link', { name: 'Ver a minha agenda' }).click();
      await expect(other.getByRole('heading', { level: 1, name: 'A minha agenda' })).toBeVisible();
      await expect(items(other).locator('.agenda-item__title')).toHaveText([DIAS.title, ADA.title]);

      // A link that is not an agenda says so.
      await other.goto('/agenda?sessoes=12,abc');
      await expect(other.getByRole('alert')).toHaveText(/^Esta ligação de agenda não é válida/);
    } finally {
      await friend.close();
    }
    expect(problems).toEqual([]);
  });

  test('searches the saved programme without signal, by a word without its accent, and by a venue for what is on there', async ({
    page,
    context,
    consoleProblems,
  }) => {
    await page.goto('/');
    await waitForHydration(page);
    await page.reload();
    await waitUntilReadyOffline(page);
    await context.setOffline(true);

    await page.goto('/pesquisa?q=verao');
    await expect(page.getByText('Sem ligação: resultados da programação guardada neste dispositivo.')).toBeVisible();
    const films = page.getByRole('region', { name: /^Filmes/ });
    await expect(films.getByRole('link', { name: 'O Verão de Ada' })).toBeVisible();
    // A film found shows its next sessions, from the saved sessions.
    await expect(films.getByRole('listitem').filter({ hasText: 'O Verão de Ada' }).locator('.search-card__sessions')).toContainText(
      /^Próximas sessões: \S+ \d+, \d{2}:\d{2}, /,
    );

    // A venue's name finds what is on there.
    await page.locator('.search-box--page input').fill('cinemateca');
    await page.locator('.search-box--page input').press('Enter');
    const venues = page.getByRole('region', { name: /^Sessões nas salas/ });
    await expect(venues.getByRole('heading', { level: 3 })).toHaveText(['Cinemateca Portuguesa, Lisboa']);
    await expect(venues.getByRole('listitem').first()).toHaveText(/^\S+ \d+, \d{2}:\d{2} .+/);
    await expect(venues.getByRole('listitem').first().getByRole('link')).toHaveAttribute('href', /^\/(filme|actividade)\/\d+$/);

    // The page's own search box, offline too: capitals and no accent.
    await page.locator('.search-box--page input').fill('VENUS');
    await page.locator('.search-box--page input').press('Enter');
    await expect(page).toHaveURL(/\/pesquisa\?q=VENUS$/);
    await expect(films.getByRole('link', { name: 'Vénus de Papel' })).toBeVisible();
    await films.getByRole('link', { name: 'Vénus de Papel' }).click();
    await expect(page).toHaveURL(/\/filme\/139$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await context.setOffline(false);
    forgiveOfflineNoise(consoleProblems);
  });
});

test.describe('A festival-goer whose agenda changes', () => {
  // The story intercepts the programme sync from the page: no service worker stands in between.
  test.use({ serviceWorkers: 'block' });

  test('is told on the page it is reading, within a minute, which session moved and where to; the agenda keeps "mudou de" after it acknowledges', async ({
    page,
  }) => {
    // The page's clock runs on, and jumps where the story waits for the next minute's question.
    await page.clock.install();
    await page.goto(`/filme/${ADA.film}`);
    await waitForHydration(page);
    await waitForSavedProgramme(page);
    await star(page, ADA).click();
    await expect(star(page, ADA, REMOVE)).toBeEnabled();
    await expect(page.getByText('sessão da sua agenda mudou')).toHaveCount(0);
    // The visitor puts the agenda in the phone's calendar as a file, and goes back to the film.
    await agendaLink(page).click();
    await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Descarregar a agenda (.ics)' }).click()]);
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`/filme/${ADA.film}$`));

    // Meanwhile the festival moves that session to 21:45: the server's content version changes,
    // and the next programme sync brings only that change, patched onto the programme the visitor holds.
    let moved: { starts_at: string; venue_name: string } | undefined;
    await page.route('**/admin/sync/version', (route) => route.fulfill({ json: { version: 'movida-para-as-21-45' } }));
    await page.route('**/admin/sync/changes/*', async (route) => {
      const held = (await (await page.request.get('/admin/sync/programme')).json()) as ProgrammeSync;
      const now = structuredClone(held);
      const session = (now.answers['/api/sessions'] as AgendaSession[]).find((s) => s.id === ADA.session)!;
      session.starts_at = `${session.starts_at.slice(0, 11)}21:45`;
      session.version = 'movida-para-as-21-45';
      moved = session;
      const delta = await diffProgramme(held.answers, now.answers);
      await route.fulfill({
        json: { version: 'movida-para-as-21-45', since: held.version, generatedAt: now.generatedAt, full: false, ...delta },
      });
    });
    // Were the whole programme asked for, the patch would have failed: the story sees the delta or nothing.
    await page.route('**/admin/sync/programme', (route) => route.abort());

    // A minute later, on the same page, without a click: the notice names the film, the day, the
    // old and new time and the venue.
    await page.clock.fastForward(61_000);
    const notice = page.getByRole('status').filter({ hasText: '1 sessão da sua agenda mudou:' });
    await expect(notice).toBeVisible({ timeout: 20_000 });
    await expect(page).toHaveURL(new RegExp(`/filme/${ADA.film}$`));
    await expect(notice.getByRole('listitem')).toHaveText(
      `${ADA.title}, Mudou: ${spokenDay(wallDate(moved!.starts_at))}: ${ADA.time} → 21:45, ${moved!.venue_name}.`,
    );
    await expect(notice).toContainText('O ficheiro de calendário que descarregou ficou desatualizado');

    // The agenda shows the old and the new values until the visitor acknowledges.
    await notice.getByRole('link', { name: 'Ver o que mudou' }).click();
    await expect(page).toHaveURL(/\/agenda$/);
    await expect(page.getByText('1 sessão da sua agenda mudou.')).toBeVisible();
    const row = item(page, ADA);
    await expect(row).toHaveClass(/is-changed/);
    await expect(row.locator('.agenda-item__change li')).toHaveText([`Hora: ${ADA.time} → 21:45`]);
    await expect(row.locator('del')).toHaveText(ADA.time);
    await expect(row.locator('ins')).toHaveText('21:45');
    await expect(row.locator('time')).toHaveText('21:45');
    // The file on the phone is out of date, and the new one is a tap away.
    const outdated = page.getByRole('status').filter({ hasText: 'O ficheiro de calendário que descarregou já não está certo' });
    await expect(outdated).toContainText(`«${ADA.title}» mudou desde então.`);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      outdated.getByRole('button', { name: 'Descarregar o ficheiro atualizado' }).click(),
    ]);
    expect(readFileSync(await download.path(), 'utf8')).toMatch(/DTSTART;TZID=Europe\/Lisbon:\d{8}T214500/);
    await expect(outdated).toHaveCount(0);

    // Back on the film's page, "Tomei nota" in the notice itself acknowledges.
    await page.goBack();
    await expect(notice).toBeVisible();
    await notice.getByRole('button', { name: 'Tomei nota' }).click();
    await expect(page.getByText('sessão da sua agenda mudou')).toHaveCount(0);

    // The change is no longer news, but the session still says where it came from.
    await agendaLink(page).click();
    await expect(page).toHaveURL(/\/agenda$/);
    await expect(row.locator('.agenda-item__change')).toHaveCount(0);
    await expect(row.locator('time')).toHaveText('21:45');
    await expect(row.locator('.agenda-item__moved')).toHaveText(`mudou de ${ADA.time}`);

    // Beside the file, a subscription the calendar app refreshes by itself: the server's feed of these sessions.
    const subscribe = page.getByRole('link', { name: 'Subscrever no calendário' });
    const feed = (await subscribe.getAttribute('href'))!;
    expect(feed).toMatch(new RegExp(`^webcal://[^/]+/admin/agenda/${ADA.session}/calendario\\.ics$`));
    const calendar = await page.request.get(feed.replace(/^webcal:/, 'http:'));
    expect(calendar.headers()['content-type']).toBe('text/calendar; charset=utf-8');
    const event = ICAL.Component.fromString(await calendar.text()).getFirstSubcomponent('vevent')!;
    expect(String(event.getFirstPropertyValue('uid'))).toMatch(new RegExp(`^sessao-${ADA.session}@`));
    expect(event.getFirstPropertyValue('sequence')).toBe(0);
  });
});

test.describe('A festival-goer whose starred session is really moved by the festival', () => {
  test('is told on its phone within a minute, and its subscribed calendar has the new time with a higher SEQUENCE @phone-only', async ({
    page,
  }) => {
    // A server of its own, whose content this story changes and imports again, as the festival would.
    test.setTimeout(180_000);
    const dir = mkdtempSync(join(tmpdir(), 'festa-moved-'));
    const content = join(dir, 'content');
    cpSync(join(REPOSITORY, 'server/content'), content, { recursive: true });
    const env = { DATABASE: join(dir, 'festa.sqlite'), CONTENT_DIR: content };
    const server = await startOwnServer(env);
    try {
      const feed = async () =>
        ICAL.Component.fromString(
          await (await page.request.get(`${server.url}/admin/agenda/${ADA.session}/calendario.ics`)).text(),
        ).getFirstSubcomponent('vevent')!;
      expect((await feed()).getFirstPropertyValue('sequence')).toBe(0);

      await page.clock.install();
      await page.goto(`${server.url}/filme/${ADA.film}`);
      await waitForHydration(page);
      await waitForSavedProgramme(page);
      await star(page, ADA).click();
      await expect(star(page, ADA, REMOVE)).toBeEnabled();

      // The festival moves the session to 21:45 and publishes the programme.
      const syncs: string[] = [];
      page.on('request', (request) => {
        const path = new URL(request.url()).pathname;
        if (path.startsWith('/admin/sync/')) syncs.push(path);
      });
      const sessionsFile = join(content, 'seed', 'sessions.json');
      const sessions = JSON.parse(readFileSync(sessionsFile, 'utf8')) as { id: number; time: string }[];
      writeFileSync(sessionsFile, JSON.stringify(sessions.map((s) => (String(s.id) === ADA.session ? { ...s, time: '21:45' } : s))));
      await promisify(execFile)(process.execPath, [...seedArguments(), '--sem-imagens'], {
        cwd: REPOSITORY,
        env: { ...process.env, ...env, LOG_LEVEL: 'silent' },
      });

      // Within the next minute's question, on the page the visitor is reading.
      await page.clock.fastForward(61_000);
      const notice = page.getByRole('status').filter({ hasText: '1 sessão da sua agenda mudou:' });
      await expect(notice.getByRole('listitem')).toHaveText(new RegExp(`^${ADA.title}, Mudou: \\S+ \\d+: ${ADA.time} → 21:45, .+\\.$`), {
        timeout: 30_000,
      });
      // Only the changes since the programme the phone held were downloaded, not the whole programme again.
      expect(syncs.filter((path) => path.startsWith('/admin/sync/changes/'))).toHaveLength(1);
      expect(syncs).not.toContain('/admin/sync/programme');
      await notice.getByRole('button', { name: 'Tomei nota' }).click();
      await agendaLink(page).click();
      await expect(item(page, ADA).locator('.agenda-item__moved')).toHaveText(`mudou de ${ADA.time}`);

      // The subscription the calendar app refreshes: the new time, and a SEQUENCE that tells it to replace the event.
      const event = await feed();
      expect(String(event.getFirstPropertyValue('dtstart'))).toMatch(/T21:45:00$/);
      expect(event.getFirstPropertyValue('sequence')).toBe(1);
    } finally {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

test.describe('A festival-goer in the foyer', () => {
  // A server of its own, its clock pinned: the shared one reads the machine's clock, and a run
  // crossing midnight in Lisbon would move "today" to another festival day under the story.
  // Sunday 5 April 2026 at 15:10 in Lisbon, the fourth day of a festival opened on the 2nd (day 3
  // of the seed): three sessions are running and the next starts at 15:30.
  const server = usePinnedFestival('2026-04-02', '2026-04-05T15:10');

  test('sees what is on now and what comes next on today’s programme, and the list opens on them', async ({ page }) => {
    await page.goto(`${server.url}/programacao`);
    await waitForHydration(page);
    const shown = page.locator('.paged--events .paged__item:not([aria-hidden="true"])');
    const titlesMarked = (kind: 'now' | 'next') => shown.filter({ has: page.locator(`.now-mark--${kind}`) }).locator('.event-card__title');
    await expect(titlesMarked('now')).toHaveText(['A Cantora de Nápoles', 'A Noite do Baile', 'O Porto de Todos']);
    await expect(titlesMarked('next')).toHaveText(['As Horas Quietas']);
    await expect(shown.locator('.now-mark--now').first()).toHaveText('A decorrer');
    await expect(shown.locator('.now-mark--next')).toHaveText('A seguir');
    // Each session carries its star here too.
    await expect(shown.first().getByRole('button', { name: ADD })).toBeVisible();
  });

  test('finds in its agenda, under "Hoje", the starred session that is running and the one that comes next', async ({ page }) => {
    await page.goto(`${server.url}/programacao`);
    await waitForHydration(page);
    const shown = page.locator('.paged--events .paged__item:not([aria-hidden="true"])');
    const running = shown.filter({ has: page.locator('.now-mark--now') }).first();
    const next = shown.filter({ has: page.locator('.now-mark--next') }).first();
    const [runningTitle, nextTitle] = [
      await running.locator('.event-card__title').innerText(),
      await next.locator('.event-card__title').innerText(),
    ];
    await running.getByRole('button', { name: ADD }).click();
    await next.getByRole('button', { name: ADD }).click();
    await expect(running.getByRole('button', { name: REMOVE })).toBeEnabled();
    await expect(next.getByRole('button', { name: REMOVE })).toBeEnabled();

    await agendaLink(page).click();
    await expect(page).toHaveURL(/\/agenda$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Hoje, domingo, 5 de abril' })).toBeVisible();
    const row = (title: string) => items(page).filter({ hasText: title });
    await expect(row(runningTitle).locator('.now-mark')).toHaveText('A decorrer');
    await expect(row(nextTitle).locator('.now-mark')).toHaveText('A seguir');
  });
});

/** A parallel event with a session still to come (the e2e server's festival follows today's date). */
async function activityWithSessionToCome(request: APIRequestContext): Promise<{ id: string; session: string }> {
  const now = lisbonDateTime(new Date());
  for (const { id } of (await (await request.get('/admin/api/activities')).json()) as { id: string }[]) {
    const { sessions } = (await (await request.get(`/admin/api/activity/${id}`)).json()) as {
      sessions: { id: string; starts_at: string }[];
    };
    const session = sessions.find((s) => s.starts_at > now);
    if (session) return { id, session: session.id };
  }
  throw new Error('no parallel event with a session still to come');
}
