/**
 * The e2e test fixture: a page that fails its test on any console error, page error, or React
 * hydration warning.
 */
import { test as base, expect, type Page } from '@playwright/test';
import Database from 'better-sqlite3';

export const test = base.extend<{ consoleProblems: string[] }>({
  consoleProblems: [
    async ({ page }, use) => {
      const problems: string[] = [];
      page.on('console', (message) => {
        const text = message.text();
        // A page that is meant to answer 404 logs its own status; that is not a problem.
        if (text.includes('status of 404') && message.location().url === page.url()) return;
        if (message.type() === 'error' || /hydrat/i.test(text)) problems.push(`${message.type()}: ${text}`);
      });
      page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
      await use(problems);
      expect(problems, 'console errors or hydration warnings').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** Waits until React has hydrated the server-rendered page (the root's fiber is attached). */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const root = document.getElementById('root');
    return !!root && Object.keys(root).some((k) => k.startsWith('__reactContainer'));
  });
}

/** How many newsletter subscriptions the server stored for an email (read from its database). */
export function newsletterRows(email: string): number {
  const db = new Database(process.env.E2E_DATABASE, { readonly: true, fileMustExist: true });
  try {
    return (db.prepare('SELECT COUNT(*) AS n FROM newsletter_subscriptions WHERE email = ?').get(email) as { n: number }).n;
  } finally {
    db.close();
  }
}
