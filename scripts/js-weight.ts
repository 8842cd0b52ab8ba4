/**
 * The JavaScript a page loads before it is interactive, from the build's Vite manifest: the entry
 * with every chunk it imports statically (all fetched and run before hydration), and for each page
 * the same plus its own code-split chunk (preloaded before the first render). Sizes are gzip, as
 * sent. Build output, not timing: the same build always gives the same figures.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
}

export interface JsWeight {
  /** The entry and its static imports, gzip bytes. */
  entry: number;
  /** The npm packages bundled into the entry and its static imports (from the source maps). */
  entryPackages: string[];
  /** Each page (its source file) with the entry: gzip bytes. */
  pages: Record<string, number>;
  /** The npm packages each page loads before it is interactive, the entry's among them. */
  pagePackages: Record<string, string[]>;
  /** The entry with each language's catalog of the frame's words (src/common/i18n/catalogs/<locale>.ts), as every page in that language loads it: gzip bytes. */
  locales: Record<string, number>;
  /** Each language's catalog of the other words (catalogs/pages/<locale>.ts: the pages' and what loads later), fetched beside a page's chunk: gzip bytes. */
  pageWords: Record<string, number>;
}

export function jsWeight(clientDir: string): JsWeight {
  const manifest = JSON.parse(readFileSync(join(clientDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  const sizes = new Map<string, number>();
  const gzipSize = (file: string) => {
    if (!sizes.has(file)) sizes.set(file, gzipSync(readFileSync(join(clientDir, file)), { level: 9 }).length);
    return sizes.get(file)!;
  };
  const closure = (key: string, into = new Set<string>()) => {
    if (into.has(key)) return into;
    into.add(key);
    for (const imported of manifest[key]?.imports ?? []) closure(imported, into);
    return into;
  };
  const total = (keys: Set<string>) => [...keys].reduce((sum, key) => sum + (manifest[key] ? gzipSize(manifest[key].file) : 0), 0);

  const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry && manifest[key]!.file.endsWith('.js'));
  if (!entryKey) throw new Error('O manifesto da build não tem entrada JavaScript.');
  const entryKeys = closure(entryKey);
  const packagesOf = (keys: Set<string>) => {
    const packages = new Set<string>();
    for (const key of keys) {
      // A chunk of the bundler's own runtime has no source map: it holds no package.
      const mapFile = join(clientDir, `${manifest[key]!.file}.map`);
      if (!existsSync(mapFile)) continue;
      const map = JSON.parse(readFileSync(mapFile, 'utf8')) as { sources: string[] };
      for (const source of map.sources) {
        const name = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source)?.[1];
        if (name) packages.add(name);
      }
    }
    return [...packages].sort();
  };
  const pages: Record<string, number> = {};
  const pagePackages: Record<string, string[]> = {};
  for (const [key, chunk] of Object.entries(manifest)) {
    if (!chunk.isDynamicEntry || !chunk.src?.startsWith('src/screens/')) continue;
    const keys = closure(key, new Set(entryKeys));
    pages[chunk.src] = total(keys);
    pagePackages[chunk.src] = packagesOf(keys);
  }
  const locales: Record<string, number> = {};
  const pageWords: Record<string, number> = {};
  for (const [key, chunk] of Object.entries(manifest)) {
    const [, later, locale] = /^src\/common\/i18n\/catalogs\/(pages\/)?([^/]+)\.ts$/.exec(chunk.src ?? '') ?? [];
    if (!locale) continue;
    if (later) pageWords[locale] = gzipSize(chunk.file);
    else locales[locale] = total(closure(key, new Set(entryKeys)));
  }
  return { entry: total(entryKeys), entryPackages: packagesOf(entryKeys), pages, pagePackages, locales, pageWords };
}
