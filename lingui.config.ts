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
  catalogs: [
    {
      path: `${catalogs}/{locale}`,
      include: ['<rootDir>/src', '<rootDir>/server'],
      exclude: ['**/node_modules/**', '<rootDir>/src/gestao/**'],
    },
  ],
  format: formatter({ lineNumbers: false }),
  compileNamespace: 'ts',
  // A message missing from English or Italian is an error of the catalog test, never a silent fallback.
  fallbackLocales: false,
});
