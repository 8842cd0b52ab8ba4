/**
 * The layers of .dependency-cruiser.mjs, the rules `npm run lint` checks, hold them: the real tree
 * breaks none, and a small tree of its own breaks each rule by name (a wrong-way import, an
 * `import type` the wrong way, a circle, heavy work reached past its interface, the collections
 * importing what is derived from them), while a circle closed by a lazy import() (a route module
 * and its page) is no circle.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { cruise, type ICruiseOptions, type ICruiseResult } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..', '..');

/** A tree of its own, laid out as the real one, so the rules' paths apply to it. */
const PROBE_FILES: Record<string, string> = {
  // A repository calling the publishing layer above it.
  'server/db/repositories/content/probe-repository.ts':
    "import { publish } from '../../../publishing/probe-release';\nexport const read = () => publish;\n",
  'server/publishing/probe-release.ts': 'export const publish = 1;\nexport type Release = { number: number };\n',
  // Only a type, still the wrong way.
  'server/db/probe-schema.ts': "import type { Release } from '../publishing/probe-release';\nexport type Row = Release;\n",
  // The back office reaching into a worker's module past the jobs interface.
  'server/gestao/editing/probe-editing.ts': "import { unzip } from '../../workers/probe-unzip';\nexport const edit = unzip;\n",
  'server/workers/probe-unzip.ts': 'export const unzip = 1;\n',
  // The collections taking a table derived from them.
  'src/common/gestao/collections/probe-collection.ts': "import type { Role } from '../roles';\nexport type Editor = Role;\n",
  'src/common/gestao/roles.ts': 'export type Role = string;\n',
  // Two modules importing each other.
  'src/data/probe-a.ts': "import { b } from './probe-b';\nexport const a = () => b;\n",
  'src/data/probe-b.ts': "import { a } from './probe-a';\nexport const b = () => a;\n",
  // A route module loading its page lazily, the page reading the route: no circle.
  'src/screens/probe/probe-route.ts': "export const route = { page: () => import('./probe-page') };\n",
  'src/screens/probe/probe-page.tsx': "import { route } from './probe-route';\nexport const Page = () => route;\n",
};

let options: ICruiseOptions;
let probe: string;

/** The rules broken under `baseDir`, cruising its `folders` as the lint does. */
async function violationsIn(baseDir: string, folders: string[]): Promise<string[]> {
  const result = await cruise(folders, { ...options, baseDir }, undefined, { tsConfig: extractTSConfig(join(ROOT, 'tsconfig.base.json')) });
  const { summary } = result.output as ICruiseResult;
  return summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`).sort();
}

beforeAll(async () => {
  options = await extractDepcruiseOptions(join(ROOT, '.dependency-cruiser.mjs'));
  probe = mkdtempSync(join(tmpdir(), 'layers-'));
  for (const [path, text] of Object.entries(PROBE_FILES)) {
    mkdirSync(join(probe, dirname(path)), { recursive: true });
    writeFileSync(join(probe, path), text);
  }
});
afterAll(() => rmSync(probe, { recursive: true, force: true }));

describe('the layers', () => {
  it('are kept by every import of src/, server/ and sw/', async () => {
    expect(await violationsIn(ROOT, ['src', 'server', 'sw'])).toEqual([]);
  });

  it('refuse a wrong-way import, a type the wrong way, a circle and heavy work past its interface, each by its rule', async () => {
    expect(await violationsIn(probe, ['src', 'server'])).toEqual([
      'collections-are-the-source: src/common/gestao/collections/probe-collection.ts → src/common/gestao/roles.ts',
      'jobs-through-one-interface: server/gestao/editing/probe-editing.ts → server/workers/probe-unzip.ts',
      'no-circular: src/data/probe-a.ts → src/data/probe-b.ts',
      'wrong-way-from-database: server/db/probe-schema.ts → server/publishing/probe-release.ts',
      'wrong-way-from-repositories: server/db/repositories/content/probe-repository.ts → server/publishing/probe-release.ts',
    ]);
  });
});
