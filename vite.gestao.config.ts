import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { linguiMacros } from './scripts/lingui-macros';

/**
 * The back office (/gestao) is a build of its own: its entry, chunks and stylesheet live in
 * dist/gestao, so no public page and no service worker precache ever downloads any of it. Rendered
 * in the browser only: staff pages need no search engine and no offline copy.
 */
export default defineConfig({
  // The screens' words are Lingui macros (lingui.gestao.config.ts), compiled as the public build does.
  plugins: [linguiMacros(), react()],
  base: '/gestao/',
  // The public site's files (icons, screenshots) are served by the site itself.
  publicDir: false,
  build: {
    outDir: 'dist/gestao',
    emptyOutDir: true,
    sourcemap: true,
    rollupOptions: { input: 'gestao.html' },
  },
});
