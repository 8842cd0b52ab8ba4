/**
 * npm run bench:server — the server's throughput against nginx and against Node's own http, with
 * wrk (C, its own process) as the load, so the client is not the ceiling (autocannon inside the
 * bench's Node process saturates near 11,000–15,000 req/s):
 *   1. builds if needed and starts the built server (NODE_ENV=production, its own process, a
 *      temporary SQLite database with the seed), and captures the exact bytes and headers it
 *      answers on each address, without and with `Accept-Encoding: gzip`;
 *   2. serves those same bytes and headers from nginx (a generated config: one worker, daemon off,
 *      access_log off) and from a tiny node:http server answering them from memory in its own
 *      process (the Node floor), and checks both answer exactly the captured bodies;
 *   3. once the server has settled (its start-up work on the pictures done), runs wrk (--latency)
 *      against the three in alternating rounds, each after a warm-up, and prints one table with the
 *      median round's req/s, p99 and CPU per request of each, the ratios, and the most CPU wrk used
 *      (it never reaches a core: the client is not the limit).
 * Fails loudly when wrk sees a non-2xx answer. Stops everything it started, also on failure or Ctrl-C.
 * Flags: --duration 5 (s), --warmup 1 (s), --repeat 3 (alternating rounds, the median kept), --connections 50, --threads 1, --film 101, --address /x (repeatable: only these).
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { dir, fmt, freePort, rssMiB, start, startBuiltServer, startNginx, stopAll, waitFor, which } from './bench-kit';
import { get as httpGet } from 'node:http';

const { values: flags } = parseArgs({
  options: {
    duration: { type: 'string', default: '5' },
    warmup: { type: 'string', default: '1' },
    repeat: { type: 'string', default: '3' },
    connections: { type: 'string', default: '50' },
    threads: { type: 'string', default: '1' },
    film: { type: 'string', default: '101' },
    // Only these addresses (repeatable), e.g. --address /admin/api/movie/101.
    address: { type: 'string', multiple: true },
  },
});
// wrk takes whole seconds.
const DURATION = Math.max(1, Math.round(Number(flags.duration)));
const WARMUP = Math.max(0, Math.round(Number(flags.warmup)));
const REPEAT = Math.max(1, Math.round(Number(flags.repeat)));
const CONNECTIONS = Number(flags.connections);
const THREADS = Number(flags.threads);
// The film page in pt-PT and in English (/en/…: the same route, its catalog and hreflang), side by side.
const ADDRESSES = flags.address ?? [
  '/',
  '/programacao',
  `/filme/${flags.film}`,
  `/en/filme/${flags.film}`,
  `/admin/api/movie/${flags.film}`,
];
const VARIANTS = [
  { name: 'identity', headers: {} as Record<string, string> },
  { name: 'gzip', headers: { 'accept-encoding': 'gzip' } as Record<string, string> },
] as const;
type VariantName = (typeof VARIANTS)[number]['name'];

/** Headers a copy does not repeat: each server sets its own framing and date. */
const OWN_HEADERS = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);

interface Captured {
  status: number;
  headers: [string, string][];
  body: Buffer;
}

/** One GET keeping every header as sent (getRaw keeps only the type and the encoding). */
function capture(url: string, headers: Record<string, string>): Promise<Captured> {
  return new Promise((resolve, reject) => {
    httpGet(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const pairs: [string, string][] = [];
        for (let i = 0; i < response.rawHeaders.length; i += 2)
          pairs.push([response.rawHeaders[i]!.toLowerCase(), response.rawHeaders[i + 1]!]);
        resolve({ status: response.statusCode ?? 0, headers: pairs, body: Buffer.concat(chunks) });
      });
      response.on('error', reject);
    }).on('error', reject);
  });
}

/** CPU seconds (user + system, all threads) a process has used so far, from /proc/<pid>/stat. */
function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name may hold spaces: the fields count from after its closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());
  return (Number(fields[11]) + Number(fields[12])) / ticks;
}

interface WrkRun {
  reqPerSec: number;
  p99Ms: number;
  requests: number;
  socketErrors: string | null;
  /** wrk's own CPU over the run, as a share of one core. */
  wrkCpu: number;
  /** The process under load's CPU over the run, as a share of one core. */
  targetCpu: number;
}

const UNIT_MS: Record<string, number> = { us: 0.001, ms: 1, s: 1000, m: 60_000 };

/** wrk's text: Requests/sec, the 99% line of --latency, socket errors and non-2xx answers. */
function parseWrk(out: string): Omit<WrkRun, 'wrkCpu' | 'targetCpu'> {
  const reqPerSec = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]);
  const p99 = /^\s*99(?:\.000)?%\s+([\d.]+)(us|ms|s|m)\s*$/m.exec(out);
  const requests = Number(/(\d+) requests in /.exec(out)?.[1]);
  const non2xx = /Non-2xx or 3xx responses:\s+(\d+)/.exec(out);
  if (non2xx) throw new Error(`wrk recebeu ${non2xx[1]} respostas não-2xx:\n${out}`);
  if (!Number.isFinite(reqPerSec) || !p99 || !Number.isFinite(requests)) throw new Error(`não percebi a saída do wrk:\n${out}`);
  return {
    reqPerSec,
    p99Ms: Number(p99[1]) * UNIT_MS[p99[2]!]!,
    requests,
    socketErrors: /Socket errors:\s*(.+)/.exec(out)?.[1]?.trim() ?? null,
  };
}

/**
 * One wrk run, wrapped in bash so `times` reports the CPU its child (wrk) used: exact, and read
 * after wrk has exited (its /proc entry is gone by then).
 */
async function wrk(url: string, headers: Record<string, string>, seconds: number, targetPid: number): Promise<WrkRun> {
  const args = ['-t', String(THREADS), '-c', String(CONNECTIONS), '-d', `${seconds}s`, '--latency'];
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}: ${value}`);
  args.push(url);
  const quoted = args.map((arg) => `'${arg.replace(/'/g, `'\\''`)}'`).join(' ');
  const targetBefore = cpuSeconds(targetPid);
  const startedAt = process.hrtime.bigint();
  const child = spawn('bash', ['-c', `wrk ${quoted}; code=$?; echo '--times--'; times; exit $code`], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  const wall = Number(process.hrtime.bigint() - startedAt) / 1e9;
  const targetCpu = (cpuSeconds(targetPid) - targetBefore) / wall;
  if (code !== 0) throw new Error(`wrk terminou com o código ${code}:\n${out}`);
  const [report = '', times = ''] = out.split('--times--');
  // `times` prints the shell's user/sys, then its children's: "0m1.234s 0m0.567s".
  const childTimes = times.trim().split('\n')[1] ?? '';
  const wrkSeconds = [...childTimes.matchAll(/(\d+)m([\d.]+)s/g)].reduce((sum, m) => sum + Number(m[1]) * 60 + Number(m[2]), 0);
  return { ...parseWrk(report), wrkCpu: wrkSeconds / wall, targetCpu };
}

/** Waits until the process uses under 5 % of a core over half a second (at most 3 minutes); the seconds waited. */
async function settle(pid: number): Promise<number> {
  const started = Date.now();
  for (;;) {
    const before = cpuSeconds(pid);
    await new Promise((resolve) => setTimeout(resolve, 500));
    if (cpuSeconds(pid) - before < 0.025 || Date.now() - started > 180_000) return (Date.now() - started) / 1000;
  }
}

/** nginx's worker (the master only forwards signals): the process whose CPU is the load's. */
function nginxWorker(master: number): number {
  const kids = readFileSync(`/proc/${master}/task/${master}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
  if (kids.length !== 1) throw new Error(`nginx tem ${kids.length} processos filhos, esperava um worker`);
  return Number(kids[0]);
}

/** A header value inside an nginx double-quoted string; `$` through a variable (nginx has no escape for it). */
const nginxString = (value: string) => `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\$/g, '${dollar}')}"`;

async function main(): Promise<void> {
  const wrkPath = which('wrk');
  // which() looks in /usr/sbin and /sbin too, where Debian puts nginx.
  const nginxPath = which('nginx');
  if (!wrkPath || !nginxPath) {
    console.error(
      `bench:server needs wrk and nginx (${[!wrkPath && 'wrk', !nginxPath && 'nginx'].filter(Boolean).join(' and ')} missing): apt-get install -y wrk nginx`,
    );
    process.exitCode = 1;
    return;
  }
  execFileSync(process.execPath, ['scripts/build-if-needed.mjs'], { stdio: 'inherit' });
  const { server, base } = await startBuiltServer();

  // The first answers render and cache the pages; the copies serve these bytes and headers.
  const answers = new Map<string, Record<VariantName, Captured>>();
  for (const address of ADDRESSES) {
    const pair = {} as Record<VariantName, Captured>;
    for (const variant of VARIANTS) {
      const answer = await capture(`${base}${address}`, variant.headers);
      if (answer.status !== 200) throw new Error(`${address} (${variant.name}) respondeu ${answer.status}`);
      pair[variant.name] = answer;
    }
    answers.set(address, pair);
  }

  // nginx: one file per address and variant; a map on Accept-Encoding picks the variant, and an
  // internal location per file sends that answer's headers (no mime.types: the captured type).
  const nginxPort = await freePort();
  const locations: string[] = [];
  const manifest: Record<
    string,
    { type: string; file: string; headers: [string, string][]; gzip?: string; gzipHeaders?: [string, string][] }
  > = {};
  [...answers].forEach(([address, pair], i) => {
    const files = {} as Record<VariantName, string>;
    for (const variant of VARIANTS) {
      const answer = pair[variant.name];
      const file = join(dir, `answer-${i}-${variant.name}.bin`);
      writeFileSync(file, answer.body);
      files[variant.name] = file;
      const kept = answer.headers.filter(([name]) => !OWN_HEADERS.has(name));
      const type = kept.find(([name]) => name === 'content-type')?.[1] ?? 'application/octet-stream';
      locations.push(
        `    location = /_answer/${i}/${variant.name} {
      internal;
      alias ${file};
      default_type ${nginxString(type)};
${kept
  .filter(([name]) => name !== 'content-type')
  .map(([name, value]) => `      add_header ${name} ${nginxString(value)};`)
  .join('\n')}
    }`,
      );
    }
    locations.push(`    location = ${address} { rewrite ^ /_answer/${i}/$answer_variant last; }`);
    const headersOf = (name: VariantName) => pair[name].headers.filter(([header]) => !OWN_HEADERS.has(header));
    manifest[address] = {
      type: '',
      file: files.identity,
      headers: headersOf('identity'),
      gzip: files.gzip,
      gzipHeaders: headersOf('gzip'),
    };
  });
  const nginxMaster = await startNginx(
    nginxPath,
    `  types {}
  etag off;
  if_modified_since off;
  server_tokens off;
  # By default nginx closes a keep-alive connection after 1,000 requests; Node and the server never do.
  keepalive_requests 1000000;
  map $http_accept_encoding $answer_variant { default identity; "~*\\bgzip\\b" gzip; }
  geo $dollar { default "$"; }
  server {
    listen 127.0.0.1:${nginxPort};
${locations.join('\n')}
  }`,
    `http://127.0.0.1:${nginxPort}/`,
  );
  const nginxBase = `http://127.0.0.1:${nginxPort}`;

  const nodePort = await freePort();
  const manifestFile = join(dir, 'answers.json');
  writeFileSync(manifestFile, JSON.stringify(manifest));
  const nodeFloor = start(process.execPath, ['scripts/bench-static-server.mjs', String(nodePort), manifestFile]);
  const nodeBase = `http://127.0.0.1:${nodePort}`;
  await waitFor(`${nodeBase}/`, nodeFloor, 'o servidor node:http');

  // A copy answering other bytes (a 404 is tiny and fast) would make every ratio a lie.
  const extraHeaderBytes: Record<string, number> = {};
  for (const [copyName, copyBase] of [
    ['nginx', nginxBase],
    ['node:http', nodeBase],
  ] as const)
    for (const [address, pair] of answers)
      for (const variant of VARIANTS) {
        const copy = await capture(`${copyBase}${address}`, variant.headers);
        const original = pair[variant.name];
        if (copy.status !== 200 || !copy.body.equals(original.body))
          throw new Error(`${copyName} respondeu ${copy.status} com outros bytes (${variant.name}) a ${address}`);
        const copied = new Map(copy.headers);
        for (const [name, value] of original.headers)
          if (!OWN_HEADERS.has(name) && copied.get(name) !== value)
            throw new Error(`${copyName} não repete o cabeçalho ${name} (${variant.name}) de ${address}: ${copied.get(name)} ≠ ${value}`);
        // Only the framing differs: what each adds beyond the captured headers (Server, Last-Modified…).
        const size = (headers: [string, string][]) => headers.reduce((sum, [n, v]) => sum + n.length + v.length + 4, 0);
        extraHeaderBytes[copyName] = Math.max(extraHeaderBytes[copyName] ?? 0, size(copy.headers) - size(original.headers));
      }

  // Just started, the server makes its pictures' responsive copies (sharp, a minute of CPU on a
  // fresh database): a load meanwhile would measure that work, so wait until it has settled.
  const settledAfter = await settle(server.pid!);
  const nginxPid = nginxWorker(nginxMaster.pid!);
  const targets = [
    { name: 'nginx', base: nginxBase, pid: nginxPid },
    { name: 'node:http', base: nodeBase, pid: nodeFloor.pid! },
    { name: 'server', base, pid: server.pid! },
  ];

  // nginx -v writes its version to stderr.
  const nginxVersion = /nginx\/\S+/.exec(spawnSync(nginxPath, ['-v'], { encoding: 'utf8' }).stderr)?.[0] ?? 'nginx';
  const wrkVersion = (() => {
    try {
      return execFileSync(wrkPath, ['-v'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    } catch (error) {
      // wrk -v prints its version and exits 1.
      return String((error as { stdout?: string }).stdout ?? '');
    }
  })().replace(/^(wrk \S+).*$[\s\S]*/m, '$1');
  const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  console.log(`\nthe server settled (its start-up work done) ${fmt(settledAfter, 1)} s after its first answers`);
  console.log(
    `\nbench:server — ${wrkVersion}, ${THREADS} thread, ${CONNECTIONS} connections, ${DURATION} s per run after a ${WARMUP} s warm-up, the median of ${REPEAT} alternating rounds; Node ${process.version}; ${nginxVersion} (1 worker); load average before: ${load}; ${new Date().toISOString()}`,
  );
  console.log(
    'bytes: the body as sent; identity: no Accept-Encoding; gzip: Accept-Encoding: gzip; cpu wrk: the most wrk used of one core in the three runs\n',
  );
  // µs/req: the CPU the process under load spent per answer (user + system), which other work on
  // the machine disturbs far less than req/s; p99 ×: the server's p99 over the floor's.
  const header = [
    'address'.padEnd(22),
    'encoding'.padEnd(8),
    'bytes'.padStart(7),
    '  nginx req/s  p99 ms  µs/req',
    '  node:http req/s  p99 ms  µs/req',
    '  server req/s  p99 ms  µs/req',
    '  server/floor  p99 ×floor  server/nginx',
    '  cpu wrk (max)',
  ].join(' ');
  console.log(header);
  const runs: WrkRun[] = [];
  const socketNotes: string[] = [];
  const rssBefore = rssMiB(server.pid!);
  for (const [address, pair] of answers)
    for (const variant of VARIANTS) {
      // Rounds alternate the three, so a neighbour's burst of work falls on all of them alike; each
      // figure is the round with the median req/s.
      const rounds: WrkRun[][] = targets.map(() => []);
      for (let round = 0; round < REPEAT; round++)
        for (const [i, target] of targets.entries()) {
          if (WARMUP > 0) await wrk(`${target.base}${address}`, variant.headers, WARMUP, target.pid);
          const run = await wrk(`${target.base}${address}`, variant.headers, DURATION, target.pid);
          if (run.socketErrors) socketNotes.push(`${address} ${variant.name} ${target.name}: socket errors ${run.socketErrors}`);
          rounds[i]!.push(run);
          runs.push(run);
        }
      const medianRun = (of: WrkRun[]) => [...of].sort((a, b) => a.reqPerSec - b.reqPerSec)[Math.floor(of.length / 2)]!;
      const [ngx, floor, app] = rounds.map(medianRun) as [WrkRun, WrkRun, WrkRun];
      const perRequest = (run: WrkRun) => fmt((run.targetCpu / run.reqPerSec) * 1e6, 1);
      const columns = (run: WrkRun, width: number) =>
        `  ${fmt(run.reqPerSec).padStart(width)}  ${fmt(run.p99Ms, 1).padStart(6)}  ${perRequest(run).padStart(6)}`;
      console.log(
        [
          address.padEnd(22),
          variant.name.padEnd(8),
          String(pair[variant.name].body.length).padStart(7),
          columns(ngx, 11),
          columns(floor, 15),
          columns(app, 12),
          `  ${fmt(app.reqPerSec / floor.reqPerSec, 2).padStart(12)}`,
          `  ${fmt(app.p99Ms / floor.p99Ms, 1).padStart(10)}`,
          `  ${fmt(app.reqPerSec / ngx.reqPerSec, 2).padStart(12)}`,
          `  ${`${fmt(Math.max(ngx.wrkCpu, floor.wrkCpu, app.wrkCpu) * 100)}%`.padStart(13)}`,
        ].join(' '),
      );
    }
  const wrkMax = Math.max(...runs.map((run) => run.wrkCpu));
  const busiest = runs.reduce((a, b) => (b.reqPerSec > a.reqPerSec ? b : a));
  console.log(
    `\nwrk used at most ${fmt(wrkMax * 100)}% of one core in any run (${fmt(busiest.wrkCpu * 100)}% at the fastest, ${fmt(busiest.reqPerSec)} req/s, where the process under load used ${fmt(busiest.targetCpu * 100)}%):` +
      (wrkMax < 0.9
        ? ' the client was never the limit.'
        : ' wrk came near a whole core in some run: there the client may be the limit (more --threads, on a machine with cores to spare).'),
  );
  // Neither side at a whole core: the machine's spare CPU (other work on the same cores) was the limit.
  const starved = runs.filter((run) => run.wrkCpu < 0.9 && run.targetCpu < 0.9).length;
  if (starved > 0)
    console.log(
      `in ${starved} of ${runs.length} runs neither wrk nor the process under load used a whole core: there the ${availableParallelism()} cores, shared with other work, were the limit.`,
    );
  console.log(
    `the copies repeat every captured header; beyond them nginx adds at most ${extraHeaderBytes.nginx ?? 0} bytes of headers (Server, Last-Modified, Accept-Ranges) and node:http ${extraHeaderBytes['node:http'] ?? 0}.`,
  );
  console.log(socketNotes.length ? socketNotes.join('\n') : 'no socket errors; no non-2xx answer (any would have stopped the run).');
  console.log(`server RSS: ${fmt(rssBefore, 1)} MiB before the load, ${fmt(rssMiB(server.pid!), 1)} MiB after`);
  console.log(`load average after: ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`);
}

try {
  await main();
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  stopAll();
}
