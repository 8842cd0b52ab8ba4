/**
 * Lingui's macros (`<Trans>`, `msg`, `useLingui` from `@lingui/*\/macro`) compiled by Babel in every
 * Vite build and Vitest project, and only in the files that import one: the rest goes through Vite's
 * own transform untouched (docs/decisions/2026-12-06-i18n-library.md).
 */
import babel, { defineRolldownBabelPreset } from '@rolldown/plugin-babel';

const macros = defineRolldownBabelPreset({
  preset: () => ({ plugins: ['@lingui/babel-plugin-lingui-macro'] }),
  rolldown: { filter: { id: /\.[jt]sx?$/, code: /@lingui\/(?:core|react)\/macro/ } },
});

export const linguiMacros = () => babel({ presets: [macros] });
