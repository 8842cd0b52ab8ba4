/**
 * The app's modules that every page runs before it hydrates: src/shell/entry-client.tsx and what it
 * imports statically, directly or not (a dynamic `import()` is a chunk of its own, loaded later).
 * Read from the sources' import statements, so that Lingui's config can put these modules' words in
 * the catalog that loads with the entry (lingui.config.ts); the build puts the same modules in its
 * boot chunk (vite.config.ts, from the bundler's own graph), and tests/server/js-weight.test.ts
 * holds the two to the entry's budget.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const ROOT = join(import.meta.dirname, '..');
/** Static imports and re-exports (`import x from './y'`, `export { z } from './w'`, `import './style.css'`); not `import type`. */
const STATIC_IMPORT = /^\s*(?:import|export)\s+(?!type\s)(?:[^'"`;]*?\sfrom\s+)?['"](\.{1,2}\/[^'"]+)['"]/gm;

function resolveModule(from: string, specifier: string): string | null {
  const base = resolve(dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (/\.(ts|tsx)$/.test(candidate) && existsSync(candidate)) return candidate;
  }
  return null;
}

/** The entry's static closure, as paths relative to the repository ('src/layout/layout.tsx'). */
export function entryModules(entry = 'src/shell/entry-client.tsx'): string[] {
  const seen = new Set<string>();
  const queue = [join(ROOT, entry)];
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const match of readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)) {
      const target = resolveModule(file, match[1]!);
      if (target) queue.push(target);
    }
  }
  return [...seen].map((file) => relative(ROOT, file)).sort();
}
