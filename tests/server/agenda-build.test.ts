/**
 * The agenda in the built client: /agenda works offline (its page, and the iCalendar and QR code
 * it loads on demand, are precached), and those two libraries stay out of the entry chunk that
 * every page loads.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const client = join(import.meta.dirname, '../../dist/client');
const assets = readdirSync(join(client, 'assets'));
const precached = () => [...readFileSync(join(client, 'service-worker.js'), 'utf8').matchAll(/"url":"([^"]+)"/g)].map((m) => m[1]!);
const entry = () => /assets\/(index-[\w-]+\.js)/.exec(readFileSync(join(client, 'index.html'), 'utf8'))?.[1];

describe('the agenda in the build', () => {
  it('precaches the agenda page and the calendar and QR code chunks it loads on demand', () => {
    const urls = precached();
    for (const chunk of ['agenda-page', 'agenda-calendar', 'qr']) {
      expect(
        urls.some((u) => new RegExp(`^assets/${chunk}-[\\w-]+\\.js$`).test(u)),
        chunk,
      ).toBe(true);
    }
  });

  it('keeps the iCalendar and QR code libraries out of the entry chunk', () => {
    const name = entry();
    expect(name).toBeDefined();
    const code = readFileSync(join(client, 'assets', name!), 'utf8');
    const ics = readFileSync(
      join(
        client,
        'assets',
        assets.find((a) => /^agenda-calendar-[\w-]+\.js$/.test(a))!,
      ),
      'utf8',
    );
    const qr = readFileSync(
      join(
        client,
        'assets',
        assets.find((a) => /^qr-[\w-]+\.js$/.test(a))!,
      ),
      'utf8',
    );
    // What each library writes, found in its own chunk and nowhere in the entry.
    for (const [marker, chunk] of [
      ['BEGIN:VALARM', ics],
      ['TZOFFSETFROM', ics],
      ['The amount of data is too big to be stored in a QR Code', qr],
    ] as const) {
      expect(chunk, marker).toContain(marker);
      expect(code, marker).not.toContain(marker);
    }
  });
});
