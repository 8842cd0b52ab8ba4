/**
 * What the bench scripts share: a temporary directory, child processes stopped on exit or Ctrl-C,
 * a free port, raw GETs, waiting for a server, a process's resident memory, and the built server
 * started on a temporary SQLite database.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { nginxMainConfig } from '../tests/support/nginx-site';
import { freePort } from '../tests/support/server-process';

// Where the tests already have a tool, the benches take theirs.
export { freePort } from '../tests/support/server-process';
export { which } from '../tests/support/nginx-site';

export const dir = mkdtempSync(join(tmpdir(), 'festa-bench-'));
// nginx's workers drop root for an unprivileged user, who must be able to read the baseline's files.
chmodSync(dir, 0o755);
export const children: ChildProcess[] = [];

export function stopAll(): void {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  rmSync(dir, { recursive: true, force: true });
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    stopAll();
    process.exit(130);
  });
}

export function start(command: string, args: string[], env: NodeJS.ProcessEnv = {}): ChildProcess {
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'inherit', 'inherit'] });
  children.push(child);
  return child;
}

export interface RawAnswer {
  status: number;
  type: string;
  encoding?: string;
  body: Buffer;
}

/** One GET, by default without Accept-Encoding: the bytes exactly as they travel. */
export function getRaw(url: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    httpGet(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          type: response.headers['content-type'] ?? '',
          encoding: response.headers['content-encoding'],
          body: Buffer.concat(chunks),
        }),
      );
      response.on('error', reject);
    }).on('error', reject);
  });
}

export async function waitFor(url: string, child: ChildProcess, what: string): Promise<void> {
  for (let i = 0; i < 150; i++) {
    if (child.exitCode !== null) throw new Error(`${what} terminou ao arrancar (código ${child.exitCode})`);
    try {
      if ((await getRaw(url)).status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${what} não arrancou`);
}

/** Resident memory of a process, in MiB (Linux /proc, else ps). */
export function rssMiB(pid: number): number {
  try {
    const kib = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    if (kib) return Number(kib) / 1024;
  } catch {
    // not Linux
  }
  return Number(execFileSync('ps', ['-o', 'rss=', '-p', String(pid)], { encoding: 'utf8' }).trim()) / 1024;
}

/** The built server (node --import tsx server/main.ts) on a free port with a temporary database. */
export async function startBuiltServer(env: NodeJS.ProcessEnv = {}): Promise<{ server: ChildProcess; base: string }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = start(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE: join(dir, 'bench.sqlite'),
    LOG_LEVEL: 'warn',
    // The load comes from one address: the per-client GET limit would answer 429 after 600.
    RATE_LIMIT_GETS: '1000000000',
    ...env,
  });
  await waitFor(`${base}/admin/homeprefs`, server, 'o servidor');
  return { server, base };
}

/** The system Chromium (PLAYWRIGHT_CHROMIUM_PATH, else Debian's), or undefined: Playwright's own browser. */
export { chromiumPath } from './chromium-path';

export const fmt = (n: number, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : '?');

/**
 * Measuring tools that are not dependencies of the project (Lighthouse and its Chrome launcher,
 * about 200 packages): installed once, at the given versions, into ~/.cache/festa-bench-tools
 * (BENCH_TOOLS_DIR), and resolved from there.
 */
export function benchTools(packages: string[]): NodeJS.Require {
  const toolsDir = process.env.BENCH_TOOLS_DIR ?? join(homedir(), '.cache', 'festa-bench-tools');
  const manifest = join(toolsDir, 'package.json');
  if (!existsSync(manifest)) {
    mkdirSync(toolsDir, { recursive: true });
    writeFileSync(manifest, '{ "name": "festa-bench-tools", "private": true }\n');
  }
  const tools = createRequire(manifest);
  const wanted = (spec: string) => spec.slice(0, spec.lastIndexOf('@'));
  const installedVersion = (spec: string) => {
    try {
      return (JSON.parse(readFileSync(join(toolsDir, 'node_modules', wanted(spec), 'package.json'), 'utf8')) as { version: string })
        .version;
    } catch {
      return undefined;
    }
  };
  const missing = packages.filter((spec) => installedVersion(spec) !== spec.slice(spec.lastIndexOf('@') + 1));
  if (missing.length > 0) {
    console.log(`installing ${missing.join(', ')} into ${toolsDir} (once)`);
    execFileSync('npm', ['install', '--prefix', toolsDir, '--no-audit', '--no-fund', '--ignore-scripts', ...missing], { stdio: 'inherit' });
  }
  return tools;
}

/**
 * Starts nginx (one worker unless `options.workers` says otherwise, in the foreground, every file
 * under the bench's folder) with the given http-block directives and servers, and waits until
 * `url` answers.
 */
export async function startNginx(
  nginx: string,
  httpBlock: string,
  url: string,
  options: Parameters<typeof nginxMainConfig>[2] = {},
): Promise<ChildProcess> {
  const conf = join(dir, 'nginx.conf');
  writeFileSync(conf, nginxMainConfig(dir, httpBlock, options));
  // -e: the error log from the start, before the file is read (Debian's default path needs root).
  const child = start(nginx, ['-p', dir, '-c', conf, '-e', join(dir, 'nginx-error.log')]);
  await waitFor(url, child, 'nginx');
  return child;
}

/** A back-office client logged in as `email`: the session cookie and the CSRF token, as a browser keeps them. */
export async function backOfficeClient(base: string, email: string, password: string) {
  let cookie = '';
  const keep = (response: Response) => {
    const set = response.headers.getSetCookie().find((c) => c.startsWith('gestao='));
    if (set) cookie = set.split(';', 1)[0]!;
    return response;
  };
  const opened = keep(await fetch(`${base}/gestao/api/session`));
  let { csrfToken } = (await opened.json()) as { csrfToken: string };
  const login = keep(
    await fetch(`${base}/gestao/api/session`, {
      method: 'POST',
      headers: { cookie, 'x-csrf-token': csrfToken, 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    }),
  );
  if (!login.ok) throw new Error(`O início de sessão respondeu ${login.status}: ${await login.text()}`);
  ({ csrfToken } = (await login.json()) as { csrfToken: string });
  const api = (path: string, init: RequestInit = {}) =>
    fetch(`${base}/gestao/api${path}`, { ...init, headers: { cookie, 'x-csrf-token': csrfToken, ...init.headers } });
  return {
    get: (path: string) => api(path),
    post: (path: string, body: object) =>
      api(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    /** A file sent as a form's `ficheiro` field, as the import screen sends a spreadsheet. */
    upload: (path: string, name: string, data: Uint8Array) => {
      const form = new FormData();
      form.append('ficheiro', new Blob([new Uint8Array(data)]), name);
      return api(path, { method: 'POST', body: form });
    },
  };
}
