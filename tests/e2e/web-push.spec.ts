/**
 * A change reaches the visitor whose site is closed (issue 37), on a server of its own whose
 * PUSH_SERVICE_ORIGINS names a push service on this machine (tests/support/local-push-service.ts):
 * the visitor stars a session and turns on "Avisar-me neste telemóvel…" in "A minha agenda" (the
 * server keeps the subscription); the programming team moves the session; the server sends the
 * encrypted message to the local push service, the story decrypts it with the device's keys and
 * hands it, without signal, to the page's real service worker through Chromium's DevTools protocol
 * (ServiceWorker.deliverPushMessage): the notification shown names the change, a tap opens the
 * session's page with "Mudou: era às …", from what the device keeps. Turning the switch off
 * deletes the subscription on the server. axe finds nothing on the offer. After the third star, a
 * note offers the notices once per device and leads to the switch (axe finds nothing on it either).
 */
import AxeBuilder from '@axe-core/playwright';
import type { CDPSession, Page, Worker } from '@playwright/test';
import type { AgendaSession } from '../../src/common/api/api-types';
import { workPath } from '../../src/common/addresses/page-paths';
import type { PushMessage } from '../../src/common/push/push-message';
import { spokenDay } from '../../src/common/time/calendar-names';
import { clockTime, wallDate } from '../../src/common/time/lisbon-time';
import { SQLite as Database } from '../../server/db/sqlite-driver';
import { decryptAes128gcm, deviceKeys, startLocalPushService, type LocalPushService } from '../support/local-push-service';
import { ADA, addFromFilmPage, DIAS, MARE, REMOVE, star } from './agenda-picks';
import { fullBrowser } from '../../playwright.config';
import { expect, forgiveOfflineNoise, test as onSharedServer } from './fixtures';
import { waitUntilReadyOffline } from './offline-readiness';
import { testOnOwnServer } from './pinned-server';
import { programmerApi, publishNewTime, sessionToMove } from './programmer-api';

// Push messaging needs the full browser: the headless shell answers "denied" to notifications.
onSharedServer.use(fullBrowser);

/** The offer's words, as issue 37 gives them. */
const OFFER = 'Avisar-me neste telemóvel se uma sessão da minha agenda mudar';

const test = testOnOwnServer.extend<{ pushService: LocalPushService }>({
  pushService: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern: it needs none.
    async ({}, use) => {
      const service = await startLocalPushService();
      await use(service);
      await service.close();
    },
    { timeout: 10_000 },
  ],
  // The server may send only to the push services it knows: this machine's is added, as in the server tests.
  ownServerEnv: [
    async ({ pushService }, use) => {
      await use({ PUSH_SERVICE_ORIGINS: pushService.origin });
    },
    { scope: 'test' },
  ],
});

/** The sessions the server keeps for a push endpoint; null when it keeps no subscription there. */
function storedSubscription(database: string, endpoint: string): string[] | null {
  const db = new Database(database, { readonly: true, fileMustExist: true });
  try {
    const row = db.prepare('SELECT endpoint FROM push_subscriptions WHERE endpoint = ?').get(endpoint);
    if (!row) return null;
    const sessions = db.prepare('SELECT session_id FROM push_subscription_sessions WHERE endpoint = ?').all(endpoint) as {
      session_id: string;
    }[];
    return sessions.map((s) => s.session_id).sort();
  } finally {
    db.close();
  }
}

/** The service worker's registration id, which ServiceWorker.deliverPushMessage names, from the domain's events. */
async function registrationIdOf(cdp: CDPSession, scope: string): Promise<string> {
  const found = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((r) => r.scopeURL === scope && !r.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  return found;
}

interface ShownNotification {
  title: string;
  body: string;
  tag: string;
  data: unknown;
}

/** The notifications the worker's registration shows, as the page reads them. */
const shownNotifications = (page: Page): Promise<ShownNotification[]> =>
  page.evaluate(async () =>
    (await (await navigator.serviceWorker.ready).getNotifications()).map(({ title, body, tag, data }) => ({
      title,
      body,
      tag,
      data: data as unknown,
    })),
  );

/**
 * A tap on the notification: headless Chromium draws no notification to click, and DevTools has
 * no command for it, so the story dispatches the worker's own `notificationclick` event, with the
 * notification it shows, in the worker.
 */
async function tapNotification(worker: Worker): Promise<void> {
  await worker.evaluate(async () => {
    const scope = self as unknown as {
      registration: { getNotifications: () => Promise<Notification[]> };
      dispatchEvent: (event: Event) => boolean;
      NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
    };
    const [notification] = await scope.registration.getNotifications();
    if (!notification) throw new Error('no notification to tap');
    scope.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification }));
  });
}

test('a starred session moved: the phone is told by a notification, a tap opens its page offline; turned off, the server forgets the device', async ({
  page,
  context,
  server,
  pushService,
  consoleProblems,
}) => {
  test.setTimeout(180_000);
  const device = deviceKeys();
  const endpoint = pushService.endpoint('visitor');
  // The browser's own PushManager.subscribe() asks its push service (Google's, for Chromium) for
  // an endpoint, which this machine cannot reach: that one call is replaced, as
  // src/pwa/push-subscribe.ts allows through window.__festaPushSubscribe, by a subscription at the
  // local push service with keys the story holds. The permission, the offer, the server's route
  // and the service worker are the browser's and the site's own.
  await context.addInitScript((subscription) => {
    (window as unknown as { __festaPushSubscribe: () => Promise<unknown> }).__festaPushSubscribe = () => Promise.resolve(subscription);
  }, device.json(endpoint));
  await context.grantPermissions(['notifications'], { origin: server.url });

  const programmer = await programmerApi(server);
  try {
    const { session: target, newTime } = await sessionToMove(programmer);
    const index = (await (await page.request.get(`${server.url}/admin/api/sessions`)).json()) as AgendaSession[];
    const session = index.find((s) => s.id === target.id)!;
    const filmPage = `${server.url}${workPath({ id: session.work_id, ismovie: session.ismovie })}`;

    // The visitor stars the session on its film's page, then turns the offer on in "A minha agenda".
    await page.goto(filmPage);
    await expect(page.getByRole('heading', { level: 1, name: session.title })).toBeVisible();
    const star = page.locator(`.agenda-star[data-session="${session.id}"]`);
    await star.getByRole('button', { name: 'Adicionar à minha agenda' }).click();
    await expect(star.getByRole('button', { name: 'Remover da minha agenda' })).toBeEnabled();
    await page.goto(`${server.url}/agenda`);
    const offerSwitch = page.getByRole('switch', { name: OFFER });
    await expect(offerSwitch).toHaveAttribute('aria-checked', 'false');
    const axe = await new AxeBuilder({ page }).include('.push-offer').analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    await offerSwitch.click();
    await expect(offerSwitch).toHaveAttribute('aria-checked', 'true');
    await expect.poll(() => storedSubscription(server.database, endpoint)).toEqual([session.id]);
    const axeOn = await new AxeBuilder({ page }).include('.push-offer').analyze();
    expect(axeOn.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    await waitUntilReadyOffline(page);

    const cdp = await context.newCDPSession(page);
    const registrationId = await registrationIdOf(cdp, `${server.url}/`);

    // On the metro: no signal. The team moves the session; the server's message reaches the push service.
    await context.setOffline(true);
    await publishNewTime(programmer, target, newTime);
    const delivery = await pushService.deliveryTo('visitor', 0);
    const payload = decryptAes128gcm(delivery.body, device);
    const message = JSON.parse(payload) as PushMessage;
    const oldTime = clockTime(target.starts_at);
    const body = `${spokenDay(wallDate(target.starts_at))}: ${oldTime} → ${newTime}, ${session.venue_name}`;
    expect(message).toMatchObject({ title: session.title, body, session_id: session.id });

    // The push service hands it to the phone's service worker.
    await cdp.send('ServiceWorker.deliverPushMessage', { origin: server.url, registrationId, data: payload });
    const url = `${workPath({ id: session.work_id, ismovie: session.ismovie })}#sessao-${session.id}`;
    await expect.poll(() => shownNotifications(page)).toEqual([{ title: session.title, body, tag: `sessao-${session.id}`, data: { url } }]);

    // A tap opens the session's page from what the device keeps, with the change the push brought.
    // The worker as it runs now (the push may have started it again).
    const worker = context.serviceWorkers().find((w) => w.url().startsWith(server.url)) ?? (await context.waitForEvent('serviceworker'));
    await tapNotification(worker);
    await expect(page).toHaveURL(`${server.url}${url}`);
    await expect(page.getByRole('heading', { level: 1, name: session.title })).toBeVisible();
    await expect(page.locator('.session-change').filter({ hasText: `Mudou: era às ${oldTime}` })).toBeVisible();
    await expect.poll(() => shownNotifications(page)).toEqual([]);

    // Back online, the visitor turns the notices off: the server no longer keeps the device.
    await context.setOffline(false);
    await page.goto(`${server.url}/agenda`);
    await expect(offerSwitch).toHaveAttribute('aria-checked', 'true');
    await offerSwitch.click();
    await expect(offerSwitch).toHaveAttribute('aria-checked', 'false');
    await expect.poll(() => storedSubscription(server.database, endpoint)).toBeNull();
    // The page leaves before the server stops after the story (its background work would meet a 503).
    await page.goto('about:blank');
    forgiveOfflineNoise(consoleProblems);
  } finally {
    await programmer.api.dispose();
  }
});

onSharedServer('after the third star, a note offers the notices once and leads to the switch in "A minha agenda"', async ({ page }) => {
  onSharedServer.setTimeout(90_000);
  const nudge = page.getByRole('complementary', { name: 'Avisos de mudanças' });
  // The star is enabled again only once its tap is settled, the note's turn included.
  await addFromFilmPage(page, ADA);
  await addFromFilmPage(page, MARE);
  await expect(nudge).toHaveCount(0);
  // The third star is tapped at the foot of the screen, where the note comes up.
  await page.goto(`/filme/${DIAS.film}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await star(page, DIAS).evaluate((el) => window.scrollBy(0, el.getBoundingClientRect().bottom - window.innerHeight + 8));
  await star(page, DIAS).click();
  await expect(star(page, DIAS, REMOVE)).toBeEnabled();
  await expect(nudge.getByRole('status')).toHaveText('Já tem 3 sessões na agenda. Quer receber um aviso neste telemóvel se alguma mudar?');
  // The note covers no star on the screen: the next one is a tap away.
  const covered = await page.evaluate(
    () =>
      [...document.querySelectorAll('.agenda-star button')].filter((star) => {
        const box = star.getBoundingClientRect();
        const x = box.left + box.width / 2;
        const y = box.top + box.height / 2;
        if (box.width === 0 || y < 0 || y > window.innerHeight) return false;
        return !star.contains(document.elementFromPoint(x, y));
      }).length,
  );
  expect(covered).toBe(0);
  const axe = await new AxeBuilder({ page }).include('.push-nudge').analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  await nudge.getByRole('link', { name: 'Ligar os avisos em «A minha agenda»' }).click();
  await expect(page).toHaveURL(/\/agenda#avisos$/);
  await expect(page.getByRole('switch', { name: OFFER })).toBeInViewport();
  await expect(page.getByRole('switch', { name: OFFER })).toBeFocused();
  await expect(nudge).toHaveCount(0);

  // Once per device: the agenda back at three stars says nothing again.
  await page.goto(`/filme/${DIAS.film}`);
  await star(page, DIAS, REMOVE).click();
  await expect(star(page, DIAS)).toBeEnabled();
  await star(page, DIAS).click();
  await expect(star(page, DIAS, REMOVE)).toBeEnabled();
  await expect(nudge).toHaveCount(0);
});
