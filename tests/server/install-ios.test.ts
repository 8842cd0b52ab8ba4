/**
 * Installing the site: the browser's install offer is caught before the app loads (an inline
 * script in <head>, in the offline shell too), and iOS, which reads no manifest for these, gets
 * its name under the icon, a status-bar style and a launch screen for each screen size.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { INSTALL_CAPTURE_PLACEHOLDER, INSTALL_CAPTURE_SCRIPT } from '../../src/common/pwa/install-capture';

const client = join(import.meta.dirname, '../../dist/client');
const template = () => readFileSync(join(client, 'index.html'), 'utf8');

/** Width and height of a PNG, from its IHDR chunk. */
function pngSize(file: string): [number, number] {
  const bytes = readFileSync(file);
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
}

describe('the page template (npm test builds before testing)', () => {
  it('names the app on iOS and sets its status bar', () => {
    const html = template();
    expect(html).toMatch(/<meta name="apple-mobile-web-app-title" content="[^"]+"/);
    expect(html).toMatch(/<meta name="apple-mobile-web-app-status-bar-style" content="(default|black|black-translucent)"/);
    expect(html).toContain('<meta name="apple-mobile-web-app-capable" content="yes"');
  });

  it('has a launch screen of the exact pixel size for each screen it names', () => {
    const links = [...template().matchAll(/<link\s+rel="apple-touch-startup-image"\s+media="([^"]+)"\s+href="([^"]+)"/g)];
    expect(links.length).toBeGreaterThanOrEqual(10);
    // Each screen once: the generator rewrites the block between its markers, never beside them.
    const medias = links.map(([, media]) => media);
    expect(new Set(medias).size).toBe(medias.length);
    for (const [, media, href] of links) {
      const [, width, height, ratio] = /device-width: (\d+)px\) and \(device-height: (\d+)px\) and \(-webkit-device-pixel-ratio: (\d)/.exec(
        media!,
      )!;
      const file = join(client, href!);
      expect(existsSync(file), href).toBe(true);
      expect(pngSize(file), href).toEqual([Number(width) * Number(ratio), Number(height) * Number(ratio)]);
    }
  });

  it('catches the install offer in <head>, before the app script, in the template and the offline shell', () => {
    const shell = readFileSync(join(client, 'offline-shell.html'), 'utf8');
    for (const html of [template(), shell]) {
      const capture = html.indexOf(`<script>${INSTALL_CAPTURE_SCRIPT}</script>`);
      expect(capture).toBeGreaterThan(-1);
      expect(capture).toBeLessThan(html.indexOf('</head>'));
      expect(capture).toBeLessThan(html.indexOf('type="module"'));
      expect(html).not.toContain(INSTALL_CAPTURE_PLACEHOLDER);
    }
    expect(INSTALL_CAPTURE_SCRIPT).toContain("addEventListener('beforeinstallprompt'");
    // Written into the pages, it is no file of its own to fetch or precache.
    expect(existsSync(join(client, 'install-capture.js'))).toBe(false);
    expect(readFileSync(join(client, 'service-worker.js'), 'utf8')).not.toContain('install-capture');
  });
});
