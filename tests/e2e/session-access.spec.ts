/**
 * "Can I follow this session, and can I get in?" on a 390 px phone: a visitor narrows the
 * programme to English subtitles (in the address, then again without signal), reads a film's line
 * of codes and its legend, opens a venue's card from a session (access facts, how to get there,
 * what is on there today), offline too; a programmer adds Portuguese Sign Language to a session
 * from the phone's last-minute changes, published at once, and the film page and the changes page
 * say so. It sets its own
 * viewport (@one-project).
 */
import type { AgendaSession, CityProgramme } from '../../src/common/api/api-types';
import type { LastMinuteDay } from '../../src/common/gestao/last-minute';
import { resolveFollow } from '../../src/common/programme/session-access';
import { clockTime } from '../../src/common/time/lisbon-time';
import { expect, forgiveOfflineNoise, test, waitForHydration, waitUntilReadyOffline } from './fixtures';
import { GestaoStaff, gestaoMenuLink, noAxeViolations, ownServerWithStaff } from './gestao-browser';

const PROGRAMMER = 'rita.acessos@festa.test';
const server = ownServerWithStaff(test, { [PROGRAMMER]: 'programacao' });

test('a visitor finds the sessions they can follow and a venue they can get into, offline too; a programmer adds LGP from the phone @one-project', async ({
  page,
  context,
  consoleProblems,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });

  // A Lisbon day with sessions subtitled in English and others not.
  const programme = (await (await page.request.get(`${server.url}/admin/api/movies_from_festival/1`)).json()) as CityProgramme;
  const days = Array.isArray(programme.festivals) ? {} : programme.festivals;
  const [day] = Object.entries(days).find(
    ([, events]) => events.some((e) => e.follow?.subtitles.includes('en')) && events.some((e) => !e.follow?.subtitles.includes('en')),
  )!;
  await page.goto(`${server.url}/programacao?cidade=1&dia=${day}`);
  await waitForHydration(page);
  // Folded on a phone until asked for, so that the day's sessions fill the screen.
  await expect(page.getByLabel('Legendas em')).toBeHidden();
  await page.getByText('Sessões que consigo seguir').click();
  await page.getByLabel('Legendas em').selectOption('en');
  await expect(page).toHaveURL(new RegExp(`cidade=1&dia=${day}&legendas=en`));
  const lines = page.locator('.event-card__follow summary');
  await expect(lines.first()).toBeVisible();
  for (const line of await lines.all()) await expect(line).toContainText(/legendas [A-Z ]*EN/);
  await noAxeViolations(page, 'a programação filtrada');

  // Without signal, the same address is filtered the same way.
  await waitUntilReadyOffline(page);
  await context.setOffline(true);
  await page.reload();
  await expect(lines.first()).toBeVisible();
  // A filtered page keeps its filters in view, and says how many.
  await expect(page.locator('.follow-filters__title')).toHaveText('Sessões que consigo seguir1 filtro');
  await expect(page.getByLabel('Legendas em')).toHaveValue('en');
  for (const line of await lines.all()) await expect(line).toContainText(/legendas [A-Z ]*EN/);
  await context.setOffline(false);
  forgiveOfflineNoise(consoleProblems);

  // A film's line of codes, and its legend one tap away.
  await page.goto(`${server.url}/filme/106`);
  const follow = page.locator('.detail__follow');
  await expect(follow.locator('summary')).toHaveText(/^IT · legendas PT EN · M\/\d+$/);
  await expect(follow.locator('summary')).toHaveAccessibleName(/^Língua, legendas, idade e acessibilidade: IT · legendas PT EN · M\/\d+$/);
  await follow.locator('summary').click();
  await expect(follow.getByText('inglês')).toBeVisible();
  await expect(follow.getByText(/^para maiores de \d+ anos$/)).toBeVisible();
  // Its audio-described session says so.
  await expect(page.locator('.sessions__follow summary').filter({ hasText: 'AD' }).first()).toBeVisible();

  // From a session's venue to its card: can I get in, how do I get there, what is on now.
  const venue = page.locator('.sessions__venue').first();
  await venue.locator('summary').click();
  await venue.getByRole('link', { name: /^Acessos e como chegar/ }).click();
  await expect(page).toHaveURL(/\/sala\/\d+$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Acessos' })).toBeVisible();
  await expect(page.getByText('Entrada sem degraus')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Como chegar' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Hoje nesta sala' })).toBeVisible();
  await noAxeViolations(page, 'o cartão de uma sala');
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText('Entrada sem degraus')).toBeVisible();
  await context.setOffline(false);
  forgiveOfflineNoise(consoleProblems);

  // At the door, a programmer adds Portuguese Sign Language to one of today's sessions from the
  // phone: published at once, as any last-minute change.
  await new GestaoStaff(server.url, consoleProblems).loggedIn(page, PROGRAMMER);
  const listed = page.waitForResponse((r) => new URL(r.url()).pathname === '/gestao/api/last-minute');
  await (await gestaoMenuLink(page, 'Alterações de última hora')).click();
  const today = (await (await listed).json()) as LastMinuteDay;
  const offered = (s: LastMinuteDay['sessions'][number]) =>
    resolveFollow({ access_features: s.access_features }, { access_features: s.film_access_features }).access;
  const target = today.sessions.find((s) => s.status === '' && !offered(s).includes('lgp'))!;
  const index = (await (await page.request.get(`${server.url}/admin/api/sessions`)).json()) as AgendaSession[];
  const filmId = index.find((s) => s.id === target.id)!.work_id;
  await page
    .locator('.last-minute__session')
    .filter({ hasText: `${clockTime(target.starts_at)} · ${target.title}` })
    .click();
  await page.getByRole('button', { name: /^Acessibilidade: / }).click();
  await page.getByLabel('Língua Gestual Portuguesa (LGP)').check();
  await noAxeViolations(page, 'Alterações de última hora: a acessibilidade de uma sessão');
  await page.getByRole('button', { name: 'Publicar', exact: true }).click();
  const published = page.locator('.last-minute__published');
  await expect(published).toContainText(/Publicado \(publicação \d+\):/);
  await expect(published).toBeInViewport();

  await page.goto(`${server.url}/filme/${filmId}`);
  await expect(page.locator('.sessions__follow summary').filter({ hasText: 'LGP' }).first()).toBeVisible();
  await page.goto(`${server.url}/alteracoes`);
  await expect(page.getByText(/^Acessibilidade: .* → .*LGP/).first()).toBeVisible();
});
