/**
 * Lingui's catalogs (docs/decisions/2026-12-06-i18n-library.md): the pt-PT texts in the code are the
 * source messages; `npx lingui extract` writes them into one PO file per language, `npx lingui
 * compile` turns each into the TypeScript module the app loads (src/common/i18n/catalogs/<locale>.ts).
 */
import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';
import { entryModules } from './scripts/entry-modules';
import { BACK_OFFICE_ELSEWHERE } from './lingui.gestao.config';

/** Where the catalogs are: `npm run lint` extracts into a copy elsewhere, to find them stale (scripts/i18n-catalog.ts). */
const catalogs = process.env.LINGUI_CATALOGS ?? '<rootDir>/src/common/i18n/catalogs';

const ENTRY = entryModules().map((file) => `<rootDir>/${file}`);

// Typed by defineConfig itself: its inferred type names @lingui/conf, a package of the CLI's own.
const config: ReturnType<typeof defineConfig> = defineConfig({
  sourceLocale: 'pt-PT',
  locales: ['pt-PT', 'en', 'it'],
  // Two catalogs per language: the words of the modules every page runs before it hydrates (the
  // entry's, scripts/entry-modules.ts), loaded with the entry and counted in its budget; and every
  // other word (the pages', what loads after hydration, the server's), a chunk of its own fetched
  // beside the page's chunk. The back office's words are in a catalog of their own (lingui.gestao.config.ts).
  catalogs: [
    { path: `${catalogs}/{locale}`, include: ENTRY },
    {
      path: `${catalogs}/pages/{locale}`,
      include: ['<rootDir>/src', '<rootDir>/server'],
      exclude: ['**/node_modules/**', '<rootDir>/src/gestao/**', '<rootDir>/src/common/gestao/**', ...BACK_OFFICE_ELSEWHERE, ...ENTRY],
    },
  ],
  format: formatter({ lineNumbers: false }),
  compileNamespace: 'ts',
  // A message missing from English or Italian is an error of the catalog test, never a silent fallback.
  fallbackLocales: false,
});

export default config;
