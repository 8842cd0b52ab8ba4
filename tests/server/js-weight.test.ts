/**
 * The JavaScript a page loads before it is interactive (scripts/js-weight.ts reads the build's
 * manifest): the data layer, the worker's registration and form code stay out of the first load,
 * and no page grows past its budget. Sizes of the build, not timings: they do not vary by machine.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { entryModules } from '../../scripts/entry-modules';
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

  it("hydrates the film page without its ticket form's Formik and Yup (loaded once the form is near: src/screens/film/ticket-request.tsx)", () => {
    const { pagePackages } = jsWeight(client);
    const film = pagePackages['src/screens/film/film-page.tsx'];
    expect(film, 'the film page in the manifest').toBeDefined();
    for (const later of ['formik', 'yup']) expect(film, `${later} is loaded before the film page is interactive`).not.toContain(later);
    expect(pagePackages['src/screens/film/ticket-request-form.tsx']).toEqual(expect.arrayContaining(['formik', 'yup']));
  });

  it("stays within the budgets: the entry with its language's frame words at most 100 KiB gzip for /, /en/ and /it/, no page in any language above 150 KiB", () => {
    const { entry, pages, locales, pageWords } = jsWeight(client);
    expect(Object.keys(locales).sort()).toEqual(['en', 'it', 'pt-PT']);
    expect(Object.keys(pageWords).sort()).toEqual(['en', 'it', 'pt-PT']);
    for (const [locale, bytes] of Object.entries(locales)) {
      expect(bytes, locale).toBeGreaterThan(entry);
      expect(bytes / KIB, locale).toBeLessThanOrEqual(100);
      const heaviest = Math.max(...Object.values(pages)) - entry + bytes + pageWords[locale]!;
      expect(heaviest / KIB, `the heaviest page in ${locale}`).toBeLessThanOrEqual(150);
    }
    expect(Object.keys(pages).length).toBeGreaterThan(15);
    for (const [page, bytes] of Object.entries(pages)) expect(bytes / KIB, page).toBeLessThanOrEqual(150);
  });

  it('comes after the first paint: a server-rendered page fetches it at low priority, the offline shell (empty until it runs) does not', () => {
    const scripts = (file: string) =>
      readFileSync(join(client, file), 'utf8').match(/<script type="module"[^>]*>|<link rel="modulepreload"[^>]*>/g) ?? [];
    const page = scripts('index.html');
    expect(page.length).toBeGreaterThan(1);
    for (const tag of page) expect(tag).toContain('fetchpriority="low"');
    const shell = scripts('offline-shell.html');
    expect(shell.length).toBe(page.length);
    for (const tag of shell) expect(tag).not.toContain('fetchpriority');
  });
});

describe("the entry's words", () => {
  it('load with exactly the modules the build puts in the boot chunk (scripts/entry-modules.ts read from the imports, the build from its graph)', () => {
    const root = join(import.meta.dirname, '../..');
    const assets = join(client, 'assets');
    const map = readdirSync(assets).find((file) => /^boot-[\w-]+\.js\.map$/.test(file));
    expect(map, 'the boot chunk and its source map in dist/client/assets').toBeDefined();
    const { sources } = JSON.parse(readFileSync(join(assets, map!), 'utf8')) as { sources: string[] };
    const built = sources.map((source) => relative(root, resolve(assets, source))).filter((path) => /^src\/.*\.tsx?$/.test(path));
    expect(built.length).toBeGreaterThan(20);
    expect(built.sort()).toEqual(entryModules());
  });
});
