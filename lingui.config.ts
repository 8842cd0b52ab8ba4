/**
 * Lingui's catalogs (docs/decisions/2026-12-06-i18n-library.md): the pt-PT texts in the code are the
 * source messages; `npx lingui extract` writes them into one PO file per language, `npx lingui
 * compile` turns each into the TypeScript module the app loads (src/common/i18n/catalogs/<locale>.ts).
 */
import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

/** Where the catalogs are: `npm run lint` extracts into a copy elsewhere, to find them stale (scripts/i18n-catalog.ts). */
const catalogs = process.env.LINGUI_CATALOGS ?? '<rootDir>/src/common/i18n/catalogs';

export default defineConfig({
  sourceLocale: 'pt-PT',
  locales: ['pt-PT', 'en', 'it'],
  // Two catalogs per language: the words of the app's frame (layout, notices, shared parts, the
  // server's), loaded with the entry by every page, and the screens' words, loaded beside the page's
  // own chunk: the entry's budget does not carry every page's text.
  catalogs: [
    {
      path: `${catalogs}/{locale}`,
      include: ['<rootDir>/src', '<rootDir>/server'],
      exclude: ['**/node_modules/**', '<rootDir>/src/gestao/**', '<rootDir>/src/screens/**'],
    },
    {
      path: `${catalogs}/screens/{locale}`,
      include: ['<rootDir>/src/screens'],
    },
  ],
  format: formatter({ lineNumbers: false }),
  compileNamespace: 'ts',
  // A message missing from English or Italian is an error of the catalog test, never a silent fallback.
  fallbackLocales: false,
});
