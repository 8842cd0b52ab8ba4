/**
 * The JavaScript a page loads before it is interactive (scripts/js-weight.ts reads the build's
 * manifest): the data layer, the worker's registration and form code stay out of the first load,
 * and no page grows past its budget. Sizes of the build, not timings: they do not vary by machine.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { jsWeight } from '../../scripts/js-weight';

const client = join(import.meta.dirname, '../../dist/client');
const KIB = 1024;

describe('the JavaScript before a page is interactive', () => {
  it('is measured on a build (npm test builds before testing)', () => {
    expect(existsSync(join(client, '.vite', 'manifest.json')), 'dist/client/.vite/manifest.json: run npm run build').toBe(true);
  });

  it('keeps IndexedDB, the service worker, forms and their validation, calendar and QR code out of the entry', () => {
    const { entryPackages } = jsWeight(client);
    expect(entryPackages).toContain('react-dom');
    for (const later of ['dexie', 'dexie-react-hooks', 'workbox-window', 'formik', 'yup', 'ical-generator', 'qrcode']) {
      expect(entryPackages, `${later} is loaded before the page is interactive`).not.toContain(later);
    }
  });

  it('stays within the budgets: no page above 150 KiB gzip, the entry at most 100 KiB', () => {
    const { entry, pages } = jsWeight(client);
    expect(entry / KIB).toBeLessThanOrEqual(100);
    expect(Object.keys(pages).length).toBeGreaterThan(15);
    for (const [page, bytes] of Object.entries(pages)) expect(bytes / KIB, page).toBeLessThanOrEqual(150);
  });
});
