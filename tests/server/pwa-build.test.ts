/** What the build hands to browsers: the precache list, the manifest, and their caching headers. */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helper';

const client = join(import.meta.dirname, '../../dist/client');

/** The parts of the web app manifest read below. */
interface WebManifest {
  icons: { src: string; sizes: string; purpose: string }[];
  screenshots: { src: string }[];
  shortcuts: { name: string; url: string }[];
}

function precacheUrls(): string[] {
  const sw = readFileSync(join(client, 'service-worker.js'), 'utf8');
  return [...sw.matchAll(/"url":"([^"]+)"/g)].map((m) => m[1]!);
}

describe('the built service worker', () => {
  it('exists (npm test builds before testing)', () => {
    expect(existsSync(join(client, 'service-worker.js')), 'dist/client/service-worker.js: run npm run build').toBe(true);
  });

  it('precaches the shell: the offline page, every script chunk and the styles', () => {
    const urls = precacheUrls();
    expect(urls).toContain('offline-shell.html');
    expect(urls.some((u) => /^assets\/index-[\w-]+\.css$/.test(u))).toBe(true);
    const chunks = readFileSync(join(client, 'index.html'), 'utf8').match(/assets\/index-[\w-]+\.js/);
    expect(urls).toContain(chunks?.[0]);
    // Every script, the boot chunk of the entry's modules (the largest) included: none is left out as too large.
    const scripts = readdirSync(join(client, 'assets')).filter((file) => file.endsWith('.js'));
    expect(scripts.some((file) => file.startsWith('boot-'))).toBe(true);
    for (const file of scripts) expect(urls, file).toContain(`assets/${file}`);
    for (const page of ['film-page', 'programme-page', 'films-page', 'activity-page']) {
      expect(
        urls.some((u) => u.startsWith(`assets/${page}-`)),
        page,
      ).toBe(true);
    }
  });

  it('leaves out the worker itself, the server template, content media, source maps and large files', () => {
    const urls = precacheUrls();
    expect(urls).not.toContain('service-worker.js');
    expect(urls).not.toContain('index.html');
    expect(urls.filter((u) => u.startsWith('media/') || u.endsWith('.map') || u.startsWith('screenshots/'))).toEqual([]);
    for (const url of urls) expect(statSync(join(client, url)).size, url).toBeLessThan(400 * 1024);
  });

  it('ships an installable manifest', () => {
    const manifest = JSON.parse(readFileSync(join(client, 'manifest.webmanifest'), 'utf8')) as WebManifest;
    expect(manifest).toMatchObject({
      name: '8½ Festa do Cinema Italiano',
      short_name: expect.any(String) as unknown,
      lang: 'pt-PT',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#ed162c',
    });
    const sizes = manifest.icons.map((i: { sizes: string; purpose: string }) => `${i.sizes}:${i.purpose}`);
    expect(sizes).toEqual(expect.arrayContaining(['192x192:any', '512x512:any', '512x512:maskable']));
    for (const icon of [...manifest.icons, ...manifest.screenshots]) expect(existsSync(join(client, icon.src)), icon.src).toBe(true);
    expect(manifest.shortcuts.map((s: { name: string; url: string }) => [s.name, s.url])).toEqual([
      ['Programação', '/programacao'],
      ['Filmes', '/filmes'],
      ['A minha agenda', '/agenda'],
    ]);
  });
});

describe('caching headers of the site', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('serves HTML, the worker and the manifest no-cache, and hashed assets immutable for a year', async () => {
    const page = await server.app.inject({ method: 'GET', url: '/programacao' });
    expect(page.headers['cache-control']).toBe('no-cache');
    const sw = await server.app.inject({ method: 'GET', url: '/service-worker.js' });
    expect(sw.statusCode).toBe(200);
    expect(sw.headers['content-type']).toMatch(/javascript/);
    expect(sw.headers['cache-control']).toBe('no-cache');
    const manifest = await server.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect(manifest.headers['content-type']).toMatch(/manifest\+json/);
    const asset = precacheUrls().find((u) => u.endsWith('.js'))!;
    const script = await server.app.inject({ method: 'GET', url: `/${asset}` });
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await server.app.inject({ method: 'GET', url: '/index.html' })).statusCode).toBe(404);
  });
});
