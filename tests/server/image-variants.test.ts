import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { thumbnailUrl, VARIANT_FORMATS, variantWidths } from '../../src/common/images/image-variants';
import { DEFAULT_IMAGE_BASE } from '../../src/common/images/image-url';
import { ImageVariants } from '../../server/media/variant-copies';
import { insertUploadedPicture } from '../../server/db/repositories/content/media-uploads-repository';
import { NOW, startTestServer, type TestServer } from './helper';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 60_000);
afterAll(() => server.close());

const get = (url: string, headers: Record<string, string> = {}) => server.app.inject({ method: 'GET', url, headers });

describe('GET /media/_/<width>/<photo>.<format>', () => {
  it.each([
    ['/media/_/720/films/101-poster.jpg.avif', 'image/avif', 'heif', 720],
    ['/media/_/480/films/101-poster.jpg.webp', 'image/webp', 'webp', 480],
    ['/media/_/240/films/101-thumb.jpg.jpg', 'image/jpeg', 'jpeg', 240],
    ['/media/_/1600/posters/festa-1.jpg.avif', 'image/avif', 'heif', 1600],
  ])('%s is %s, %s, %i px wide', async (url, type, format, width) => {
    const response = await get(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(type);
    expect(response.headers['cache-control']).toBe('public, max-age=604800');
    const meta = await sharp(response.rawPayload).metadata();
    expect(meta.format).toBe(format);
    expect(meta.width).toBe(width);
  });

  it('is smaller than the original JPEG at the same width', async () => {
    const original = await get('/media/films/101-poster.jpg');
    const avif = await get('/media/_/1280/films/101-poster.jpg.avif');
    expect(avif.rawPayload.length).toBeLessThan(original.rawPayload.length * 0.75);
  });

  it('never enlarges a picture past its own width', async () => {
    const response = await get('/media/_/1280/films/101-thumb.jpg.webp');
    expect(response.statusCode).toBe(200);
    expect((await sharp(response.rawPayload).metadata()).width).toBe(480);
  });

  it('has a thumbnail for every photograph, whatever its width, and leaves a logo or another image base as it is', async () => {
    // A picture narrower than the thumbnail is still made (at its own width), so a list can ask for it without knowing the width.
    const narrow = await sharp({ create: { width: 120, height: 80, channels: 3, background: '#c33' } })
      .jpeg()
      .toBuffer();
    const upload = 'uploads/0123456789abcdef0123456789abcdef.jpg';
    await insertUploadedPicture(server.db, {
      path: upload,
      mime: 'image/jpeg',
      width: 120,
      height: 80,
      size: narrow.length,
      data: narrow,
      original_name: 'pequena.jpg',
      uploaded_by: 'eva.costa@festa.pt',
      uploaded_at: NOW.toISOString(),
    });
    for (const path of ['films/101-poster.jpg', upload]) {
      const url = thumbnailUrl(DEFAULT_IMAGE_BASE, path);
      expect(url).toBe(`/media/_/240/${path}.webp`);
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      expect((await sharp(response.rawPayload).metadata()).width).toBe(path === upload ? 120 : 240);
    }
    expect(thumbnailUrl(DEFAULT_IMAGE_BASE, 'sponsors/401.png')).toBe('/media/sponsors/401.png');
    expect(thumbnailUrl('https://cdn.example.org/', 'films/101-poster.jpg')).toBe('https://cdn.example.org/films/101-poster.jpg');
  });

  it('is kept on disk and answers 304 to its ETag', async () => {
    const first = await get('/media/_/480/news/301-thumb.jpg.avif');
    const kept = join(server.config.mediaCacheDir, '_/480/news/301-thumb.jpg.avif');
    expect(existsSync(kept)).toBe(true);
    const again = await get('/media/_/480/news/301-thumb.jpg.avif', { 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
  });

  it.each([
    '/media/_/500/films/101-poster.jpg.avif',
    '/media/_/720/films/101-poster.jpg.gif',
    '/media/_/720/sponsors/401.png.avif',
    '/media/_/720/films/999999-poster.jpg.avif',
    '/media/_/720/../config.jpg.avif',
    '/media/_/720/films/%2e%2e/%2e%2e/package.jpg.webp',
  ])('answers %s with the 404 page', async (url) => {
    const response = await get(url);
    expect(response.statusCode).toBe(404);
  });
});

describe('ImageVariants.warm', () => {
  let media: string;
  let cache: string;
  beforeAll(() => {
    media = mkdtempSync(join(tmpdir(), 'festa-media-'));
    cache = join(media, '..', `${media.split('/').pop()}-variants`);
    mkdirSync(join(media, 'films'));
    cpSync(join(server.config.contentDir, 'media/films/101-poster.jpg'), join(media, 'films/101-poster.jpg'));
    cpSync(join(server.config.contentDir, 'media/films/101-thumb.jpg'), join(media, 'films/101-thumb.jpg'));
  });
  afterAll(() => {
    rmSync(media, { recursive: true, force: true });
    rmSync(cache, { recursive: true, force: true });
  });

  // A 1280 px poster and a 480 px thumb: every width up to their own, in each format, but no JPEG copy at their own width.
  const expected = [1280, 480]
    .flatMap((width) => VARIANT_FORMATS.map((format) => variantWidths(width, format).filter((w) => format !== 'jpg' || w < width).length))
    .reduce((a, b) => a + b, 0);

  it('makes every copy the pages ask for once, and again only for an original that changed', async () => {
    const variants = new ImageVariants(media, cache);
    expect(await variants.warm()).toEqual({ made: expected, kept: 0, photos: 2 });
    expect(await variants.warm()).toEqual({ made: 0, kept: expected, photos: 2 });

    const later = new Date(statSync(join(media, 'films/101-thumb.jpg')).mtimeMs + 60_000);
    utimesSync(join(media, 'films/101-thumb.jpg'), later, later);
    const thumbCopies = VARIANT_FORMATS.map(
      (format) => variantWidths(480, format).filter((w) => format !== 'jpg' || w < 480).length,
    ).reduce((a, b) => a + b, 0);
    expect(await variants.warm()).toEqual({ made: thumbCopies, kept: expected - thumbCopies, photos: 2 });
  });

  it('leaves a slot to a picture asked for meanwhile: it is made at once, not after the warm-up', async () => {
    const fresh = `${cache}-fresh`;
    const variants = new ImageVariants(media, fresh);
    const copies = () => readdirSync(fresh, { recursive: true }).filter((name) => /\.(avif|webp|jpg)$/.test(String(name))).length;
    const warming = variants.warm();
    // Once the warm-up is encoding (poster first, then thumb), a visitor asks for a thumb's copy:
    // queued behind the warm-up, it would wait for most of it.
    for (let tries = 0; tries < 2000 && !(existsSync(fresh) && copies() > 0); tries++) await new Promise((r) => setTimeout(r, 5));
    const before = copies();
    const asked = await variants.get({ source: 'films/101-thumb.jpg', width: 480, format: 'webp' });
    const madeMeanwhile = copies() - 1 - before;
    const warmed = await warming;
    expect(warmed.made + warmed.kept).toBe(expected);
    rmSync(fresh, { recursive: true, force: true });
    expect(asked?.body.length).toBeGreaterThan(0);
    expect(madeMeanwhile).toBeLessThan(expected / 2);
  });
});
