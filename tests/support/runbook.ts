/**
 * docs/operations.md's shell blocks, as the runbook test and the rolling-restart bench run them:
 * the operator's own commands, never a copy that could drift from the page.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { REPOSITORY } from './server-process';

export const RUNBOOK = join(REPOSITORY, 'docs/operations.md');

/** The fenced blocks of `markdown` in `language` (sh, sql…), in order. */
export function fencedBlocks(markdown: string, language: string): string[] {
  return [...markdown.matchAll(new RegExp(`^\`\`\`${language}\\n([\\s\\S]*?)^\`\`\`$`, 'gm'))].map((match) => match[1]!);
}

/** The shell blocks of `markdown`, in order. */
export const shellBlocks = (markdown: string): string[] => fencedBlocks(markdown, 'sh');

/** The runbook's blocks under the heading that starts with `heading` (up to the next heading of its level). */
export function runbookSection(heading: string): string[] {
  const markdown = readFileSync(RUNBOOK, 'utf8');
  const start = markdown.search(new RegExp(`^## ${heading.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'm'));
  if (start < 0) throw new Error(`docs/operations.md has no section «## ${heading}»`);
  const next = markdown.slice(start + 3).search(/^## /m);
  const blocks = shellBlocks(next < 0 ? markdown.slice(start) : markdown.slice(start, start + 3 + next));
  if (blocks.length === 0) throw new Error(`docs/operations.md's «## ${heading}» has no sh block`);
  return blocks;
}

export interface BashRun {
  code: number | null;
  /** stdout and stderr, interleaved as they came. */
  output: string;
  ms: number;
}

/** `script` in bash from the repository's root, with `set -euo pipefail` first, killed after `timeoutMs`. */
export function runBash(script: string, env: NodeJS.ProcessEnv, timeoutMs: number): Promise<BashRun> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn('bash', ['-c', `set -euo pipefail\n${script}`], { cwd: REPOSITORY, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output, ms: performance.now() - started });
    });
  });
}

/** The pid in RUN_DIR's pid file of instance `name` (a or b), if the runbook wrote one. */
export function runbookPid(runDir: string, name: 'a' | 'b'): number | undefined {
  const file = join(runDir, `festa-${name}.pid`);
  return existsSync(file) ? Number(readFileSync(file, 'utf8').trim()) : undefined;
}

/** Sends SIGTERM to `pid` and resolves once it has gone (or at once when it already had). */
export async function stopPid(pid: number | undefined): Promise<void> {
  if (pid === undefined || !alive(pid)) return;
  process.kill(pid, 'SIGTERM');
  while (alive(pid)) await delay(50);
}

/** Running: a process that has exited but not been reaped yet (a zombie, its parent gone) is not. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    // /proc/<pid>/stat: "pid (name) state ...".
    return !/\) Z /.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return true;
  }
}
