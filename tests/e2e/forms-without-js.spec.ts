/**
 * Forms before (and without) JavaScript: each form is a real POST to its own page, answered by
 * the server with the page and the outcome; nothing personal ever goes into the URL. Typed before
 * hydration, the values survive it and Formik sends them.
 */
import { SQLite as Database } from '../../server/db/sqlite-driver';
import { expect, filmWithSessionToCome, test, waitForHydration } from './fixtures';

/** How many accreditation requests the server stored for an email (read from its database). */
function accreditationRows(email: string): number {
  const db = new Database(process.env.E2E_DATABASE, { readonly: true, fileMustExist: true });
  try {
    return (db.prepare('SELECT COUNT(*) AS n FROM accreditation_requests WHERE email = ?').get(email) as { n: number }).n;
  } finally {
    db.close();
  }
}

/** How many ticket requests the server stored for an email. */
function ticketRows(email: string): number {
  const db = new Database(process.env.E2E_DATABASE, { readonly: true, fileMustExist: true });
  try {
    return (db.prepare('SELECT COUNT(*) AS n FROM ticket_requests WHERE email = ?').get(email) as { n: number }).n;
  } finally {
    db.close();
  }
}

const unique = (name: string) => `${name}-${test.info().project.name}-${Date.now()}@exemplo.pt`;

test.describe('Without JavaScript, a journalist requests accreditation', () => {
  test.use({ javaScriptEnabled: false });

  test('the form posts to its page, which says it was sent; the URL carries nothing', async ({ page, consoleProblems }) => {
    const email = unique('sem-js');
    const response = await page.goto('/acreditacoes');
    expect(response?.status()).toBe(200);
    const form = page.locator('form[action="/acreditacoes"]');
    await expect(form).toHaveAttribute('method', 'post');

    // An invalid request first: the page answers with the messages and keeps what was typed.
    await page.getByLabel('Nome*').fill('Maria Silva');
    await page.getByLabel('Email*').fill('maria@exemplo');
    await page.getByLabel('Telefone*').fill('+351 912 345 678');
    await page.getByRole('button', { name: 'Enviar' }).click();
    await expect(page.getByText('Campo Entidade é obrigatório.', { exact: true })).toBeVisible();
    await expect(page.getByText('Endereço de email inválido.', { exact: true })).toBeVisible();
    await expect(page.getByLabel('Nome*')).toHaveValue('Maria Silva');
    expect(new URL(page.url()).search).toBe('');
    // The browser logs the page's own 400 answer: expected here, and only that once.
    const refused = consoleProblems.filter((problem) => problem.includes('status of 400'));
    expect(refused).toHaveLength(1);
    consoleProblems.splice(consoleProblems.indexOf(refused[0]!), 1);

    await page.getByLabel('Entidade*').fill('Jornal de Cinema');
    await page.getByLabel('Email*').fill(email);
    await page.getByRole('button', { name: 'Enviar' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Pedido enviado com sucesso.' })).toHaveText('Pedido enviado com sucesso.');
    const url = new URL(page.url());
    expect(url.pathname).toBe('/acreditacoes');
    expect(url.search).toBe('');
    expect(page.url()).not.toContain('@');
    expect(page.url()).not.toContain('name=');
    expect(accreditationRows(email)).toBe(1);
  });
});

test.describe('Without JavaScript, a festival-goer asks for tickets on a film page', () => {
  test.use({ javaScriptEnabled: false });

  // The browser's film page hydrates without the form's code (src/screens/film/ticket-request.tsx):
  // the server's HTML must stay a whole form on its own.
  test('the form the server sent posts to the film page, which says it was sent', async ({ page, request }) => {
    const email = unique('bilhetes-sem-js');
    const target = await filmWithSessionToCome(request);
    const response = await page.goto(`/filme/${target.film}`);
    expect(response?.status()).toBe(200);
    const form = page.locator(`form[action="/filme/${target.film}"]`);
    await expect(form).toHaveAttribute('method', 'post');
    await form.getByLabel('Sessão*').selectOption(target.session);
    await form.getByLabel('Nome*').fill('Paulo Gaspar');
    await form.getByLabel('E-mail*').fill(email);
    await form.getByLabel('Bilhetes*').selectOption('2');
    await form.getByRole('button', { name: 'Pedir bilhetes' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Pedido de bilhetes enviado com sucesso.' })).toHaveText(
      'Pedido de bilhetes enviado com sucesso.',
    );
    expect(new URL(page.url()).pathname).toBe(`/filme/${target.film}`);
    expect(new URL(page.url()).search).toBe('');
    expect(ticketRows(email)).toBe(1);
  });
});

test.describe('A visitor types in the newsletter form before the page is hydrated', () => {
  test('keeps what was typed once hydrated, and subscribes', async ({ page }) => {
    const email = unique('cedo');
    // Hold the entry script back until the visitor has typed.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    await page.goto('/newsletter', { waitUntil: 'commit' });
    const emailField = page.getByLabel('E-mail', { exact: true });
    const cityField = page.getByLabel('Cidade', { exact: true });
    await emailField.fill(email);
    await cityField.fill('Lisboa');
    const hydrated = await page.evaluate(() => Object.keys(document.getElementById('root')!).some((k) => k.startsWith('__reactContainer')));
    expect(hydrated).toBe(false);

    release();
    await waitForHydration(page);
    await expect(emailField).toHaveValue(email);
    await expect(cityField).toHaveValue('Lisboa');
    await page.getByRole('button', { name: 'Subscrever' }).click();
    await expect(
      page.getByText('Obrigado por subscrever a newsletter. Em breve começará a receber regularmente as nossas publicações.', {
        exact: true,
      }),
    ).toBeVisible();
    expect(new URL(page.url()).search).toBe('');
    await expect(page.getByText('Falta a cidade')).toHaveCount(0);
  });
});
