/**
 * npm run observatory — the MDN HTTP Observatory's grade for the site as deployed over HTTPS:
 *   1. builds if needed and starts the built server (TRUST_PROXY=127.0.0.1, nginx's address as the
 *      server sees it, and PUBLIC_URL=https://localhost);
 *   2. makes a throw-away certificate authority and a certificate for localhost (openssl);
 *   3. runs nginx with deploy/nginx-site.conf (HTTP redirecting to HTTPS, TLS, the proxy headers)
 *      on ports 80 and 443 of 127.0.0.1;
 *   4. runs the Observatory's own scanner (@mdn/mdn-http-observatory, installed into a cache
 *      directory on first use, not a dependency of the project) against https://localhost, trusting
 *      that authority through NODE_EXTRA_CA_CERTS;
 *   5. prints the grade, the score and every test, and writes observatory-results.json.
 * Needs root (ports 80 and 443), nginx and openssl; says what is missing otherwise.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { localhostCertificates, siteConfig } from '../tests/support/nginx-site';
import { dir, startBuiltServer, startNginx, stopAll, which } from './bench-kit';

const SCANNER = '@mdn/mdn-http-observatory@1.4.8';
const SCANNER_DIR = process.env.OBSERVATORY_DIR ?? join(homedir(), '.cache', 'festa-observatory');
const RESULTS_FILE = 'observatory-results.json';

interface ScanOutput {
  error?: string;
  scan?: { grade: string; score: number; testsPassed: number; testsQuantity: number };
  tests?: Record<string, { pass: boolean | null; result: string; scoreModifier: number }>;
}

function missing(): string | undefined {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return 'needs root, for ports 80 and 443';
  if (!which('nginx')) return 'nginx is not installed (Debian: apt-get install -y nginx)';
  if (!which('openssl')) return 'openssl is not installed';
  return undefined;
}

function scannerEntry(): string {
  const entry = join(SCANNER_DIR, 'node_modules/@mdn/mdn-http-observatory/src/scan.js');
  if (!existsSync(entry)) {
    mkdirSync(SCANNER_DIR, { recursive: true });
    console.log(`installing ${SCANNER} into ${SCANNER_DIR} (once)`);
    // Its one install script downloads Mozilla's intermediate certificates, which this scan does not need.
    execFileSync('npm', ['install', '--prefix', SCANNER_DIR, '--no-save', '--ignore-scripts', '--no-audit', '--no-fund', SCANNER], {
      stdio: 'inherit',
    });
  }
  // The HSTS preload list comes from the package's own maintenance script (a download from
  // Chromium's sources); it only tells which hosts browsers already force to HTTPS, and localhost
  // is not one of them, so an empty list gives the same verdict.
  const preload = join(SCANNER_DIR, 'node_modules/@mdn/mdn-http-observatory/conf/hsts-preload.json');
  if (!existsSync(preload)) writeFileSync(preload, '{}\n');
  return entry;
}

try {
  const why = missing();
  if (why) {
    console.log(`observatory: skipped (${why})`);
  } else {
    const entry = scannerEntry();
    const { server, base } = await startBuiltServer({ TRUST_PROXY: '127.0.0.1', PUBLIC_URL: 'https://localhost' });
    const { ca, cert, key } = localhostCertificates(dir, 'Festa observatory CA');
    // Loopback only: nothing of this run is reachable from outside the machine.
    const site = siteConfig({ serverName: 'localhost', certificate: cert, certificateKey: key, upstreams: [base.replace('http://', '')] });
    await startNginx(which('nginx')!, `  ${site}`, 'http://127.0.0.1:80/', { connections: 256 });
    const scan = spawnSync(process.execPath, [entry, 'localhost'], {
      encoding: 'utf8',
      env: { ...process.env, NODE_EXTRA_CA_CERTS: ca },
      timeout: 120_000,
    });
    const output = JSON.parse(scan.stdout || '{}') as ScanOutput;
    if (!output.scan) throw new Error(`o scanner falhou: ${output.error ?? scan.stderr}`);
    console.log(
      `\nMDN HTTP Observatory (${SCANNER}) on https://localhost through deploy/nginx-site.conf: grade ${output.scan.grade}, score ${output.scan.score}, ${output.scan.testsPassed}/${output.scan.testsQuantity} tests passed\n`,
    );
    for (const [name, test] of Object.entries(output.tests ?? {}))
      console.log(
        `  ${test.pass === false ? 'FAIL' : 'pass'}  ${name.padEnd(36)} ${String(test.scoreModifier).padStart(4)}  ${test.result}`,
      );
    writeFileSync(RESULTS_FILE, `${JSON.stringify({ date: new Date().toISOString(), scanner: SCANNER, ...output }, null, 2)}\n`);
    console.log(`\nfigures written to ${RESULTS_FILE}`);
    server.kill('SIGTERM');
  }
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  stopAll();
}
