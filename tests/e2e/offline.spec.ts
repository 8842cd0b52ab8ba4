import { expect, forgiveOfflineNoise, newsletterRows, test, waitForHydration } from './fixtures';
import type { Page } from '@playwright/test';
import { waitUntilReadyOffline } from './offline-readiness';

/** Opens a page with signal and waits until the device holds what it needs without. */
async function visitOnline(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await waitForHydration(page);
  await waitUntilReadyOffline(page);
}

test.describe('A festival-goer without signal at the venue', () => {
  test('browses the agenda by city and day and opens films after one online visit', async ({ page, context, consoleProblems }) => {
    await page.goto('/');
    await waitForHydration(page);
    // The first visit installs the worker; a reload lets it control the page.
    await page.reload();
    await waitUntilReadyOffline(page);

    // The worker answers fetches before the connection goes.
    expect(await page.evaluate(async () => (await fetch('/offline-shell.html')).status)).toBe(200);
    await context.setOffline(true);
    await page.goto('/programacao');
    await expect(page.getByRole('heading', { level: 1, name: 'Programação' })).toBeVisible();
    await expect(page.locator('.offline-banner')).toContainText('Está sem ligação à internet.');
    const cities = page.getByRole('navigation', { name: 'Cidades' }).getByRole('button');
    await expect(cities.first()).toHaveText('Lisboa');
    await cities.nth(1).click();
    await expect(cities.nth(1)).toHaveAttribute('aria-pressed', 'true');
    const days = page.locator('.day-strip__day');
    await days.nth(3).click();
    await expect(days.nth(3)).toHaveAttribute('aria-current', 'date');
    // The day's sessions come with the address (the mark is drawn first, in the tap's own frame).
    await expect(page).toHaveURL(/cidade=\d+&dia=d\d+/);
    const event = page.locator('.paged--events .paged__item:not([aria-hidden="true"]) a').first();
    if (await event.count()) {
      const href = (await event.getAttribute('href'))!;
      // The title is tapped: on a phone the card's link is laid out by its parts (display: contents).
      await event.locator('.event-card__title').click();
      await expect(page).toHaveURL(new RegExp(`${href}$`));
      await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Página não encontrada.');
    }

    // A film never opened before renders from IndexedDB too.
    await page.goto('/filme/150');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText('SESSÕES').or(page.getByText('Realização:')).first()).toBeVisible();
    await page.goto('/actividade/205');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText('PARTILHA', { exact: true })).toBeVisible();
    await page.goto('/filmes');
    await expect(page.locator('.paged--films .card__title').first()).toBeVisible();

    // A page never seen says so in Portuguese and leads to the agenda.
    await page.goto('/noticia/310');
    await expect(page.getByText('Sem ligação: esta página ainda não foi guardada neste dispositivo.')).toBeVisible();
    await page.getByRole('link', { name: 'Ver a programação guardada' }).click();
    await expect(page).toHaveURL(/\/programacao$/);
    await context.setOffline(false);
    forgiveOfflineNoise(consoleProblems);
  });

  test('sees the pictures of films never opened, and a drawn place for a picture not kept, never a broken one', async ({
    page,
    context,
    consoleProblems,
  }) => {
    // About a hundred pictures arrive in the background: a busy machine takes its time.
    test.setTimeout(120_000);
    await page.goto('/');
    await waitForHydration(page);
    await page.reload();
    await waitUntilReadyOffline(page);
    // After the programme, the card pictures of every film, activity and news item are kept.
    await expect
      .poll(() => page.evaluate(async () => (await (await caches.open('festa-card-images')).keys()).length), { timeout: 90_000 })
      .toBeGreaterThanOrEqual(50);
    await context.setOffline(true);

    /** Every picture on the page has loaded something: its own image, or the drawn placeholder. */
    const pictures = () =>
      page.locator('main img').evaluateAll((images) =>
        images.map((element) => {
          const image = element as HTMLImageElement;
          return {
            broken: image.complete && image.naturalWidth === 0,
            real: image.currentSrc.includes('/media/') && !image.classList.contains('image--missing'),
            missing: image.classList.contains('image--missing'),
          };
        }),
      );
    await page.goto('/filmes');
    await expect(page.locator('.paged--films .card__title').first()).toBeVisible();
    await expect.poll(async () => (await pictures()).filter((p) => p.real).length).toBeGreaterThan(0);
    await expect.poll(async () => (await pictures()).filter((p) => p.broken).length).toBe(0);

    // A film page never opened: its large picture was never kept, so its place is drawn instead.
    await page.goto('/filme/150');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('.detail-hero__image.image--missing')).toHaveCount(1);
    await expect.poll(async () => (await pictures()).filter((p) => p.broken).length).toBe(0);
    await context.setOffline(false);
    forgiveOfflineNoise(consoleProblems);
  });

  test('reopens a page visited online from the copy kept by the service worker', async ({ page, context, consoleProblems }) => {
    await visitOnline(page, '/noticias');
    const first = await page.locator('.card__title').first().textContent();
    await page.goto('/equipa');
    await context.setOffline(true);
    await page.goto('/noticias');
    await expect(page.getByRole('heading', { level: 1, name: 'NOTICIAS' })).toBeVisible();
    await expect(page.locator('.card__title').first()).toHaveText(first!);
    await context.setOffline(false);
    forgiveOfflineNoise(consoleProblems);
  });

  test('sends a subscription kept offline as soon as the connection returns, once', async ({ page, context, consoleProblems }) => {
    await visitOnline(page, '/newsletter');
    await context.setOffline(true);
    const email = `volta-${test.info().project.name}-${Date.now()}@example.pt`;
    await page.getByLabel('E-mail', { exact: true }).fill(email);
    await page.getByLabel('Cidade').fill('Porto');
    await page.getByRole('button', { name: 'Subscrever' }).click();
    await expect(page.getByText('Sem ligação: guardado, será enviado quando voltar a ter ligação.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Enviar agora' })).toBeVisible();
    await context.setOffline(false);
    // The `online` event (or Background Sync) flushes the outbox; the notice goes away.
    await expect(page.getByText('envio guardado')).toHaveCount(0, { timeout: 15_000 });
    await expect.poll(() => newsletterRows(email)).toBe(1);
    forgiveOfflineNoise(consoleProblems);
  });

  test('a journalist keeps the whole presskit and opens its files without signal', async ({ page, context, consoleProblems }) => {
    await visitOnline(page, '/presskit');
    await page.getByRole('button', { name: 'Guardar tudo no dispositivo' }).click();
    // Done is said as a status in full colour, never as a greyed button.
    await expect(page.getByRole('status').filter({ hasText: 'Tudo guardado no dispositivo' })).toBeVisible();
    await expect(page.getByRole('button', { name: /Guardar tudo/ })).toHaveCount(0);
    // The press releases were kept too (501 is one): the kept file's own button says so.
    await page.goto('/comunicados');
    await expect(page.getByRole('status').filter({ hasText: 'Tudo guardado no dispositivo' })).toBeVisible();
    const release = page.locator('.press-item').first();
    await expect(release.getByRole('button', { name: /^Guardado no dispositivo/ })).toHaveAttribute('aria-pressed', 'true');
    // Forgetting one puts it out of reach offline (below).
    await release.getByRole('button', { name: /^Guardado no dispositivo/ }).click();
    await expect(release.getByRole('button', { name: /^Guardar no dispositivo/ })).toBeVisible();
    const forgotten = (await release.locator('.download__button').getAttribute('href'))!;
    await page.goto('/presskit');
    await expect(page.getByText(/^Espaço usado neste dispositivo: \d+(,\d)? [KMG]?B( de \d+(,\d)? [KMGT]?B)?\.$/)).toBeVisible();
    const hrefs = await page
      .locator('.download__button')
      .evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).getAttribute('href')!));
    expect(hrefs.length).toBeGreaterThan(0);
    await context.setOffline(true);
    const answers = await page.evaluate(
      async (urls) =>
        Promise.all(
          urls.map(async (url) => {
            const response = await fetch(url);
            const start = new Uint8Array(await response.arrayBuffer()).slice(0, 5);
            return `${response.status} ${String.fromCharCode(...start)}`;
          }),
        ),
      hrefs,
    );
    expect(answers.every((a) => a === '200 %PDF-')).toBe(true);
    // The answers above came from the device; the one file forgotten is no longer kept there.
    const stillKept = await page.evaluate(async (url) => Boolean(await (await caches.open('festa-press-files')).match(url)), forgotten);
    expect(stillKept).toBe(false);
    await context.setOffline(false);
    forgiveOfflineNoise(consoleProblems);
  });
});
