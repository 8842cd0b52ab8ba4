/**
 * The source tree shows its architecture and keeps it: no folder of code holds more than 25 files
 * (a bigger one is split by what its files are for), no two source files share a name while doing
 * different jobs, and the festival's time zone is named in one file only (every other part asks
 * src/common/time/lisbon-time.ts). The seed's pictures and the compiled catalogs (one module per
 * language, named by it, compiled by Lingui) are data, not code, and are left out.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const SOURCE_ROOTS = ['src', 'server', 'sw', 'scripts'];
const DATA_FOLDERS = ['server/content/media', 'src/common/i18n/catalogs'];
const MAX_FILES_PER_FOLDER = 25;

interface Folder {
  path: string;
  files: string[];
}

function foldersUnder(path: string): Folder[] {
  if (DATA_FOLDERS.some((data) => path === data || path.startsWith(`${data}/`))) return [];
  const entries = readdirSync(join(ROOT, path), { withFileTypes: true });
  const files = entries.filter((e) => e.isFile()).map((e) => join(path, e.name));
  const below = entries.filter((e) => e.isDirectory()).flatMap((e) => foldersUnder(join(path, e.name)));
  return [{ path, files }, ...below];
}

const folders = SOURCE_ROOTS.flatMap(foldersUnder);
const codeFiles = folders.flatMap((f) => f.files).filter((file) => /\.(ts|tsx)$/.test(file));

describe('the source tree', () => {
  it('walks the folders of code it means to (a check that cannot miss them all)', () => {
    expect(folders.length).toBeGreaterThan(40);
    expect(codeFiles.length).toBeGreaterThan(300);
  });

  it(`holds no folder of more than ${MAX_FILES_PER_FOLDER} files`, () => {
    const crowded = folders.filter((f) => f.files.length > MAX_FILES_PER_FOLDER).map((f) => `${f.path}: ${f.files.length}`);
    expect(crowded).toEqual([]);
  });

  it('gives no two source files the same name', () => {
    const byName = new Map<string, string[]>();
    for (const file of codeFiles) byName.set(basename(file), [...(byName.get(basename(file)) ?? []), relative(ROOT, join(ROOT, file))]);
    expect([...byName.values()].filter((paths) => paths.length > 1)).toEqual([]);
  });

  it('names the festival’s time zone in one file', () => {
    const naming = codeFiles.filter((file) => readFileSync(join(ROOT, file), 'utf8').includes('Europe/Lisbon'));
    expect(naming).toEqual(['src/common/time/lisbon-time.ts']);
  });
});
