/**
 * `npm run seed`: (re)imports the seed content; submissions are kept. Then makes the pictures'
 * responsive copies, unless `--sem-imagens` (a programme change published in seconds: the server
 * makes a missing copy on first ask). Content published from /gestao is never replaced unless
 * `--substituir` says so; that release stays in the history, to be restored.
 */
import { clockFrom } from '../clock';
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { importContent } from '../content/import';
import { releaseAnImportWouldReplace } from '../publishing/releases';
import { imageVariantsFor } from '../media/variant-copies';

const config = loadConfig();
const db = openDatabase(config.database);
try {
  await migrateToLatest(db);
  const published = await releaseAnImportWouldReplace(db);
  if (published && !process.argv.includes('--substituir')) {
    throw new Error(
      `A publicação ${published.number} (${published.publishedAt}, ${published.publishedBy}) foi feita na gestão: importar os conteúdos de base substituí-la-ia. ` +
        'Para o fazer mesmo assim, corra `npm run seed -- --substituir` (a publicação fica no histórico e pode ser reposta).',
    );
  }
  const { version, counts } = await importContent(db, config.clockAt ? { ...config, clock: clockFrom(config.clockAt) } : config);
  console.log(`Conteúdos ${version} importados para ${config.database} (festival a partir de ${config.festivalStart}):`);
  for (const [table, count] of Object.entries(counts)) console.log(`  ${table}: ${count}`);
  if (!process.argv.includes('--sem-imagens')) {
    const started = performance.now();
    // Nothing else is waiting for the machine here: every slot encodes (warm caps it at the concurrency).
    const images = await imageVariantsFor(config, db).warm(Number.POSITIVE_INFINITY);
    console.log(
      `Imagens responsivas de ${images.photos} fotografias em ${config.mediaCacheDir}: ${images.made} feitas, ${images.kept} já existiam (${((performance.now() - started) / 1000).toFixed(1)} s).`,
    );
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await db.destroy();
}
