/**
 * The back office's catalog (docs/decisions/2026-12-06-i18n-library.md): its pt-PT texts, the
 * React screens' (src/gestao, macros) and the words src/common/gestao gives them (descriptors), in a
 * catalog of their own beside the visitor's. pt-PT only: a later language for the staff is one
 * more locale here and its PO file (`npm run i18n:extract` writes it), nothing in the code.
 */
import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

/** The back office's words outside its folders: Yup's defaults for its schemas, and the programmer's desk's clashes. */
export const BACK_OFFICE_ELSEWHERE = [
  '<rootDir>/src/common/forms/yup-locale.ts',
  '<rootDir>/src/common/programme/clash-acceptance.ts',
  '<rootDir>/src/common/programme/programme-clash-rules.ts',
];

const catalogs = process.env.LINGUI_CATALOGS ?? '<rootDir>/src/common/i18n/catalogs';

// Typed by defineConfig itself: its inferred type names @lingui/conf, a package of the CLI's own.
const config: ReturnType<typeof defineConfig> = defineConfig({
  sourceLocale: 'pt-PT',
  locales: ['pt-PT'],
  catalogs: [
    { path: `${catalogs}/gestao/{locale}`, include: ['<rootDir>/src/gestao', '<rootDir>/src/common/gestao', ...BACK_OFFICE_ELSEWHERE] },
  ],
  format: formatter({ lineNumbers: false }),
  compileNamespace: 'ts',
  // By id: the back office's descriptors share texts ('texto', 'âmbito'), and ordered by text alone
  // their order changed from one extraction to the next.
  orderBy: 'messageId',
  fallbackLocales: false,
});

export default config;
