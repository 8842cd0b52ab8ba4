/**
 * The translators' side of the catalogs (src/common/i18n/catalogs/<locale>.po), for people and
 * helpers working on the same tree at once (each step holds a lock, so two never write a PO file
 * together):
 *   npm run i18n:todo -- [path prefix]   what English or Italian still lacks, as the JSON `fill` takes
 *   npm run i18n:fill -- file.json       writes the translations of that JSON ({ msgid: { en, it } })
 *                                        into the PO files and compiles the catalogs
 *   tsx scripts/i18n-catalog.ts check    (in npm run lint) fails when extracting and compiling again would
 *                                        change a catalog: a message of the code left out, or a stale compile
 *   npm run i18n:extract                 Lingui's extract (the code's pt-PT messages into every PO file,
 *                                        translations kept), then the compile
 */
import { execFileSync } from 'node:child_process';
import { closeSync, cpSync, existsSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import PO from 'pofile';

const DIR = join(import.meta.dirname, '../src/common/i18n/catalogs');
/** The two catalogs of each language (lingui.config.ts): the entry's words, and the rest. */
const PARTS = ['', 'pages/'] as const;
/** The visitor's catalogs, and the back office's (pt-PT only, lingui.gestao.config.ts). */
const CONFIGS = ['lingui.config.ts', 'lingui.gestao.config.ts'];
const CHECKED = [...PARTS, 'gestao/'];
const TARGETS = ['en', 'it'] as const;
const LOCK = join(DIR, '.lock');

type Entries = Record<string, Partial<Record<(typeof TARGETS)[number], string>>>;

const poFile = (part: string, locale: string) => join(DIR, `${part}${locale}.po`);
const readPo = (part: string, locale: string) => PO.parse(readFileSync(poFile(part, locale), 'utf8'));

async function withLock<T>(work: () => T): Promise<T> {
  if (process.env.I18N_LOCK_HELD) return work();
  for (let tries = 0; ; tries++) {
    try {
      closeSync(openSync(LOCK, 'wx'));
      break;
    } catch {
      if (tries > 600) throw new Error(`${LOCK} held for more than a minute: remove it if no one is writing`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  try {
    return work();
  } finally {
    rmSync(LOCK, { force: true });
  }
}

/** Lingui's `command` (extract, compile) with `args`, for each configuration in turn. */
function lingui(command: string, args: string[], options: Parameters<typeof execFileSync>[2]): void {
  for (const config of CONFIGS) execFileSync('npx', ['lingui', command, ...args, '--config', config], options);
}

const compile = () => lingui('compile', ['--typescript'], { stdio: 'inherit' });

function todo(prefix = ''): Entries {
  const out: Entries = {};
  for (const locale of TARGETS) {
    for (const item of PARTS.flatMap((part) => readPo(part, locale).items)) {
      if (item.msgstr.some((text) => text !== '')) continue;
      if (prefix && !item.references.some((ref) => ref.startsWith(prefix))) continue;
      (out[item.msgid] ??= {})[locale] = '';
    }
  }
  return out;
}

function fill(file: string): void {
  const entries = JSON.parse(readFileSync(file, 'utf8')) as Entries;
  const unknown = new Set(Object.keys(entries));
  for (const part of PARTS) {
    for (const locale of TARGETS) {
      const po = readPo(part, locale);
      for (const item of po.items) {
        const text = entries[item.msgid]?.[locale];
        if (text === undefined) continue;
        unknown.delete(item.msgid);
        if (text !== '') item.msgstr = [text];
      }
      writeFileSync(poFile(part, locale), po.toString().replace(/\n*$/, '\n'));
    }
  }
  compile();
  if (unknown.size) {
    console.error(`Not in the catalogs (run npm run i18n:extract first, and copy each msgid exactly):\n${[...unknown].join('\n')}`);
    process.exitCode = 1;
  }
}

/** Extracts and compiles into a copy of the catalogs, and names each file that would change. */
function check(): string[] {
  const copy = mkdtempSync(join(tmpdir(), 'festa-catalogs-'));
  try {
    cpSync(DIR, copy, { recursive: true, filter: (source) => !source.endsWith('.lock') });
    const env = { ...process.env, LINGUI_CATALOGS: copy };
    lingui('extract', ['--clean'], { env, stdio: 'pipe' });
    lingui('compile', ['--typescript'], { env, stdio: 'pipe' });
    // The PO header's creation date changes on every extract: it is not part of the comparison.
    const body = (file: string) => readFileSync(file, 'utf8').replace(/^"POT-Creation-Date:.*$/m, '');
    return CHECKED.flatMap((part) =>
      readdirSync(join(copy, part))
        .filter((file) => /\.(po|ts)$/.test(file))
        .map((file) => `${part}${file}`)
        .filter((file) => !existsSync(join(DIR, file)) || body(join(DIR, file)) !== body(join(copy, file))),
    );
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}

const [command, arg] = process.argv.slice(2);
if (command === 'check') {
  const stale = check();
  if (stale.length) {
    console.error(`Stale catalogs (run npm run i18n:extract, translate, commit): ${stale.join(', ')}`);
    process.exitCode = 1;
  }
} else if (command === 'extract')
  await withLock(() => {
    lingui('extract', ['--clean'], { stdio: 'inherit' });
    compile();
  });
else if (command === 'todo') console.log(JSON.stringify(await withLock(() => todo(arg)), null, 2));
else if (command === 'fill' && arg && existsSync(arg)) await withLock(() => fill(arg));
else {
  console.error('usage: tsx scripts/i18n-catalog.ts todo [path prefix] | fill <file.json>');
  process.exitCode = 2;
}
