/**
 * Writes every image the seed content refers to under server/content/media/ (see media-art.ts
 * for the pictures, media-jobs.ts for which ones), and removes images nothing refers to any more.
 * Deterministic: the same JSON always gives the same pictures. The PDFs are not here: the import
 * writes them for the configured edition (content-pdfs.ts).
 *
 *   npx tsx scripts/content-media/generate-media.ts      (or: npm run content:media)
 */
import { mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { artworkSvg, logoSvg } from './media-art';
import { collectImageJobs } from './media-jobs';

const CONTENT_DIR = join(dirname(fileURLToPath(import.meta.url)), '../../server/content');
const MEDIA_DIR = join(CONTENT_DIR, 'media');

async function write(path: string, svg: string, format: 'jpeg' | 'png', quality: number): Promise<number> {
  const target = join(MEDIA_DIR, path);
  mkdirSync(dirname(target), { recursive: true });
  const image = sharp(Buffer.from(svg), { density: 72 });
  const buffer =
    format === 'png'
      ? await image.png({ palette: true, quality, compressionLevel: 9 }).toBuffer()
      : await image.flatten({ background: '#000000' }).jpeg({ quality, mozjpeg: true }).toBuffer();
  writeFileSync(target, buffer);
  return buffer.length;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

async function main(): Promise<void> {
  const { art, logos } = collectImageJobs(join(CONTENT_DIR, 'seed'));
  const stats = new Map<string, { count: number; bytes: number }>();
  const record = (path: string, bytes: number) => {
    const key = path.split('/')[0] ?? '';
    const entry = stats.get(key) ?? { count: 0, bytes: 0 };
    stats.set(key, { count: entry.count + 1, bytes: entry.bytes + bytes });
  };
  const tasks = [
    ...art.map((job) => () => write(job.path, artworkSvg(job), 'jpeg', job.quality).then((bytes) => record(job.path, bytes))),
    ...logos.map((job) => () => write(job.path, logoSvg(job), 'png', 80).then((bytes) => record(job.path, bytes))),
  ];
  const workers = Array.from({ length: 4 }, async () => {
    for (let task = tasks.shift(); task; task = tasks.shift()) await task();
  });
  await Promise.all(workers);

  const wanted = new Set([...art, ...logos].map((job) => join(MEDIA_DIR, job.path)));
  const orphans = filesUnder(MEDIA_DIR).filter((file) => !wanted.has(file));
  for (const file of orphans) rmSync(file);
  if (orphans.length) console.log(`Removidas ${orphans.length} imagens sem uso: ${orphans.map((f) => relative(MEDIA_DIR, f)).join(', ')}`);

  let total = 0;
  for (const [key, { count, bytes }] of [...stats.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    total += bytes;
    console.log(`media/${key.padEnd(14)} ${String(count).padStart(4)} ficheiros ${(bytes / 1024).toFixed(0).padStart(7)} KB`);
  }
  const onDisk = filesUnder(MEDIA_DIR).reduce((sum, file) => sum + statSync(file).size, 0);
  console.log(
    `${'total'.padEnd(20)} ${String(art.length + logos.length).padStart(4)} ficheiros ${(total / 1024 / 1024).toFixed(2).padStart(7)} MB`,
  );
  if (onDisk !== total) console.log(`(em disco: ${(onDisk / 1024 / 1024).toFixed(2)} MB)`);
}

await main();
