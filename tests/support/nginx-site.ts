/**
 * deploy/nginx-site.conf as shipped, filled in and run by nginx on loopback: for the observatory,
 * the rolling-restart benchmark and the end-to-end test behind the proxy. Only the placeholders
 * and the listening addresses change (loopback, any port: no root needed above 1023).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { accessSync, chmodSync, constants, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { REPOSITORY } from './server-process';

export const SITE_TEMPLATE = join(REPOSITORY, 'deploy/nginx-site.conf');

/** The line of an instance in the upstream, as the file's header tells an operator to write it. */
export const upstreamServer = (address: string) => `server ${address} max_fails=1 fail_timeout=5s;`;

export interface SiteValues {
  serverName: string;
  certificate: string;
  certificateKey: string;
  /** host:port of each instance of the app. */
  upstreams: string[];
  /** Where plain HTTP and HTTPS listen on 127.0.0.1 (the shipped 80 and 443 by default). */
  httpPort?: number;
  httpsPort?: number;
}

/** The shipped file with its placeholders filled in, listening on 127.0.0.1 only. */
export function siteConfig(values: SiteValues): string {
  const { httpPort = 80, httpsPort = 443 } = values;
  const fill = (line: string) =>
    line
      .replaceAll('{{SERVER_NAME}}', values.serverName)
      .replaceAll('{{CERTIFICATE}}', values.certificate)
      .replaceAll('{{CERTIFICATE_KEY}}', values.certificateKey)
      .replaceAll('{{UPSTREAM_SERVERS}}', values.upstreams.map(upstreamServer).join('\n  '))
      .replaceAll('{{INSTANCE_PORTS}}', values.upstreams.map((address) => address.split(':').at(-1)).join('|'))
      .replace(/^(\s*)listen 80;$/, `$1listen 127.0.0.1:${httpPort};`)
      .replace(/^(\s*)listen 443 ssl http2;$/, `$1listen 127.0.0.1:${httpsPort} ssl http2;`)
      .replace(/^\s*listen \[::\].*$/, '');
  // The header's comments name the placeholders: they stay as written.
  const lines = readFileSync(SITE_TEMPLATE, 'utf8')
    .split('\n')
    .map((line) => (line.trimStart().startsWith('#') ? line : fill(line)));
  const left = lines.find((line) => !line.trimStart().startsWith('#') && /\{\{[A-Z_]+\}\}/.test(line));
  if (left) throw new Error(`deploy/nginx-site.conf: «${left.trim()}» has a placeholder siteConfig does not fill in`);
  return lines.join('\n');
}

/**
 * The site in front of `upstreams` on localhost with the certificate `certificates` made, and, for
 * the tests and benches alone, which instance answered (X-Festa-Upstream: an http-level header,
 * outside the shipped file).
 */
export function siteShowingUpstream(
  certificates: { cert: string; key: string },
  ports: Pick<SiteValues, 'upstreams' | 'httpPort' | 'httpsPort'>,
): string {
  const site = siteConfig({ serverName: 'localhost', certificate: certificates.cert, certificateKey: certificates.key, ...ports });
  return `  add_header X-Festa-Upstream $upstream_addr always;\n${site}`;
}

/**
 * A throw-away certificate authority and a certificate for localhost it signed, valid for a day,
 * under `dir`: the authority's certificate is what a client trusts.
 */
export function localhostCertificates(dir: string, name = 'Festa test CA'): { ca: string; cert: string; key: string } {
  const ca = join(dir, 'ca.pem');
  const caKey = join(dir, 'ca-key.pem');
  const cert = join(dir, 'localhost.pem');
  const key = join(dir, 'localhost-key.pem');
  const csr = join(dir, 'localhost.csr');
  const ext = join(dir, 'localhost.ext');
  const openssl = (...args: string[]) => execFileSync('openssl', args, { stdio: 'ignore' });
  openssl('req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', `/CN=${name}`, '-keyout', caKey, '-out', ca);
  openssl('req', '-newkey', 'rsa:2048', '-nodes', '-subj', '/CN=localhost', '-keyout', key, '-out', csr);
  writeFileSync(ext, 'subjectAltName=DNS:localhost\nextendedKeyUsage=serverAuth\n');
  openssl('x509', '-req', '-in', csr, '-CA', ca, '-CAkey', caKey, '-CAcreateserial', '-days', '1', '-extfile', ext, '-out', cert);
  return { ca, cert, key };
}

/**
 * nginx's main file around `httpBlock` (the site, and any http-level directive a caller adds):
 * in the foreground, every file under `dir`; one worker unless `workers` says otherwise ('auto',
 * one per core, is what Debian's own nginx.conf ships). Run as root, the workers drop to an
 * unprivileged user, who must be able to enter `dir` (for the request bodies nginx buffers there).
 */
export function nginxMainConfig(
  dir: string,
  httpBlock: string,
  { connections = 1024, workers = 1 }: { connections?: number; workers?: number | 'auto' } = {},
): string {
  chmodSync(dir, 0o755);
  const temp = join(dir, 'nginx-temp');
  mkdirSync(temp, { recursive: true });
  return `worker_processes ${workers};
daemon off;
pid ${join(dir, 'nginx.pid')};
error_log ${join(dir, 'nginx-error.log')} warn;
events { worker_connections ${connections}; }
http {
  access_log off;
  client_body_temp_path ${temp}/body;
  proxy_temp_path ${temp}/proxy;
  fastcgi_temp_path ${temp}/fastcgi;
  uwsgi_temp_path ${temp}/uwsgi;
  scgi_temp_path ${temp}/scgi;
${httpBlock}
}
`;
}

/** What is missing to run the site (nginx, openssl), in words for a failure message, or undefined. */
export function missingTools(): string | undefined {
  const missing = ['nginx', 'openssl'].filter((tool) => !which(tool));
  return missing.length > 0 ? `${missing.join(' and ')} not found on PATH (Debian: apt-get install -y nginx openssl)` : undefined;
}

/** The path of `command` on PATH (or in /usr/sbin, where Debian puts nginx), or undefined. */
export function which(command: string): string | undefined {
  for (const folder of [...(process.env.PATH ?? '').split(':').filter(Boolean), '/usr/sbin', '/sbin']) {
    const path = join(folder, command);
    try {
      accessSync(path, constants.X_OK);
      return path;
    } catch {
      // not in this folder
    }
  }
  return undefined;
}

export interface RunningNginx {
  child: ChildProcess;
  /** What nginx printed, and its error log. */
  output: () => string;
  stop: () => Promise<void>;
}

/** Starts nginx on `dir`'s main file and resolves once `port` of 127.0.0.1 accepts connections. */
export async function runNginx(nginx: string, dir: string, mainConfig: string, port: number, within = 15_000): Promise<RunningNginx> {
  const conf = join(dir, 'nginx.conf');
  writeFileSync(conf, mainConfig);
  // -e: the error log from the start, before the file is read (Debian's default path needs root).
  const child = spawn(nginx, ['-p', dir, '-c', conf, '-e', join(dir, 'nginx-error.log')], { stdio: ['ignore', 'pipe', 'pipe'] });
  let printed = '';
  child.stdout?.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  const output = () => {
    let log = '';
    try {
      log = readFileSync(join(dir, 'nginx-error.log'), 'utf8');
    } catch {
      // not written yet
    }
    return `${printed}${log}`;
  };
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
  const deadline = Date.now() + within;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx stopped (${child.exitCode}):\n${output()}`);
    const accepts = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (accepts) return { child, output, stop };
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`nginx did not listen on 127.0.0.1:${port} within ${within / 1000} s:\n${output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
