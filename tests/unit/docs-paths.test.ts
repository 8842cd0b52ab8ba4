/**
 * The README and the pages in docs/ name files to open first; a moved or renamed file must not
 * leave them pointing at nothing. Every `path` in backticks that starts at a top folder of the
 * repository (src/, server/, tests/ …) must exist, as a file or a folder; a `:line` or `#anchor`
 * after it, and patterns (`*`, `<screen>`, `…`), are not checked. Decision records are left out:
 * each tells what was true when it was written.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const TOP_FOLDERS = ['src', 'server', 'sw', 'tests', 'scripts', 'deploy', 'docs', 'public', '.ci'];
const PAGES = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs'), { encoding: 'utf8' })
    .filter((name) => name.endsWith('.md'))
    .map((name) => join('docs', name)),
];

function namedPaths(text: string): string[] {
  const paths = new Set<string>();
  for (const [, quoted] of text.matchAll(/`([^`\n]+)`/g)) {
    for (const token of quoted!.split(/[\s,()]+/)) {
      const path = token.replace(/[:#].*$/, '').replace(/[.;]$/, '');
      if (!TOP_FOLDERS.some((top) => path.startsWith(`${top}/`))) continue;
      if (/[*<>…{}$]/.test(path)) continue;
      paths.add(path);
    }
  }
  return [...paths];
}

describe('the paths the README and docs/ name', () => {
  it.each(PAGES)('%s names only files and folders that exist', (page) => {
    const missing = namedPaths(readFileSync(join(ROOT, page), 'utf8')).filter((path) => !existsSync(join(ROOT, path)));
    expect(missing).toEqual([]);
  });
});
