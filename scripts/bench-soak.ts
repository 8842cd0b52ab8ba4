/**
 * npm run bench:soak — does the server's memory stay flat under a long mixed load?
 *   1. builds if needed and starts the built server on a temporary SQLite database;
 *   2. 50 connections for BENCH_SOAK_SECONDS (default 600) with autocannon, each request drawn at
 *      random: every film, activity and news page, the home and programme pages of both scopes,
 *      API answers, searches with a new word each time (so the response cache keeps filling and
 *      must evict), and newsletter posts with a new address and Idempotency-Key;
 *   3. the server's resident memory every 10 s: the peak of each minute (garbage collection makes
 *      single samples swing by tens of MiB), the growth of that peak from the first minute after a
 *      one-minute warm-up to the last, and the slope of a least-squares line through the samples.
 * Prints figures and writes bench-soak-results.json; never fails on them.
 */
import autocannon from 'autocannon';
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { fmt, getRaw, rssMiB, startBuiltServer, stopAll } from './bench-kit';

const SECONDS = Number(process.env.BENCH_SOAK_SECONDS ?? 600);
const CONNECTIONS = 50;
const SAMPLE_MS = 10_000;
const WARM_UP_MS = 60_000;
const RESULTS_FILE = 'bench-soak-results.json';

interface Sample {
  seconds: number;
  rssMiB: number;
}

/** Least-squares slope of RSS against time, in MiB per minute. */
function slopePerMinute(samples: Sample[]): number {
  if (samples.length < 2) return NaN;
  const n = samples.length;
  const mx = samples.reduce((s, p) => s + p.seconds, 0) / n;
  const my = samples.reduce((s, p) => s + p.rssMiB, 0) / n;
  const cov = samples.reduce((s, p) => s + (p.seconds - mx) * (p.rssMiB - my), 0);
  const varX = samples.reduce((s, p) => s + (p.seconds - mx) ** 2, 0);
  return (cov / varX) * 60;
}

const ids = async (base: string, path: string): Promise<string[]> => {
  const answer = await getRaw(`${base}/admin/api${path}`);
  return (JSON.parse(answer.body.toString()) as { id: string }[]).map((item) => item.id);
};

try {
  const { server, base } = await startBuiltServer({ RATE_LIMIT_POSTS: '1000000000' });
  const [films, activities, news] = await Promise.all([
    ids(base, '/movies_from_categ/0/festa'),
    ids(base, '/activities'),
    ids(base, '/news/festa'),
  ]);
  const pages = [
    '/',
    '/programacao',
    '/filmes',
    '/noticias',
    '/newsletter',
    ...films.map((id) => `/filme/${id}`),
    ...activities.map((id) => `/actividade/${id}`),
    ...news.map((id) => `/noticia/${id}`),
  ];
  const api = ['/admin/homeprefs', '/admin/api/movies_from_festival/1', ...films.map((id) => `/admin/api/movie/${id}`)];
  const pick = <T>(list: T[]): T => list[Math.floor(Math.random() * list.length)]!;
  const browser = { 'accept-encoding': 'gzip, deflate, br' };

  /** One request of the mix: 60 % pages, 25 % API, 10 % new searches, 5 % newsletter posts. */
  const nextRequest = (): autocannon.Request => {
    const roll = Math.random();
    if (roll < 0.6) return { method: 'GET', path: pick(pages), headers: { ...browser, cookie: `escopo=${pick(['festa', 'distrib'])}` } };
    if (roll < 0.85) return { method: 'GET', path: pick(api), headers: browser };
    if (roll < 0.95) return { method: 'GET', path: `/pesquisa?q=${randomUUID().slice(0, 8)}`, headers: browser };
    return {
      method: 'POST',
      path: '/admin/api/newsletter',
      headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
      body: JSON.stringify({ email: `soak-${randomUUID()}@example.pt`, city: 'Lisboa' }),
    };
  };

  const pid = server.pid!;
  const started = Date.now();
  const samples: Sample[] = [{ seconds: 0, rssMiB: rssMiB(pid) }];
  const sampler = setInterval(() => samples.push({ seconds: (Date.now() - started) / 1000, rssMiB: rssMiB(pid) }), SAMPLE_MS);
  console.log(
    `\nsoak: ${CONNECTIONS} connections for ${SECONDS} s (mixed pages, API, new searches, posts); RSS every ${SAMPLE_MS / 1000} s`,
  );
  const statuses = new Map<number, number>();
  const finished = new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: base,
        connections: CONNECTIONS,
        duration: SECONDS,
        requests: [{ setupRequest: (request) => ({ ...request, ...nextRequest() }) }],
      },
      (error, result) => (error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve(result)),
    );
    instance.on('response', (_client, statusCode) => statuses.set(statusCode, (statuses.get(statusCode) ?? 0) + 1));
  });
  const progress = setInterval(() => {
    const last = samples.at(-1)!;
    console.log(`  ${fmt(last.seconds).padStart(4)} s  RSS ${fmt(last.rssMiB, 1)} MiB`);
  }, 60_000);
  const result = await finished;
  clearInterval(sampler);
  clearInterval(progress);
  samples.push({ seconds: (Date.now() - started) / 1000, rssMiB: rssMiB(pid) });

  const warm = samples.filter((s) => s.seconds * 1000 >= WARM_UP_MS);
  const peaks: number[] = [];
  for (const sample of samples) {
    const minute = Math.floor(sample.seconds / 60);
    peaks[minute] = Math.max(peaks[minute] ?? 0, sample.rssMiB);
  }
  const warmPeaks = peaks.slice(Math.ceil(WARM_UP_MS / 60_000)).filter((peak) => peak > 0);
  const figures = {
    date: new Date().toISOString(),
    node: process.version,
    seconds: SECONDS,
    connections: CONNECTIONS,
    requests: result.requests.total,
    reqPerSec: result.requests.average,
    p99Ms: result.latency.p99,
    errors: result.errors,
    timeouts: result.timeouts,
    statuses: Object.fromEntries(statuses),
    rssMiB: {
      start: samples[0]!.rssMiB,
      afterWarmUp: warm[0]?.rssMiB ?? NaN,
      end: samples.at(-1)!.rssMiB,
      max: Math.max(...samples.map((s) => s.rssMiB)),
      slopePerMinuteAfterWarmUp: slopePerMinute(warm),
      peakPerMinute: peaks,
      peakGrowthAfterWarmUp: (warmPeaks.at(-1) ?? NaN) - (warmPeaks[0] ?? NaN),
    },
    samples,
  };
  const rss = figures.rssMiB;
  console.log(
    `\nrequests: ${figures.requests} (${fmt(figures.reqPerSec)} req/s, p99 ${fmt(figures.p99Ms)} ms), errors ${figures.errors}, timeouts ${figures.timeouts}`,
  );
  console.log(`statuses: ${[...statuses].map(([code, count]) => `${code}×${count}`).join(', ')}`);
  console.log(
    `RSS: ${fmt(rss.start, 1)} MiB at start, ${fmt(rss.afterWarmUp, 1)} after the warm-up, ${fmt(rss.end, 1)} at the end, ${fmt(rss.max, 1)} at most`,
  );
  console.log(
    `RSS peak per minute: ${peaks.map((peak) => fmt(peak)).join(', ')} MiB; from the first minute after the warm-up to the last: ${fmt(rss.peakGrowthAfterWarmUp, 1)} MiB; slope after the warm-up ${fmt(rss.slopePerMinuteAfterWarmUp, 2)} MiB/min`,
  );
  writeFileSync(RESULTS_FILE, `${JSON.stringify(figures, null, 2)}\n`);
  console.log(`figures written to ${RESULTS_FILE}`);
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  stopAll();
}
