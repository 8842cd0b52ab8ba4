/**
 * npm run bench:lighthouse — only the Lighthouse part of npm run bench, for working on the public
 * pages' speed: builds if needed, starts the built server on a free port with a temporary SQLite
 * database, and runs Lighthouse (mobile, median of 5; scripts/lighthouse-kit.ts) on the home, the
 * programme and a film page, saying for a page below 100 what its median run is made of.
 * BENCH_LIGHTHOUSE_PAGES (comma-separated addresses) chooses other pages. Noisy on a shared
 * machine (Total Blocking Time most): compare runs made close in time.
 */
import { execSync } from 'node:child_process';
import { startBuiltServer, stopAll } from './bench-kit';
import { figuresLine, lighthouse, whyLine } from './lighthouse-kit';

const PAGES = (process.env.BENCH_LIGHTHOUSE_PAGES ?? '/,/programacao,/filme/101').split(',').map((page) => page.trim());

try {
  execSync('node scripts/build-if-needed.mjs', { stdio: 'inherit' });
  const { base } = await startBuiltServer();
  const result = await lighthouse(PAGES.map((page) => ({ label: page, url: `${base}${page}` })));
  if (result.skipped) {
    console.log(`lighthouse: skipped (${result.skipped})`);
    process.exitCode = 1;
  }
  for (const [page, figures] of Object.entries(result.pages ?? {})) {
    console.log(figuresLine(page, figures));
    const why = result.why?.[page];
    if (why && figures.performance < 100) console.log(whyLine(why));
  }
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  stopAll();
}
