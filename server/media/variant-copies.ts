/**
 * The responsive copies of the media folder's photographs (src/common/images/image-variants.ts names
 * them), made with sharp and kept on disk under MEDIA_CACHE_DIR. The content import makes them all
 * ahead of time (`warm`); a copy asked for before that, or on an instance that did not import, is
 * made on its first request and kept. A copy older than its original is made again.
 *
 * The pictures uploaded in /gestao (`uploads/<hash>.jpg`) are read from the database instead of the
 * folder, so every instance sharing it makes their copies; named by their content, they never
 * change, so a copy once made stays fresh.
 */
import { mkdir, readdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import sharp, { type Sharp } from 'sharp';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { uploadedPictureData } from '../db/repositories/content/media-uploads-repository';
import { isUploadedPicture } from '../../src/common/gestao/media';
import { copiedWidths, VARIANT_FORMATS, type ParsedVariant, type VariantFormat, variantPath } from '../../src/common/images/image-variants';

interface VariantFile {
  body: Buffer;
  modified: Date;
}

/** Reads an uploaded picture's original (undefined when there is none). */
export type UploadedOriginals = (path: string) => Promise<{ data: Buffer; uploadedAt: Date } | undefined>;

// Quality chosen by eye on the seed's pictures at 2x: AVIF at effort 2 is within 10 % of the
// size effort 4 gives, at a fifth of the time (the import makes some 900 of them).
const ENCODE: Record<VariantFormat, (image: Sharp) => Sharp> = {
  avif: (image) => image.avif({ quality: 50, effort: 2 }),
  webp: (image) => image.webp({ quality: 72, effort: 4 }),
  jpg: (image) => image.jpeg({ quality: 75, mozjpeg: true }),
};

async function modifiedAt(file: string): Promise<Date | null> {
  try {
    return (await stat(file)).mtime;
  } catch {
    return null;
  }
}

async function photosUnder(dir: string, root = dir): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) return photosUnder(full, root);
      return Promise.resolve(/\.jpe?g$/i.test(entry.name) ? [relative(root, full).split(sep).join('/')] : []);
    }),
  );
  return nested.flat();
}

export class ImageVariants {
  private readonly making = new Map<string, Promise<VariantFile | null>>();
  private readonly waiting: (() => void)[] = [];
  private running = 0;

  constructor(
    private readonly mediaDir: string,
    private readonly cacheDir: string,
    /** Encodes at once: sharp uses every core for one picture already, so a request for a page is not starved. */
    private readonly concurrency = 2,
    private readonly uploads?: UploadedOriginals,
  ) {}

  /** The variant's bytes, made now if need be; null when its original does not exist. */
  get(variant: ParsedVariant): Promise<VariantFile | null> {
    const key = variantPath(variant.source, variant.width, variant.format);
    const pending = this.making.get(key);
    if (pending) return pending;
    const made = this.readOrMake(variant, key).finally(() => this.making.delete(key));
    this.making.set(key, made);
    return made;
  }

  /**
   * Makes every variant the pages may ask for that is missing or older than its original; answers
   * how many were made and how many were already there. `parallel` encodes at a time (fewer than
   * the concurrency): a picture a visitor asks for meanwhile takes a free slot at once, instead of
   * waiting behind the whole warm-up (some 1,900 copies, half a minute on two cores).
   */
  async warm(parallel = 1): Promise<{ made: number; kept: number; photos: number }> {
    const photos = await photosUnder(this.mediaDir);
    let made = 0;
    let kept = 0;
    const jobs: ParsedVariant[] = [];
    for (const source of photos) {
      const { width = 0 } = await sharp(join(this.mediaDir, source)).metadata();
      for (const format of VARIANT_FORMATS) for (const w of copiedWidths(width, format)) jobs.push({ source, width: w, format });
    }
    let next = 0;
    const worker = async () => {
      while (next < jobs.length) {
        const job = jobs[next++]!;
        if ((await this.times(job.source, variantPath(job.source, job.width, job.format))).fresh) kept += 1;
        else if (await this.get(job)) made += 1;
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, Math.min(parallel, this.concurrency)) }, worker));
    return { made, kept, photos: photos.length };
  }

  /** When the original and its copy were last written; the copy is fresh when not older than the original. */
  private async times(source: string, key: string): Promise<{ original: Date | null; copy: Date | null; fresh: boolean }> {
    const [original, copy] = await Promise.all([modifiedAt(join(this.mediaDir, source)), modifiedAt(join(this.cacheDir, key))]);
    return { original, copy, fresh: Boolean(original && copy && copy >= original) };
  }

  private async readOrMake(variant: ParsedVariant, key: string): Promise<VariantFile | null> {
    const target = join(this.cacheDir, key);
    let original: string | Buffer = join(this.mediaDir, variant.source);
    if (isUploadedPicture(variant.source)) {
      const copy = await modifiedAt(target);
      if (copy) return { body: await readFile(target), modified: copy };
      const upload = await this.uploads?.(variant.source);
      if (!upload) return null;
      original = upload.data;
    } else {
      const times = await this.times(variant.source, key);
      if (!times.original) return null;
      if (times.fresh && times.copy) return { body: await readFile(target), modified: times.copy };
    }
    const source = original;
    const body = await this.limited(() =>
      ENCODE[variant.format](sharp(source).resize({ width: variant.width, withoutEnlargement: true })).toBuffer(),
    );
    // Written beside, then renamed: a reader never sees half a file, and two instances may race.
    await mkdir(dirname(target), { recursive: true });
    const partial = `${target}.${process.pid}.${Math.random().toString(36).slice(2)}.part`;
    await writeFile(partial, body);
    await rename(partial, target);
    return { body, modified: (await modifiedAt(target)) ?? new Date() };
  }

  private async limited<T>(run: () => Promise<T>): Promise<T> {
    // A finished encode hands its slot to the next in line, so the count never passes the limit.
    if (this.running >= this.concurrency) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running += 1;
    try {
      return await run();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}

/** The copies of the configured content's media folder and of the database's uploads, kept where the configuration says. */
export const imageVariantsFor = (config: Pick<Config, 'contentDir' | 'mediaCacheDir'>, db: Db): ImageVariants =>
  new ImageVariants(join(config.contentDir, 'media'), config.mediaCacheDir, 2, (path) => uploadedPictureData(db, path));
