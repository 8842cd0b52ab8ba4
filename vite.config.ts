import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { linguiMacros } from './scripts/lingui-macros';
import { webManifest } from './src/common/pwa/web-manifest';
import { i18nIn } from './src/common/i18n/all-catalogs';
import { INSTALL_CAPTURE_PLACEHOLDER, INSTALL_CAPTURE_SCRIPT } from './src/common/pwa/install-capture';

/**
 * The two pages made from the built template (index.html), both with the install capture written
 * into their <head> (src/common/pwa/install-capture.ts):
 * - the offline app shell, its server placeholders removed: the service worker precaches it and
 *   answers with it for pages never visited, and the client renders the page from IndexedDB;
 * - the template the server renders into, with the app's scripts (the entry and the modules it
 *   imports) at low fetch priority: a server-rendered page is readable before they run, so on a
 *   slow connection the document, the stylesheet and the poster come first and the first paint
 *   waits for none of the JavaScript. The shell, empty until the app runs, keeps the usual priority.
 */
function pageTemplates(): Plugin {
  return {
    name: 'festa-page-templates',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (!index || index.type !== 'asset') return;
      const built = String(index.source);
      if (!built.includes(INSTALL_CAPTURE_PLACEHOLDER)) this.error(`index.html has no ${INSTALL_CAPTURE_PLACEHOLDER}`);
      const template = built.replace(INSTALL_CAPTURE_PLACEHOLDER, `<script>${INSTALL_CAPTURE_SCRIPT}</script>`);
      const shell = template
        .replace('<!--app-head-->', '<title>8½ Festa do Cinema Italiano</title>')
        .replace('<!--app-html-->', '')
        .replace('<!--app-data-->', '');
      this.emitFile({ type: 'asset', fileName: 'offline-shell.html', source: shell });
      index.source = template
        .replace(/<script type="module" crossorigin src=/g, '<script type="module" crossorigin fetchpriority="low" src=')
        .replace(/<link rel="modulepreload" crossorigin href=/g, '<link rel="modulepreload" crossorigin fetchpriority="low" href=');
    },
  };
}

const ENTRY = fileURLToPath(new URL('./src/shell/entry-client.tsx', import.meta.url));

/**
 * The modules the entry imports statically, directly or not: all of them run before hydration, so
 * they go into one chunk (see codeSplitting below). Computed once per build from the module graph.
 */
function entryModules(): (id: string, ctx: { getModuleInfo(id: string): { importedIds: readonly string[] } | null }) => string | null {
  let closure: Set<string> | null = null;
  return (id, ctx) => {
    if (!closure) {
      closure = new Set();
      const queue = [ENTRY];
      while (queue.length) {
        const next = queue.pop()!;
        if (closure.has(next)) continue;
        closure.add(next);
        queue.push(...(ctx.getModuleInfo(next)?.importedIds ?? []));
      }
    }
    return closure.has(id) ? 'boot' : null;
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    react(),
    linguiMacros(),
    ...(isSsrBuild
      ? []
      : [
          pageTemplates(),
          VitePWA({
            strategies: 'injectManifest',
            srcDir: 'sw',
            filename: 'service-worker.ts',
            injectRegister: false,
            registerType: 'prompt',
            manifestFilename: 'manifest.webmanifest',
            injectManifest: {
              // The shell: hashed JS and CSS, the offline page, icons. Never the template the server
              // renders into, never the service worker itself, never content media (runtime-cached).
              globPatterns: ['assets/**/*.{js,css,woff2}', 'offline-shell.html', 'favicon.svg'],
              globIgnores: ['**/index.html', '**/service-worker.js', 'screenshots/**'],
              maximumFileSizeToCacheInBytes: 400 * 1024,
            },
            // The pt-PT manifest; English and Italian are the server's (src/common/pwa/web-manifest.ts).
            manifest: webManifest('pt-PT', i18nIn('pt-PT')),
            devOptions: { enabled: false },
          }),
        ]),
  ],
  build: isSsrBuild
    ? { outDir: 'dist/server', emptyOutDir: true, sourcemap: true }
    : {
        outDir: 'dist/client',
        emptyOutDir: true,
        manifest: true,
        sourcemap: true,
        // Stylesheets sit beside their components, lazy pages' too: one file still holds every rule, so
        // a page needs one stylesheet link and the offline shell styles every page it may render.
        cssCodeSplit: false,
        rollupOptions: {
          output: {
            // The entry's static imports in one chunk, not a dozen: every page loads them all before
            // hydrating, and one file compresses better than many (each with its own imports and exports).
            // Shared chunks of the pages (loaded later) are split as before.
            codeSplitting: { groups: [{ name: entryModules(), debugName: 'boot' }] },
            // That one file keeps the name it had as the entry's stylesheet (index-[hash].css).
            assetFileNames: (asset) =>
              asset.names.includes('style.css') ? 'assets/index-[hash][extname]' : 'assets/[name]-[hash][extname]',
          },
        },
      },
}));
